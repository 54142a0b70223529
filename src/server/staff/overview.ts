import type { EntityManager } from '@mikro-orm/postgresql';
import { financialYearOf, indiaDate, indiaMidnight, indiaMonthKey, startOfIndiaDay } from '../../shared/india-time';
import { backupStatus } from '../backups/backup-status';
import { attentionItems } from './attention';
import { receivedByMode } from './received-by-mode';

/**
 * Gifts that came in: paid ones, and refunded ones (received, then returned). `received` counts
 * what was kept (a paid gift less any part refunded); `refunds` what went back, in full or in part.
 */
const RECEIVED = `status in ('paid', 'refunded')`;
const KEPT = `case when status = 'paid' then amount - refunded_amount end`;
const RETURNED = `case when status = 'refunded' then amount else nullif(refunded_amount, 0) end`;

export interface Total {
  count: number;
  /** Paise. */
  amount: number;
}

const total = (count: unknown, amount: unknown): Total => ({ count: Number(count ?? 0), amount: Number(amount ?? 0) });

/** The console's first page: what came in (India days, months and financial year), and what needs a look. */
export async function getOverview({ em, now = new Date() }: { em: EntityManager; now?: Date }) {
  const today = startOfIndiaDay(now);
  const year = financialYearOf(now);
  const { year: y, month: m } = indiaDate(now);
  // One pass over the received gifts from twelve months ago (by donations_status_created_at_index):
  // a group per month, starting at starts[i - 1] for
  // group i, and group 13 for gifts dated after this month yet in this financial year. The year is
  // the groups from its April (always among the twelve) on, this month the last two, today a filter.
  const starts = Array.from({ length: 13 }, (_, index) => indiaMidnight(y, m - 11 + index));
  const groups = await em.execute<Record<string, string | null>[]>(
    `select width_bucket(created_at, ?::timestamptz[]) as bucket, count(${KEPT}) as count, sum(${KEPT}) as amount,
            count(${KEPT}) filter (where created_at >= ?) as today_count,
            sum(${KEPT}) filter (where created_at >= ?) as today_amount,
            count(${RETURNED}) as refund_count,
            sum(${RETURNED}) as refund_amount
       from donations where ${RECEIVED} and created_at >= ? and created_at < ? group by 1`,
    [`{${starts.map((start) => start.toISOString()).join(',')}}`, today, today, starts[0], year.end],
  );
  const from = (first: number) => groups.filter((group) => Number(group.bucket) >= first);
  const added = (rows: Record<string, string | null>[], prefix = '') =>
    total(
      rows.reduce((sum, row) => sum + Number(row[`${prefix}count`] ?? 0), 0),
      rows.reduce((sum, row) => sum + Number(row[`${prefix}amount`] ?? 0), 0),
    );
  const thisYear = from(starts.findIndex((start) => start.getTime() === year.start.getTime()) + 1);
  const lastTwelveMonths = starts.slice(0, 12).map((start, index) => ({
    month: indiaMonthKey(start),
    ...added(groups.filter((group) => Number(group.bucket) === index + 1)),
  }));
  // Each active subscription's first gift looked up by its id: a join would read every donation.
  const [monthly] = await em.execute<{ count: string; amount: string | null }[]>(
    `select count(amount) as count, sum(amount) as amount
       from (select (select d.amount from donations d where d.id = s.donation_id) as amount
               from subscriptions s where s.status = 'active') active`,
  );

  return {
    financialYear: year.label,
    received: {
      today: added(groups, 'today_'),
      thisMonth: added(from(12)),
      thisFinancialYear: added(thisYear),
    },
    /** Gifts of this financial year refunded in full or in part, and how much went back (not in `received`). */
    refunds: added(thisYear, 'refund_'),
    /** Paid gifts by mode (online, cheque, transfer, cash, in kind…), each dated the day it came. */
    receivedByMode: await receivedByMode(em, now),
    activeMonthlyDonors: { count: Number(monthly?.count ?? 0), monthlyAmount: Number(monthly?.amount ?? 0) },
    attention: await attentionItems(em, now),
    lastTwelveMonths,
    /** When the last backup was taken; `stale` when none, or over two days ago. */
    backup: await backupStatus(em, now),
  };
}
