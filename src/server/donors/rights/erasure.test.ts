import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { attachDonor } from '../../gifts/donor-keys/attach-donor';
import { donorToken } from '../../gifts/donor-keys/donor-link';
import { buildStatement } from '../../papers/reporting/statement';
import { loadStatementLayout } from '../../papers/reporting/statement-layout';
import { resolveDataEncryptionKey } from '../../platform/personal-data/data-encryption-key';
import { createFieldCipher } from '../../platform/personal-data/field-cipher';
import { seedPaidGift } from '../../test/donor-fixtures';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';
import { anonymiseExpiredReceipts } from './retention';

const EMAIL = 'meena.k@example.com';
let t: TestApp;
let key: Buffer;
let staff: string;
let admin: string;
let receiptNumber: string;
let donationId: number;

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.db.orm.em.execute<T[]>(text, params);

/** Every text and jsonb column of every table of the app's schema that holds `needle`, as `table.column`. */
async function placesHolding(needle: string): Promise<string[]> {
  const columns = await sql<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'jsonb', 'json', 'character varying')
      order by table_name, column_name`,
  );
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const [row] = await sql<{ count: number }>(
      `select count(*)::int as count from "${table}" where "${column}"::text ilike ?`,
      [`%${needle}%`],
    );
    if (row?.count) found.push(`${table}.${column}`);
  }
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  key = resolveDataEncryptionKey(t.config);
  await t.addAccount('priya', 'staff');
  staff = await t.signIn('priya');
  await t.addAccount('asha', 'admin');
  admin = await t.signIn('asha');
  const meena = {
    name: 'Meena Krishnan',
    email: 'Meena.K@example.com',
    phone: '9123456780',
    address: '4 Lake View, Chennai',
  };
  const gift = await seedPaidGift(t.db.orm, key, {
    ...meena,
    at: '2026-06-01T10:00:00+05:30',
    rupees: 5000,
    taxId: { kind: 'pan', value: 'MEENA1234K' },
  });
  receiptNumber = gift.receipt.number;
  donationId = gift.donationId;
  // Her gift's donor record, as settlement gives it: erased with her (its key, its name and phone).
  await attachDonor(t.db.orm.em.fork(), donationId);
  // Given in memory of her mother: the tribute, on the gift and as its receipt printed it.
  const tribute = JSON.stringify({ kind: 'memory', of: 'person', name: 'Kamala Krishnan' });
  await sql('update donations set tribute = ?::jsonb where id = ?', [tribute, donationId]);
  await sql('update receipts set tribute = ?::jsonb where number = ?', [tribute, receiptNumber]);
  await seedPaidGift(t.db.orm, key, {
    name: 'Ravi',
    email: 'ravi@example.com',
    phone: '9000000001',
    at: '2026-06-02T10:00:00+05:30',
    rupees: 100,
  });
  // Her monthly gift, known to the sandbox's Razorpay too: the erasure stops it there first.
  const plan = await t.deps.gateway.createMonthlyPlan({ amount: 500000 });
  const subscription = await t.deps.gateway.createSubscription({ planId: plan.id, totalCount: 120, notes: {} });
  await sql(`insert into subscriptions (donation_id, razorpay_subscription_id, status) values (?, ?, 'active')`, [
    donationId,
    subscription.id,
  ]);
  await sql(
    `insert into mail_outbox (message_id, kind, recipient, subject, text_body, html_body, attachments)
     values ('receipt-meena', 'receipt', ?, 'Your donation receipt', 'Dear Meena Krishnan, …', '<p>Dear Meena Krishnan</p>', '[{"filename":"r.pdf"}]')`,
    [meena.email],
  );
  await sql(
    `insert into webhook_events (id, type, payload, outcome) values ('evt_meena', 'payment.captured', ?, 'applied')`,
    [
      JSON.stringify({
        payload: {
          payment: {
            entity: {
              id: gift.receipt.paymentId,
              email: meena.email,
              contact: '+919123456780',
              notes: { name: 'Meena Krishnan' },
            },
          },
        },
      }),
    ],
  );
  await sql(
    `insert into contacts (name, email, subject, message) values ('Meena Krishnan', ?, 'Volunteering', 'Hello')`,
    [meena.email],
  );
  // A staff search for her address, kept in the audit trail's details.
  await sql(`insert into staff_audit (username, action, ip, details) values ('priya', 'export', '127.0.0.1', ?)`, [
    JSON.stringify({ filters: { search: meena.email } }),
  ]);
});
afterAll(() => t.close());

const asDonor = (path: string, type: 'query' | 'mutation') =>
  type === 'query'
    ? t.app.inject({ method: 'GET', url: `/trpc/${path}`, headers: { 'x-donor-token': donorToken(EMAIL, key) } })
    : t.app.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        headers: { 'x-donor-token': donorToken(EMAIL, key) },
        payload: {},
      });

describe("a donor's erasure", () => {
  it('is asked for by the donor, listed for staff, and completed: anonymised everywhere but the receipt', async () => {
    const asked = await asDonor('donor.requestErasure', 'mutation');
    expect(asked.statusCode).toBe(200);
    const { id } = asked.json().result.data;
    expect((await asDonor('donor.requestErasure', 'mutation')).json().result.data.id).toBe(id);
    expect((await asDonor('donor.gifts', 'query')).json().result.data.erasureRequested).toBe(true);

    const listed = await callProcedure(t.app, 'staff.erasure.list', 'query', { token: staff });
    expect(listed.json().result.data).toEqual([expect.objectContaining({ id, email: EMAIL, status: 'requested' })]);
    expect((await callProcedure(t.app, 'staff.erasure.complete', 'mutation', { input: { id } })).statusCode).toBe(401);
    // Seen by any staff member, completed by an admin only.
    const refused = await callProcedure(t.app, 'staff.erasure.complete', 'mutation', { token: staff, input: { id } });
    expect(refused.statusCode).toBe(403);

    const done = await callProcedure(t.app, 'staff.erasure.complete', 'mutation', { token: admin, input: { id } });
    expect(done.statusCode).toBe(200);
    expect(done.json().result.data).toEqual({
      requestId: id,
      monthlyGiftsCancelled: 1,
      donorMailed: true,
      donations: 1,
      unpaidOrdersClosed: 0,
      contacts: 1,
      applications: 0,
      // The receipt's mail, and the notice that her monthly gift was cancelled.
      mails: 2,
      certificates: 0,
      webhookEvents: 1,
      auditEntries: 1,
      receiptsKept: 1,
      // Eight years from the end of 2026-27: 1 April 2035, India time.
      retainedUntil: '2035-03-31T18:30:00.000Z',
    });
    expect(
      (await callProcedure(t.app, 'staff.erasure.complete', 'mutation', { token: admin, input: { id } })).statusCode,
    ).toBe(409);

    const [donation] = await sql(`select name, email, phone from donations where id = ?`, [donationId]);
    expect(donation).toEqual({
      name: 'Erased donor',
      email: `erased-${donationId}@erased.invalid`,
      phone: '0000000000',
    });
    const [receipt] = await sql(`select number, donor_name, donor_email, status from receipts where number = ?`, [
      receiptNumber,
    ]);
    expect(receipt).toEqual({
      number: receiptNumber,
      donor_name: 'Meena Krishnan',
      donor_email: 'Meena.K@example.com',
      status: 'issued',
    });
    // What the statement reports is kept with the receipt.
    const statement = await buildStatement(t.db.orm.em.fork(), {
      cipher: createFieldCipher(key),
      layout: loadStatementLayout(),
      year: '2026-27',
    });
    expect(statement.rows.map((row) => [row.idNumber, row.name, row.amount])).toEqual([
      ['MEENA1234K', 'Meena Krishnan', '5000'],
    ]);

    // Her last mail goes out; the outbox then forgets where it went.
    await vi.waitFor(
      async () => {
        const [notice] = await sql(`select status, recipient from mail_outbox where message_id = ?`, [
          `erasure-completed-${id}`,
        ]);
        expect(notice).toEqual({ status: 'sent', recipient: 'erased@erased.invalid' });
      },
      { timeout: 10_000, interval: 50 },
    );
    // Only the receipts the tax law keeps still hold her e-mail, name and phone.
    expect(await placesHolding(EMAIL)).toEqual(['receipts.donor_email']);
    expect(await placesHolding('Meena Krishnan')).toEqual(['receipts.donor_name']);
    expect(await placesHolding('9123456780')).toEqual([]);
    expect(await placesHolding('Kamala Krishnan')).toEqual(['receipts.tribute']);
    const [ravi] = await sql(`select name, email from donations where email = 'ravi@example.com'`);
    expect(ravi).toEqual({ name: 'Ravi', email: 'ravi@example.com' });
    // Her link shows nothing any more, not even the receipts kept for the tax law.
    const page = (await asDonor('donor.gifts', 'query')).json().result.data;
    expect(page).toMatchObject({ gifts: [], monthly: [], statementYears: [] });
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/my-giving/statement.pdf?year=2026-27',
      headers: { 'x-donor-token': donorToken(EMAIL, key) },
    });
    expect(kept.statusCode).toBe(404);
  });

  it('leaves the kept receipts until eight years after their year ends, then anonymises them: nothing personal left', async () => {
    expect(await anonymiseExpiredReceipts(t.db.orm.em.fork(), new Date('2035-03-31T18:29:59Z'))).toBe(0);
    expect(await placesHolding(EMAIL)).toEqual(['receipts.donor_email']);
    expect(await anonymiseExpiredReceipts(t.db.orm.em.fork(), new Date('2035-03-31T18:30:00Z'))).toBe(1);
    expect(await anonymiseExpiredReceipts(t.db.orm.em.fork(), new Date('2035-04-02T00:00:00Z'))).toBe(0);
    for (const personal of [EMAIL, 'Meena Krishnan', '9123456780', 'Lake View', 'XXXXX1234K', 'Kamala Krishnan']) {
      expect(await placesHolding(personal)).toEqual([]);
    }
    const [receipt] = await sql(`select number, amount, status, donor_id_encrypted from receipts where number = ?`, [
      receiptNumber,
    ]);
    expect(receipt).toEqual({ number: receiptNumber, amount: 500000, status: 'issued', donor_id_encrypted: null });
    const actions = await sql<{ action: string; username: string }>(
      `select action, username from staff_audit where action in ('erasure_requested', 'erasure_completed', 'retention_anonymised') order by id`,
    );
    expect(actions).toEqual([
      { action: 'erasure_requested', username: 'donor' },
      { action: 'erasure_completed', username: 'asha' },
      { action: 'retention_anonymised', username: 'system' },
    ]);
  });
});

describe('the retention job', () => {
  it('runs in one instance at a time: a pass finds the lock taken and does nothing', async () => {
    // Another instance's pass, on its own connection, holding the lock.
    const other = await t.db.orm.em.getConnection().getKnex().transaction();
    await other.raw('select pg_advisory_xact_lock(80113)');
    expect(await anonymiseExpiredReceipts(t.db.orm.em.fork(), new Date('2099-01-01T00:00:00Z'))).toBeNull();
    await other.commit();
    expect(await anonymiseExpiredReceipts(t.db.orm.em.fork(), new Date('2099-01-01T00:00:00Z'))).toBe(0);
  });
});
