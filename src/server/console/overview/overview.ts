import type { EntityManager } from '@mikro-orm/postgresql';
import { financialYearOf, indiaDate, indiaMidnight, indiaMonthKey, startOfIndiaDay } from '../../../shared/india-time';
import { applicationsWaiting } from '../../animals/applications/application-list';
import { sponsoredAnimals } from '../../animals/sponsors/sponsorship';
import { backupStatus } from '../../platform/backups/backup-status';
import { attentionItems } from './attention';
import { receivedByMode } from './received-by-mode';

/**
 * Gifts that came in are the paid and refunded ones, summed by India day in `donation_day_totals`
 * (donation-day-total.entity.ts; triggers keep it equal to the donations in every write's
 * transaction): `kept` is what was kept (a paid gift less any part refunded), `returned` what went
 * back, in full or in part. A year of days is a few hundred rows; the donations themselves would be
 * about 100,000 at a million gifts.
 */
const pad = (value: number) => String(value).padStart(2, '0');
const dayOf = (instant: Date) => {
  const { year, month, day } = indiaDate(instant);
  return `${year}-${pad(month)}-${pad(day)}`;
};

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
  // A group per month, starting at starts[i - 1] for group i, and group 13 for days after this
  // month yet in this financial year. The year is the groups from its April (always among the
  // twelve) on, this month the last two, today a filter. Every bound is an India midnight, so days.
  const starts = Array.from({ length: 13 }, (_, index) => indiaMidnight(y, m - 11 + index));
  const groupsRead = em.execute<Record<string, string | null>[]>(
    `select width_bucket(day, ?::date[]) as bucket, sum(kept_count) as count, sum(kept_amount) as amount,
            sum(kept_count) filter (where day >= ?::date) as today_count,
            sum(kept_amount) filter (where day >= ?::date) as today_amount,
            sum(returned_count) as refund_count,
            sum(returned_amount) as refund_amount
       from donation_day_totals where day >= ?::date and day < ?::date group by 1`,
    [`{${starts.map(dayOf).join(',')}}`, dayOf(today), dayOf(today), dayOf(starts[0] as Date), dayOf(year.end)],
  );
  // Each active subscription's first gift looked up by its id: a join would read every donation.
  // `offset 0` keeps the subquery whole: pulled up, its lookup ran once for count and once for sum.
  const monthlyRead = em.execute<{ count: string; amount: string | null }[]>(
    `select count(amount) as count, sum(amount) as amount
       from (select (select d.amount from donations d where d.id = s.donation_id) as amount
               from subscriptions s where s.status = 'active' offset 0) active`,
  );
  // The parts read at once, each on its own pooled connection (no transaction here): the page waits
  // for the slowest, not for their sum.
  const [groups, [monthly], byMode, attention, backup, waitingApplications, silentSponsors] = await Promise.all([
    groupsRead,
    monthlyRead,
    receivedByMode(em, now),
    attentionItems(em, now),
    backupStatus(em, now),
    applicationsWaiting(em, now),
    sponsoredAnimals(em, now, { silentOnly: true }),
  ]);
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
    receivedByMode: byMode,
    activeMonthlyDonors: { count: Number(monthly?.count ?? 0), monthlyAmount: Number(monthly?.amount ?? 0) },
    attention,
    lastTwelveMonths,
    /** When the last backup was taken; `stale` when none, or over two days ago. */
    backup,
    /** Open applications waiting over three days in their status (the list's `waiting` filter). */
    applicationsWaiting: waitingApplications,
    /** Sponsored animals whose sponsors heard nothing for over 45 days (animals/sponsors/). */
    silentSponsors: silentSponsors.map(({ animalId, name, sponsors, lastHeardAt }) => ({
      animalId,
      name,
      sponsors,
      lastHeardAt,
    })),
  };
}
