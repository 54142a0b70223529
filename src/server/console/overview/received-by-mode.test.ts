import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { getOverview } from './overview';
import { receivedByMode } from './received-by-mode';

let db: TestDatabase;
let em: EntityManager;

// 11:30 on Tuesday 10 November 2026, India time: financial year 2026-27.
const NOW = new Date('2026-11-10T06:00:00Z');
let receiptNumber = 0;

/** A donation and, unless it was given back, its receipt: cancelled for a refund in full or a bounced cheque. */
async function gift(fields: Record<string, unknown>, receipt: { issuedAt: string; financialYear: string }) {
  const row = {
    name: 'Asha Raman',
    email: 'asha@example.com',
    phone: '9876543210',
    donation_type: 'one-time',
    status: 'paid',
    mode: 'online',
    ...fields,
  };
  const columns = Object.keys(row);
  const [inserted] = await em.execute<{ id: number }[]>(
    `insert into donations (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')}) returning id`,
    Object.values(row),
  );
  receiptNumber += 1;
  await em.execute(
    `insert into receipts (number, financial_year, sequence, payment_id, donation_id, amount, donor_name, donor_email,
       trust, issued_at, mode, status) values (?, ?, ?, ?, ?, ?, 'Asha Raman', 'asha@example.com', '{}', ?, ?, ?)`,
    [
      `T/${receipt.financialYear}/${receiptNumber}`,
      receipt.financialYear,
      receiptNumber,
      fields.razorpay_payment_id ?? `offline-${inserted?.id}`,
      inserted?.id,
      fields.amount,
      receipt.issuedAt,
      row.mode,
      row.status === 'paid' ? 'issued' : 'cancelled',
    ],
  );
}

/** The financial year of an instant (India time). */
const yearOf = (instant: string) => (new Date(instant) < new Date('2026-03-31T18:30:00Z') ? '2025-26' : '2026-27');

/** An online gift: its payment recorded (and its receipt issued) at `paidAt`, whenever its checkout began. */
const online = (amount: number, paidAt: string, status = 'paid', createdAt = paidAt) =>
  gift(
    { amount, status, created_at: createdAt, razorpay_payment_id: `pay_${amount}_${status}` },
    { issuedAt: paidAt, financialYear: yearOf(paidAt) },
  );
/** A gift received outside the website, on an India day, recorded whenever: its receipt is dated that day. */
const offline = (mode: string, amount: number, receivedOn: string, status = 'paid') => {
  const issuedAt = new Date(`${receivedOn}T00:00:00+05:30`).toISOString();
  return gift(
    { mode, amount, status, received_on: receivedOn, created_at: '2026-11-10T05:00:00Z' },
    { issuedAt, financialYear: yearOf(issuedAt) },
  );
};

beforeAll(async () => {
  db = await createTestDatabase();
  em = db.orm.em.fork();
  // Online: today (its checkout began yesterday), earlier this month, earlier this year, last year,
  // and a refunded one today (money returned: not received).
  await online(100000, '2026-11-10T03:00:00Z', 'paid', '2026-11-09T17:00:00Z');
  await online(20000, '2026-11-01T00:00:00Z');
  await online(30000, '2026-04-05T10:00:00Z');
  await online(40000, '2026-03-31T18:00:00Z');
  await online(50000, '2026-11-10T04:00:00Z', 'refunded');
  // Offline, by the day received: a cheque today, one that bounced, a transfer on 1 November,
  // cash on the first day of the year (and on its eve, last year), a gift in kind in June, a draft.
  await offline('cheque', 250000, '2026-11-10');
  await offline('cheque', 99900, '2026-11-10', 'bounced');
  await offline('bank-transfer', 500000, '2026-11-01');
  await offline('cash', 200000, '2026-04-01');
  await offline('cash', 150000, '2026-03-31');
  await offline('kind', 75000, '2026-06-15');
  await offline('demand-draft', 120000, '2026-10-31');
});
afterAll(() => db.drop());

describe('the overview: money received by mode', () => {
  it('counts paid gifts by mode for today, the month and the financial year, India time', async () => {
    const byMode = Object.fromEntries((await receivedByMode(em, NOW)).map(({ mode, ...totals }) => [mode, totals]));
    expect(byMode.online).toEqual({
      today: { count: 1, amount: 100000 },
      thisMonth: { count: 2, amount: 120000 },
      thisFinancialYear: { count: 3, amount: 150000 },
    });
    expect(byMode.cheque).toEqual({
      today: { count: 1, amount: 250000 },
      thisMonth: { count: 1, amount: 250000 },
      thisFinancialYear: { count: 1, amount: 250000 },
    });
    expect(byMode['bank-transfer']).toEqual({
      today: { count: 0, amount: 0 },
      thisMonth: { count: 1, amount: 500000 },
      thisFinancialYear: { count: 1, amount: 500000 },
    });
    expect(byMode.cash?.thisFinancialYear).toEqual({ count: 1, amount: 200000 });
    expect(byMode.kind?.thisFinancialYear).toEqual({ count: 1, amount: 75000 });
    expect(byMode['demand-draft']).toEqual({
      today: { count: 0, amount: 0 },
      thisMonth: { count: 0, amount: 0 },
      thisFinancialYear: { count: 1, amount: 120000 },
    });
  });

  it('dates an online gift by its payment, not by when its checkout began', async () => {
    // Paid at 00:10 IST on 1 December, its checkout opened at 23:50 IST on 30 November.
    const midnight = new Date('2026-12-01T00:00:00Z');
    const before = await receivedByMode(em, midnight);
    await online(7000, '2026-11-30T18:40:00Z', 'paid', '2026-11-30T18:20:00Z');
    const after = await receivedByMode(em, midnight);
    const onlineOf = (rows: typeof before) => rows.find((row) => row.mode === 'online');
    expect(onlineOf(after)?.today.amount).toBe((onlineOf(before)?.today.amount ?? 0) + 7000);
    expect(onlineOf(after)?.thisMonth).toEqual({ count: 1, amount: 7000 });
  });

  it('is part of the overview, every mode listed even with nothing received', async () => {
    const overview = await getOverview({ em, now: new Date('2030-05-01T06:00:00Z') });
    expect(overview.receivedByMode.map((row) => row.mode)).toEqual([
      'online',
      'cheque',
      'demand-draft',
      'bank-transfer',
      'cash',
      'kind',
    ]);
    expect(overview.receivedByMode.every((row) => row.thisFinancialYear.count === 0)).toBe(true);
  });
});
