import type { EntityManager } from '@mikro-orm/postgresql';
import { GIFT_MODES, type GiftMode } from '../../../shared/gift-modes';
import { financialYearOf, startOfIndiaDay, startOfIndiaMonth } from '../../../shared/india-time';

export interface ModeTotals {
  mode: GiftMode;
  /** Paise, with the number of gifts. */
  today: { count: number; amount: number };
  thisMonth: { count: number; amount: number };
  thisFinancialYear: { count: number; amount: number };
}

/**
 * Money received by each mode (online, cheque, draft, transfer, cash, in kind) today, this month
 * and this financial year, India time, read from the receipts that stand: every gift kept has one
 * (a gift in kind at the trust's estimate), and a refund in full or a bounced cheque cancels it. A
 * receipt is dated when the money came (an online payment when it was recorded; a gift received
 * outside the website the day it came), and numbered in that day's financial year, so the year is
 * one indexed range of receipts and no donation needs reading.
 */
export async function receivedByMode(em: EntityManager, now: Date = new Date()): Promise<ModeTotals[]> {
  const year = financialYearOf(now);
  const today = startOfIndiaDay(now);
  const month = startOfIndiaMonth(now);
  const rows = await em.execute<Record<string, string | null>[]>(
    `select mode,
            count(*) filter (where issued_at >= ?) as today_count, sum(amount) filter (where issued_at >= ?) as today_amount,
            count(*) filter (where issued_at >= ?) as month_count, sum(amount) filter (where issued_at >= ?) as month_amount,
            count(*) as year_count, sum(amount) as year_amount
       from receipts
      where financial_year = ? and status = 'issued'
      group by mode`,
    [today, today, month, month, year.label],
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
