import type { EntityManager } from '@mikro-orm/postgresql';
import {
  financialYearOf,
  indiaDate,
  indiaMidnight,
  indiaMonthKey,
  startOfIndiaDay,
  startOfIndiaMonth,
} from '../../shared/india-time';
import { backupStatus } from '../backups/backup-status';
import { attentionItems } from './attention';
import { receivedByMode } from './received-by-mode';

/** Money that came in: paid gifts, and refunded ones (received, then returned: see `refunds`). */
const RECEIVED = `status in ('paid', 'refunded')`;

export interface Total {
  count: number;
  /** Paise. */
  amount: number;
}

const total = (count: unknown, amount: unknown): Total => ({ count: Number(count ?? 0), amount: Number(amount ?? 0) });

/** The console's first page: what came in (India days, months and financial year), and what needs a look. */
export async function getOverview({ em, now = new Date() }: { em: EntityManager; now?: Date }) {
  const today = startOfIndiaDay(now);
  const month = startOfIndiaMonth(now);
  const year = financialYearOf(now);
  const { year: y, month: m } = indiaDate(now);
  const twelveMonthsAgo = indiaMidnight(y, m - 11);

  const [sums] = await em.execute<Record<string, string>[]>(
    `select count(*) filter (where created_at >= ?) as today_count,
            sum(amount) filter (where created_at >= ?) as today_amount,
            count(*) filter (where created_at >= ?) as month_count,
            sum(amount) filter (where created_at >= ?) as month_amount,
            count(*) as year_count, sum(amount) as year_amount,
            count(*) filter (where status = 'refunded') as refund_count,
            sum(amount) filter (where status = 'refunded') as refund_amount
       from donations where ${RECEIVED} and created_at >= ? and created_at < ?`,
    [today, today, month, month, year.start, year.end],
  );
  const [monthly] = await em.execute<{ count: string; amount: string | null }[]>(
    `select count(*) as count, sum(d.amount) as amount
       from subscriptions s join donations d on d.id = s.donation_id where s.status = 'active'`,
  );
  const byMonth = await em.execute<{ month: string; count: string; amount: string }[]>(
    `select to_char(created_at at time zone 'Asia/Kolkata', 'YYYY-MM') as month, count(*) as count, sum(amount) as amount
       from donations where ${RECEIVED} and created_at >= ? group by 1`,
    [twelveMonthsAgo],
  );
  const found = new Map(byMonth.map((row) => [row.month, row]));
  const lastTwelveMonths = Array.from({ length: 12 }, (_, index) => {
    const key = indiaMonthKey(indiaMidnight(y, m - 11 + index));
    return { month: key, ...total(found.get(key)?.count, found.get(key)?.amount) };
  });

  return {
    financialYear: year.label,
    received: {
      today: total(sums?.today_count, sums?.today_amount),
      thisMonth: total(sums?.month_count, sums?.month_amount),
      thisFinancialYear: total(sums?.year_count, sums?.year_amount),
    },
    /** Refunded gifts of this financial year (included in `received`). */
    refunds: total(sums?.refund_count, sums?.refund_amount),
    /** Paid gifts by mode (online, cheque, transfer, cash, in kind…), each dated the day it came. */
    receivedByMode: await receivedByMode(em, now),
    activeMonthlyDonors: { count: Number(monthly?.count ?? 0), monthlyAmount: Number(monthly?.amount ?? 0) },
    attention: await attentionItems(em, now),
    lastTwelveMonths,
    /** When the last backup was taken; `stale` when none, or over two days ago. */
    backup: await backupStatus(em, now),
  };
}
