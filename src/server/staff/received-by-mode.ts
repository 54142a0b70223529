import type { EntityManager } from '@mikro-orm/postgresql';
import { GIFT_MODES, type GiftMode } from '../../shared/gift-modes';
import { financialYearOf, indiaDate, startOfIndiaDay, startOfIndiaMonth } from '../../shared/india-time';

export interface ModeTotals {
  mode: GiftMode;
  /** Paise, with the number of gifts. */
  today: { count: number; amount: number };
  thisMonth: { count: number; amount: number };
  thisFinancialYear: { count: number; amount: number };
}

const day = (instant: Date) => {
  const { year, month, day: date } = indiaDate(instant);
  return `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
};

/**
 * Money received by each mode (online, cheque, draft, transfer, cash, in kind) today, this month
 * and this financial year, India time: paid gifts only (a refunded or bounced one was not kept).
 * A gift received outside the website counts on the day it came (`received_on`); an online one
 * when its payment was recorded, which is when its receipt was issued (so its receipt's year).
 */
export async function receivedByMode(em: EntityManager, now: Date = new Date()): Promise<ModeTotals[]> {
  const year = financialYearOf(now);
  const today = startOfIndiaDay(now);
  const month = startOfIndiaMonth(now);
  const rows = await em.execute<Record<string, string | null>[]>(
    `select mode,
            count(*) filter (where at >= ?) as today_count, sum(amount) filter (where at >= ?) as today_amount,
            count(*) filter (where at >= ?) as month_count, sum(amount) filter (where at >= ?) as month_amount,
            count(*) as year_count, sum(amount) as year_amount
       from (select d.mode, d.amount, r.issued_at as at
               from receipts r join donations d on d.razorpay_payment_id = r.payment_id
              where r.financial_year = ? and d.mode = 'online' and d.status = 'paid'
             union all
             select d.mode, d.amount, d.received_on::timestamp at time zone 'Asia/Kolkata' as at
               from donations d
              where d.mode <> 'online' and d.status = 'paid' and d.received_on >= ?::date and d.received_on < ?::date
            ) as gifts
      group by mode`,
    [today, today, month, month, year.label, day(year.start), day(year.end)],
  );
  const found = new Map(rows.map((row) => [row.mode, row]));
  const total = (count: unknown, amount: unknown) => ({ count: Number(count ?? 0), amount: Number(amount ?? 0) });
  return GIFT_MODES.map((mode) => {
    const row = found.get(mode);
    return {
      mode,
      today: total(row?.today_count, row?.today_amount),
      thisMonth: total(row?.month_count, row?.month_amount),
      thisFinancialYear: total(row?.year_count, row?.year_amount),
    };
  });
}
