import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { getOverview } from './overview';

// The overview reads its received and refunded figures from donation_day_totals, which triggers
// keep: whatever writes the donations, the figures must stay those of the rows themselves.
let db: TestDatabase;
let em: EntityManager;
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => em.execute<T[]>(text, params);

const NOW = new Date('2027-02-15T06:00:00Z'); // 11:30 on 15 February 2027, India time: FY 2026-27

async function donation(fields: Record<string, unknown>): Promise<number> {
  const row = { name: 'Asha', email: 'asha@example.com', phone: '9876543210', donation_type: 'one-time', ...fields };
  const columns = Object.keys(row);
  const [inserted] = await sql<{ id: number }>(
    `insert into donations (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')}) returning id`,
    Object.values(row),
  );
  return inserted?.id as number;
}

/** The overview's figures as the rows say them: what a download of the donations would sum to. */
async function fromTheRows() {
  const [row] = await sql<Record<string, string | null>>(
    `select count(*) filter (where status = 'paid' and created_at >= ?) as year_count,
            coalesce(sum(amount - refunded_amount) filter (where status = 'paid' and created_at >= ?), 0) as year_amount,
            count(*) filter (where status = 'paid' and created_at >= ?) as month_count,
            coalesce(sum(amount - refunded_amount) filter (where status = 'paid' and created_at >= ?), 0) as month_amount,
            count(*) filter (where status = 'paid' and created_at >= ?) as today_count,
            coalesce(sum(amount - refunded_amount) filter (where status = 'paid' and created_at >= ?), 0) as today_amount,
            count(*) filter (where status = 'refunded' or (status = 'paid' and refunded_amount <> 0)) as refund_count,
            coalesce(sum(case when status = 'refunded' then amount when status = 'paid' then refunded_amount end), 0) as refund_amount
       from donations where created_at >= ? and created_at < ?`,
    [
      '2026-03-31T18:30:00Z',
      '2026-03-31T18:30:00Z',
      '2027-01-31T18:30:00Z',
      '2027-01-31T18:30:00Z',
      '2027-02-14T18:30:00Z',
      '2027-02-14T18:30:00Z',
      '2026-03-31T18:30:00Z',
      '2027-03-31T18:30:00Z',
    ],
  );
  const pair = (count: string | null | undefined, amount: string | null | undefined) => ({
    count: Number(count),
    amount: Number(amount),
  });
  return {
    thisFinancialYear: pair(row?.year_count, row?.year_amount),
    thisMonth: pair(row?.month_count, row?.month_amount),
    today: pair(row?.today_count, row?.today_amount),
    refunds: pair(row?.refund_count, row?.refund_amount),
  };
}

async function expectOverviewToMatchTheRows() {
  const overview = await getOverview({ em, now: NOW });
  const rows = await fromTheRows();
  expect({ ...overview.received, refunds: overview.refunds }).toEqual(rows);
  return overview;
}

beforeAll(async () => {
  db = await createTestDatabase();
  em = db.orm.em.fork();
});

afterAll(async () => {
  await db?.drop();
});

describe("the overview's received and refunded figures", () => {
  it('follow every kind of write to the donations', async () => {
    const today = '2027-02-15T04:00:00Z';
    const earlierThisMonth = '2027-02-03T10:00:00Z';
    const lastApril = '2026-04-01T00:00:00Z';
    const paid = await donation({ amount: 50000, status: 'paid', created_at: today });
    await donation({ amount: 7000, status: 'paid', created_at: earlierThisMonth });
    await donation({ amount: 9000, status: 'refunded', created_at: lastApril });
    const pending = await donation({ amount: 20000, status: 'pending', created_at: today });
    await donation({ amount: 1000, status: 'failed', created_at: today });
    expect((await expectOverviewToMatchTheRows()).received.today).toEqual({ count: 1, amount: 50000 });

    // A checkout paid; a part refunded, then the rest; a gift moved to another day; one erased.
    await sql(`update donations set status = 'paid' where id = ?`, [pending]);
    await expectOverviewToMatchTheRows();
    await sql(`update donations set refunded_amount = 15000 where id = ?`, [paid]);
    await expectOverviewToMatchTheRows();
    await sql(`update donations set status = 'refunded', refunded_amount = 50000 where id = ?`, [paid]);
    await expectOverviewToMatchTheRows();
    await sql(`update donations set created_at = ? where id = ?`, [earlierThisMonth, pending]);
    await expectOverviewToMatchTheRows();
    await sql(`update donations set amount = 25000 where id = ?`, [pending]);
    await expectOverviewToMatchTheRows();
    await sql(`delete from donations where id = ?`, [pending]);
    const overview = await expectOverviewToMatchTheRows();
    expect(overview.received.thisMonth).toEqual({ count: 1, amount: 7000 });
    expect(overview.refunds).toEqual({ count: 2, amount: 59000 });

    // Counted again from nothing (the migration's backfill, a bulk load's), the days say the same,
    // but for days the triggers brought back to nothing.
    const days = () =>
      sql('select * from donation_day_totals where kept_count <> 0 or returned_count <> 0 order by day');
    const followed = await days();
    await sql('select rebuild_donation_day_totals()');
    expect(await days()).toEqual(followed);
  });

  it('start again from nothing when the donations are emptied', async () => {
    await sql('truncate donations cascade');
    const overview = await expectOverviewToMatchTheRows();
    expect(overview.received.thisFinancialYear).toEqual({ count: 0, amount: 0 });
  });
});
