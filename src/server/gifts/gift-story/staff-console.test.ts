import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationListInputSchema } from '../../../shared/staff.schema';
import { getOverview } from '../../console/overview/overview';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { listDonations } from '../gift-lists/donation-list';
import { donationStory } from './donation-story';

let db: TestDatabase;
let em: EntityManager;
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => em.execute<T[]>(text, params);

async function donation(fields: Record<string, unknown>): Promise<number> {
  const row = {
    name: 'Asha Raman',
    email: 'asha@example.com',
    phone: '9876543210',
    amount: 100000,
    donation_type: 'one-time',
    status: 'paid',
    ...fields,
  };
  const columns = Object.keys(row);
  const [inserted] = await sql<{ id: number }>(
    `insert into donations (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')}) returning id`,
    Object.values(row),
  );
  return inserted?.id as number;
}

// The financial year 2026-27 ends at 31 March 2027 23:59:59 IST = 18:29:59 UTC.
const NOW = new Date('2027-04-01T06:00:00Z'); // 11:30 on 1 April 2027, India time
type Name = 'lastMinuteOfYear' | 'firstMinuteOfYear' | 'refunded' | 'failed' | 'stale' | 'monthly' | 'charge';
let ids: Record<Name, number>;

beforeAll(async () => {
  db = await createTestDatabase();
  em = db.orm.em.fork();
  const first = {
    lastMinuteOfYear: await donation({
      name: 'Kavya Iyer',
      amount: 50000,
      created_at: '2027-03-31T18:29:00Z',
      razorpay_order_id: 'order_K1',
    }),
    firstMinuteOfYear: await donation({
      name: 'Murugan S',
      email: 'murugan@example.in',
      amount: 20000,
      created_at: '2027-03-31T18:30:00Z',
      razorpay_order_id: 'order_M1',
      razorpay_payment_id: 'pay_M1',
      purpose: 'medical',
    }),
    refunded: await donation({
      name: 'Ravi Kumar',
      amount: 70000,
      status: 'refunded',
      created_at: '2027-04-01T02:00:00Z',
    }),
    failed: await donation({
      name: 'Devi 100%',
      amount: 30000,
      status: 'failed',
      created_at: '2027-04-01T03:00:00Z',
      razorpay_order_id: 'order_F1',
    }),
    stale: await donation({ name: 'Old Pending', status: 'pending', created_at: '2027-03-20T00:00:00Z' }),
    monthly: await donation({
      name: 'Lakshmi',
      amount: 10000,
      donation_type: 'monthly',
      created_at: '2027-02-10T05:00:00Z',
      razorpay_payment_id: 'pay_L1',
    }),
  };
  const [sub] = await sql<{ id: number }>(
    `insert into subscriptions (donation_id, razorpay_subscription_id, status, created_at) values (?, 'sub_L1', 'active', '2027-02-10T05:00:00Z') returning id`,
    [first.monthly],
  );
  ids = { ...first, charge: 0 };
  ids.charge = await donation({
    name: 'Lakshmi',
    amount: 10000,
    donation_type: 'monthly',
    subscription_id: sub?.id,
    created_at: '2027-03-10T05:00:00Z',
    razorpay_payment_id: 'pay_L2',
  });
  const event = (id: string, type: string, outcome: string, payload: unknown, at: string) =>
    sql(`insert into webhook_events (id, type, outcome, payload, received_at) values (?, ?, ?, ?, ?)`, [
      id,
      type,
      outcome,
      JSON.stringify(payload),
      at,
    ]);
  const payment = (id: string, order: string | null, amount: number) => ({
    payload: { payment: { entity: { id, order_id: order, amount } } },
  });
  await event('evt_1', 'payment.captured', 'paid', payment('pay_M1', 'order_M1', 20000), '2027-03-31T18:31:00Z');
  await event(
    'evt_2',
    'payment.captured',
    'amount_mismatch',
    payment('pay_X', 'order_K1', 100),
    '2027-03-31T18:32:00Z',
  );
  await event('evt_3', 'payment.failed', 'failed', payment('pay_F1', 'order_F1', 30000), '2027-04-01T03:01:00Z');
  await event('evt_4', 'payment.failed', 'unchanged', payment('pay_F2', 'order_F1', 30000), '2027-04-01T03:02:00Z');
  await event(
    'evt_5',
    'subscription.charged',
    'charge_recorded',
    { payload: { subscription: { entity: { id: 'sub_L1' } }, payment: { entity: { id: 'pay_L2', amount: 10000 } } } },
    '2027-03-10T05:00:01Z',
  );
});
afterAll(() => db.drop());

const list = (input: unknown) => listDonations({ em, input: donationListInputSchema.parse(input) });
const names = async (input: unknown) => (await list(input)).rows.map((row) => row.name);

describe('the donation list', () => {
  it('pages newest first, with the total', async () => {
    const page = await list({ pageSize: 2 });
    expect(page.total).toBe(7);
    expect(page.rows.map((row) => row.id)).toEqual([ids.failed, ids.refunded]);
    expect((await list({ pageSize: 2, page: 4 })).rows.map((row) => row.id)).toEqual([ids.monthly]);
  });

  it('sorts by a whitelisted column only', async () => {
    expect((await names({ sort: 'amount', direction: 'asc', pageSize: 1 }))[0]).toBe('Lakshmi');
    expect(() => donationListInputSchema.parse({ sort: 'email; drop table donations' })).toThrow();
  });

  it('filters by status, type, purpose and amount in rupees', async () => {
    expect(await names({ filter: { status: ['failed', 'refunded'] } })).toEqual(['Devi 100%', 'Ravi Kumar']);
    expect((await list({ filter: { type: 'monthly' } })).total).toBe(2);
    expect(await names({ filter: { purpose: 'medical' } })).toEqual(['Murugan S']);
    expect(await names({ filter: { minAmountRupees: 500, maxAmountRupees: 700 } })).toEqual([
      'Ravi Kumar',
      'Kavya Iyer',
    ]);
  });

  it('takes dates as India days: 1 April starts at midnight IST', async () => {
    expect(await names({ filter: { from: '2027-04-01', to: '2027-04-01' } })).toEqual([
      'Devi 100%',
      'Ravi Kumar',
      'Murugan S',
    ]);
    expect(await names({ filter: { from: '2027-03-31', to: '2027-03-31' } })).toEqual(['Kavya Iyer']);
  });

  it('finds a donor by part of a name, e-mail or phone, and a donation by any of its ids', async () => {
    expect(await names({ filter: { search: 'kavya' } })).toEqual(['Kavya Iyer']);
    expect(await names({ filter: { search: 'example.in' } })).toEqual(['Murugan S']);
    expect(await names({ filter: { search: '100%' } })).toEqual(['Devi 100%']);
    expect(await names({ filter: { search: String(ids.refunded) } })).toEqual(['Ravi Kumar']);
    expect(await names({ filter: { search: 'order_M1' } })).toEqual(['Murugan S']);
    expect(await names({ filter: { search: 'pay_M1' } })).toEqual(['Murugan S']);
    const bySubscription = await list({ filter: { search: 'sub_L1' } });
    expect(bySubscription.rows.map((row) => row.id)).toEqual([ids.charge, ids.monthly]);
    expect(bySubscription.rows.every((row) => row.razorpaySubscriptionId === 'sub_L1')).toBe(true);
    // Name, e-mail and phone are searched as one text, but never across two of them.
    expect(await names({ filter: { search: 'Iyer' } })).toEqual(['Kavya Iyer']);
    expect(await names({ filter: { search: 'Iyerasha' } })).toEqual([]);
  });

  it('counts a thousand matches past the page at most, and says the total is more', async () => {
    const rolledBack = new Error('rolled back');
    await expect(
      em.transactional(async (tx) => {
        await tx.execute(
          `insert into donations (name, email, phone, amount, donation_type, status, created_at)
           select 'Bulk ' || i, 'bulk@example.com', '9000000000', 100, 'one-time', 'failed',
                  timestamptz '2001-01-01T00:00:00Z' + i * interval '1 minute'
             from generate_series(1, 1100) i`,
        );
        const bulk = (page: number) =>
          listDonations({ em: tx, input: donationListInputSchema.parse({ filter: { search: 'bulk@' }, page }) });
        expect(await bulk(1)).toMatchObject({ total: 1000, totalIsLowerBound: true });
        // From page 20 (past 950 rows) it counts up to 1,950: all 1,100.
        expect(await bulk(20)).toMatchObject({ total: 1100, totalIsLowerBound: false });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});

describe("a donation's story", () => {
  it('tells a one-time gift in order: created, order, each webhook with its outcome', async () => {
    const story = await donationStory({ em, input: { id: ids.firstMinuteOfYear } });
    expect(story.steps.map((step) => step.kind)).toEqual(['created', 'order', 'webhook']);
    expect(story.steps[2]?.text).toBe('payment.captured: paid');
    expect(story.charges).toEqual([]);
  });

  it('keeps the mismatched payment on the donation it was meant for', async () => {
    const story = await donationStory({ em, input: { id: ids.lastMinuteOfYear } });
    expect(story.steps.map((step) => step.text)).toContain('payment.captured: amount_mismatch');
  });

  it("lists a monthly donor's every charge", async () => {
    const story = await donationStory({ em, input: { id: ids.monthly } });
    expect(story.steps.map((step) => step.kind)).toEqual(['created', 'subscription', 'webhook']);
    expect(story.charges.map((charge) => charge.id)).toEqual([ids.monthly, ids.charge]);
  });

  it('says when the reconciliation settled what nobody reported', async () => {
    const story = await donationStory({ em, input: { id: ids.refunded } });
    expect(story.steps.at(-1)?.kind).toBe('reconciliation');
  });

  it('refuses an unknown donation', async () => {
    await expect(donationStory({ em, input: { id: 999_999 } })).rejects.toThrow('No donation 999999');
  });
});

describe('the overview', () => {
  it('counts today, this month and this financial year in India time', async () => {
    const overview = await getOverview({ em, now: NOW });
    expect(overview.financialYear).toBe('2027-28');
    // Murugan (00:00 IST) and Ravi's refunded gift came on 1 April; Kavya's 23:59 gift is last year's.
    // Received counts what was kept: Ravi's refund is under refunds only.
    expect(overview.received.today).toEqual({ count: 1, amount: 20000 });
    expect(overview.received.thisMonth).toEqual({ count: 1, amount: 20000 });
    expect(overview.received.thisFinancialYear).toEqual({ count: 1, amount: 20000 });
    expect(overview.refunds).toEqual({ count: 1, amount: 70000 });
  });

  it('puts 31 March 23:59 IST in the year before', async () => {
    const overview = await getOverview({ em, now: new Date('2027-03-31T18:29:30Z') });
    expect(overview.financialYear).toBe('2026-27');
    expect(overview.received.today).toEqual({ count: 1, amount: 50000 });
    expect(overview.received.thisMonth).toEqual({ count: 2, amount: 60000 });
    expect(overview.lastTwelveMonths.at(-1)).toEqual({ month: '2027-03', count: 2, amount: 60000 });
    expect(overview.lastTwelveMonths.at(-2)).toEqual({ month: '2027-02', count: 1, amount: 10000 });
    expect(overview.lastTwelveMonths[0]?.month).toBe('2026-04');
  });

  it('shows the monthly donors and what needs attention', async () => {
    const overview = await getOverview({ em, now: NOW });
    expect(overview.activeMonthlyDonors).toEqual({ count: 1, monthlyAmount: 10000 });
    expect(overview.attention.amountMismatches.count).toBe(1);
    expect(overview.attention.amountMismatches.items[0]).toMatchObject({
      orderId: 'order_K1',
      donationId: ids.lastMinuteOfYear,
      amount: 100,
    });
    expect(overview.attention.failedAfterRetry.items).toEqual([
      expect.objectContaining({ donationId: ids.failed, attempts: 2 }),
    ]);
    expect(overview.attention.pendingOverADay.items.map((item) => item.donationId)).toEqual([ids.stale]);
  });
});
