import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteContent } from '../../../shared/site-content';
import { createFieldCipher } from '../../platform/personal-data/field-cipher';
import { sealTaxId } from '../../platform/personal-data/sealed-tax-id';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { cancelReceipt, type IssueReceiptInput, issueReceipt } from './issue-receipt';
import { updateTrustDetails } from './trust-details';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const cipher = createFieldCipher(randomBytes(32));
let donationId = 0;
const input = (paymentId: string, issuedAt: Date, extra: Partial<IssueReceiptInput> = {}): IssueReceiptInput => ({
  donationId: ++donationId,
  paymentId,
  amount: 120_000_000,
  purpose: 'Food and medicine',
  donor: { name: 'Asha', email: 'asha@example.com', address: '12 Beach Road, Chennai 600001', taxId: null },
  issuedAt,
  ...extra,
});
const inTransaction = <T>(work: (em: EntityManager) => Promise<T>) => db.orm.em.fork().transactional(work);
const issue = (paymentId: string, issuedAt: Date, extra?: Partial<IssueReceiptInput>) =>
  inTransaction((em) => issueReceipt(em, input(paymentId, issuedAt, extra)));
const query = <T>(sql: string, params: unknown[] = []) => db.orm.em.execute<T[]>(sql, params);

describe('issuing a receipt', () => {
  it('numbers it in the financial year, snapshots the donor and the trust, and encrypts the ID', async () => {
    const taxId = sealTaxId(cipher, { kind: 'pan', value: 'ABCDE1234F' });
    const donor = { name: 'ஆஷா', email: 'asha@example.com', address: '12 Beach Road, Chennai 600001', taxId };
    const receipt = await issue('pay_snapshot', new Date('2026-11-22T10:00:00+05:30'), { donor });
    expect(receipt).toMatchObject({
      number: 'CART/2026-27/000001',
      financialYear: '2026-27',
      sequence: 1,
      status: 'issued',
      donorName: 'ஆஷா',
      donorIdKind: 'pan',
      donorIdMasked: 'XXXXX1234F',
      trust: siteContent.legal,
    });
    const [row] = await query<Record<string, string>>(`select * from receipts where payment_id = 'pay_snapshot'`);
    expect(JSON.stringify(row)).not.toContain('ABCDE1234F');
    expect(cipher.decrypt(String(row?.donor_id_encrypted))).toBe('ABCDE1234F');
  });

  it('returns the same receipt when called again for the same payment', async () => {
    const at = new Date('2040-06-01T10:00:00+05:30');
    const first = await issue('pay_twice', at);
    const second = await issue('pay_twice', at);
    expect(second.number).toBe(first.number);
    expect(second.id).toBe(first.id);
    expect((await issue('pay_after', at)).sequence).toBe(first.sequence + 1);
  });

  it('gives 50 concurrent payments the numbers 1 to 50, none twice, none skipped', async () => {
    const at = new Date('2030-07-01T10:00:00+05:30');
    const receipts = await Promise.all(Array.from({ length: 50 }, (_, i) => issue(`pay_concurrent_${i}`, at)));
    const sequences = receipts.map((receipt) => receipt.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(receipts.map((receipt) => receipt.number)).size).toBe(50);
  });

  it('gives one receipt when two transactions issue for the same payment at once', async () => {
    const at = new Date('2031-07-01T10:00:00+05:30');
    const [a, b] = await Promise.all([issue('pay_race', at), issue('pay_race', at)]);
    expect(a.number).toBe(b.number);
    const [row] = await query<{ count: string }>(`select count(*) from receipts where payment_id = 'pay_race'`);
    expect(Number(row?.count)).toBe(1);
    expect((await issue('pay_race_next', at)).number).toBe('CART/2031-32/000002');
  });

  it('starts a new series at midnight on 1 April, India time', async () => {
    expect((await issue('pay_march', new Date('2028-03-31T23:59:00+05:30'))).number).toBe('CART/2027-28/000001');
    expect((await issue('pay_april', new Date('2028-04-01T00:00:00+05:30'))).number).toBe('CART/2028-29/000001');
    expect((await issue('pay_march_2', new Date('2028-03-31T18:29:59Z'))).number).toBe('CART/2027-28/000002');
  });

  it('leaves no gap when the transaction that issued it rolls back', async () => {
    const at = new Date('2032-07-01T10:00:00+05:30');
    await issue('pay_kept_1', at);
    await expect(
      inTransaction(async (em) => {
        await issueReceipt(em, input('pay_rolled_back', at));
        throw new Error('the payment could not be recorded');
      }),
    ).rejects.toThrow('could not be recorded');
    expect((await issue('pay_kept_2', at)).number).toBe('CART/2032-33/000002');
    const rows = await query(`select 1 from receipts where payment_id = 'pay_rolled_back'`);
    expect(rows).toHaveLength(0);
  });

  it('keeps the trust details it was issued with when they change later', async () => {
    const at = new Date('2033-07-01T10:00:00+05:30');
    const before = await issue('pay_old_details', at);
    await db.orm.em
      .fork()
      .transactional((em) =>
        updateTrustDetails(em, { ...siteContent.legal, name: 'Renamed Trust', receiptPrefix: 'NEW' }),
      );
    const after = await issue('pay_new_details', at);
    expect(after.number).toBe('NEW/2033-34/000002');
    expect(after.trust.name).toBe('Renamed Trust');
    const [row] = await query<{ trust: { name: string }; number: string }>(
      `select trust, number from receipts where payment_id = 'pay_old_details'`,
    );
    expect(row).toEqual({ trust: before.trust, number: 'CART/2033-34/000001' });
    await db.orm.em.fork().transactional((em) => updateTrustDetails(em, siteContent.legal));
  });
});

describe('issuing outside a transaction', () => {
  it('is refused, since only a transaction keeps the numbers gapless', async () => {
    await expect(issueReceipt(db.orm.em.fork(), input('pay_no_transaction', new Date()))).rejects.toThrow(
      /must run inside the transaction/,
    );
  });
});

describe('cancelling a receipt', () => {
  it('marks it cancelled with the date and reason, keeps it, and is harmless twice', async () => {
    const issued = await issue('pay_refunded', new Date('2034-07-01T10:00:00+05:30'));
    const at = new Date('2034-07-05T10:00:00Z');
    const cancelled = await inTransaction((em) => cancelReceipt(em, 'pay_refunded', 'Refunded in full', at));
    expect(cancelled).toMatchObject({
      number: issued.number,
      status: 'cancelled',
      cancelledAt: at,
      cancellationReason: 'Refunded in full',
    });
    const again = await inTransaction((em) => cancelReceipt(em, 'pay_refunded', 'Another reason'));
    expect(again).toMatchObject({ cancelledAt: at, cancellationReason: 'Refunded in full' });
    expect(await inTransaction((em) => cancelReceipt(em, 'pay_unknown', 'Refunded'))).toBeNull();
  });
});
