import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorRecord } from '../../donors/records/donor-record';
import { createFieldCipher } from '../../platform/personal-data/field-cipher';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { attachDonor } from './attach-donor';

/**
 * A donor's figures against a fixture summed by hand, across a financial year's edge in India time
 * (31 March 23:59:59 IST is the old year, 1 April 00:00 IST the new), counting what was kept: a
 * partial refund leaves the rest, a full refund and a bounced cheque leave nothing.
 */
let db: TestDatabase;
const cipher = createFieldCipher(randomBytes(32));
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const em = () => db.orm.em.fork();
/** 1 July 2026: this financial year is 2026-27, last year 2025-26. */
const NOW = new Date('2026-07-01T06:00:00Z');

async function gift(row: {
  amount: number;
  status?: string;
  mode?: string;
  createdAt?: string;
  receivedOn?: string;
  refunded?: number;
}): Promise<number> {
  const [inserted] = await em().execute<{ id: number }[]>(
    `insert into donations (name, email, phone, amount, donation_type, status, mode, created_at, received_on, refunded_amount)
     values ('Asha Raman', 'asha@example.com', '9876543210', ?, 'one-time', ?, ?, ?, ?, ?) returning id`,
    [
      row.amount,
      row.status ?? 'paid',
      row.mode ?? 'online',
      row.createdAt ?? '2026-06-15T06:00:00Z',
      row.receivedOn ?? null,
      row.refunded ?? 0,
    ],
  );
  const id = Number(inserted?.id);
  await em().transactional((tx) => attachDonor(tx, id));
  return id;
}

describe("a donor's rollups", () => {
  it('match the hand-summed fixture across 31 March / 1 April, India time', async () => {
    await gift({ amount: 100_000, createdAt: '2026-03-31T18:29:59Z' }); // 23:59:59 IST 31 March: 2025-26
    await gift({ amount: 50_000, createdAt: '2026-03-31T18:30:00Z' }); // 00:00 IST 1 April: 2026-27
    await gift({ amount: 20_000, mode: 'cash', receivedOn: '2026-03-31', createdAt: '2026-04-02T05:00:00Z' }); // 2025-26
    await gift({ amount: 500_000, mode: 'cheque', receivedOn: '2026-04-01', createdAt: '2026-04-03T05:00:00Z' }); // 2026-27
    const partlyRefunded = await gift({ amount: 100_000, createdAt: '2026-05-10T06:00:00Z', refunded: 30_000 }); // keeps 70,000
    await gift({ amount: 200_000, status: 'refunded', createdAt: '2026-05-11T06:00:00Z' }); // keeps nothing
    await gift({ amount: 300_000, status: 'bounced', mode: 'cheque', receivedOn: '2026-06-01' }); // keeps nothing
    await gift({ amount: 10_000, createdAt: '2025-03-31T18:29:59Z' }); // 2024-25: lifetime only

    const page = await donorRecord(em(), cipher, await donorId(partlyRefunded), NOW);
    if (page.mergedIntoId !== null) throw new Error('not merged');
    expect(page.rollups).toEqual({
      lifetimeTotal: 100_000 + 50_000 + 20_000 + 500_000 + 70_000 + 10_000,
      thisFinancialYear: { label: '2026-27', amount: 50_000 + 500_000 + 70_000 },
      lastFinancialYear: { label: '2025-26', amount: 100_000 + 20_000 },
      firstGiftAt: '2025-03-31T18:29:59.000Z',
      lastGiftAt: '2026-05-10T06:00:00.000Z',
      largestGift: 500_000,
      giftCount: 6,
    });
    expect(page.gifts).toHaveLength(8);

    // A later refund of the rest, in its own write, is in the figures at once (the trigger).
    await em().execute(`update donations set status = 'refunded' where id = ?`, [partlyRefunded]);
    const after = await donorRecord(em(), cipher, await donorId(partlyRefunded), NOW);
    if (after.mergedIntoId !== null) throw new Error('not merged');
    expect(after.rollups.lifetimeTotal).toBe(680_000);
    expect(after.rollups.giftCount).toBe(5);
    expect(after.rollups.thisFinancialYear.amount).toBe(550_000);
    // The newest kept: the cheque received on 1 April (India midnight) and the gift made at that instant.
    expect(after.rollups.lastGiftAt).toBe('2026-03-31T18:30:00.000Z');
  });
});

async function donorId(donationId: number): Promise<number> {
  const [row] = await em().execute<{ donor_id: number }[]>('select donor_id from donations where id = ?', [donationId]);
  return Number(row?.donor_id);
}
