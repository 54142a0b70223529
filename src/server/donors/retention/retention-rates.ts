import type { EntityManager } from '@mikro-orm/postgresql';
import { type FinancialYear, financialYearOf, financialYearStarting } from '../../../shared/india-time';

/** Of a year's donors (a cohort), how many gave again the next year. */
export interface Retained {
  donors: number;
  retained: number;
  /** retained ÷ donors, null without donors. */
  rate: number | null;
}

/** The three rates of one year, as the Fundraising Effectiveness Project defines them. */
export interface RetentionOfYear {
  /** The year the donors gave again in (`2026-27`), and the cohort's year (`2025-26`). */
  year: string;
  cohortYear: string;
  /** Up to when gifts of `year` count: the year's end, or today for the current year. */
  upTo: string;
  /** Everyone who gave in the cohort's year. */
  overall: Retained;
  /** Those whose first gift ever was in the cohort's year. */
  firstTime: Retained;
  /** Those who gave in the cohort's year and in some year before it. */
  repeat: Retained;
}

export interface RetentionFigures {
  /** The chosen year (this one by default), to date when it is not over. */
  thisYear: RetentionOfYear;
  /** The year before, up to the same day a year earlier: like against like. */
  lastYearToDate: RetentionOfYear;
  /** The year before, whole. */
  lastYear: RetentionOfYear;
}

const retained = (donors: unknown, kept: unknown): Retained => {
  const count = Number(donors ?? 0);
  const again = Number(kept ?? 0);
  return { donors: count, retained: again, rate: count === 0 ? null : again / count };
};

const aYearBefore = (at: Date) => {
  const before = new Date(at);
  before.setUTCFullYear(before.getUTCFullYear() - 1);
  return before;
};

/**
 * The retention rates of a financial year against the one before: of the donors of year − 1, how
 * many gave again in the year (all of them; those new in year − 1; those who had given before it).
 * The current year counts to `now`, so the year before is given both to the same day and whole.
 * Read from the yearly rollup (donor_years): the two cohorts' rows, a row per donor, counted
 * (each carries the donor's next year with a gift, Migration20261128060000).
 */
export async function retentionFigures(
  em: EntityManager,
  { year, now = new Date() }: { year?: string; now?: Date } = {},
): Promise<RetentionFigures> {
  const current = year ? financialYearStarting(Number(year.slice(0, 4))) : financialYearOf(now);
  const last = financialYearStarting(current.startYear - 1);
  const cohort = financialYearStarting(current.startYear - 2);
  // Gifts of the chosen year count up to now when it is not over; the year before to the same day.
  const upTo = now < current.end ? now : current.end;
  const lastUpTo = now < current.end ? aYearBefore(now) : last.end;
  const [y0, y1, y2] = [current.startYear, last.startYear, cohort.startYear];
  // The two cohorts' rows of donor_years (donor_years_start_year_index covers them), a row per
  // donor: who had given before (what they kept before the year), who gave again (their next year
  // with a gift is the following one; in a year to date, its first gift before the day).
  const [row] = await em.execute<Record<string, string>[]>(
    `with p as (
       select r.start_year = ? as in_y1, r.start_year = ? as in_y2,
              r.start_year = ? and r.next_start_year = ? and r.next_first_gift_at < ? as in_y1_and_y0,
              r.start_year = ? and r.next_start_year = ? as in_y2_and_y1,
              r.start_year = ? and r.next_start_year = ? and r.next_first_gift_at < ? as in_y2_and_y1_to_date,
              r.kept_before > 0 as before
         from donor_years r where r.start_year in (?, ?))
     select count(*) filter (where in_y1) as y1, count(*) filter (where in_y1_and_y0) as y1_kept,
            count(*) filter (where in_y1 and not before) as y1_new,
            count(*) filter (where in_y1_and_y0 and not before) as y1_new_kept,
            count(*) filter (where in_y1 and before) as y1_repeat,
            count(*) filter (where in_y1_and_y0 and before) as y1_repeat_kept,
            count(*) filter (where in_y2) as y2, count(*) filter (where in_y2_and_y1) as y2_kept,
            count(*) filter (where in_y2_and_y1_to_date) as y2_kept_to_date,
            count(*) filter (where in_y2 and not before) as y2_new,
            count(*) filter (where in_y2_and_y1 and not before) as y2_new_kept,
            count(*) filter (where in_y2_and_y1_to_date and not before) as y2_new_kept_to_date,
            count(*) filter (where in_y2 and before) as y2_repeat,
            count(*) filter (where in_y2_and_y1 and before) as y2_repeat_kept,
            count(*) filter (where in_y2_and_y1_to_date and before) as y2_repeat_kept_to_date
       from p`,
    [y1, y2, y1, y0, upTo, y2, y1, y2, y1, lastUpTo, y1, y2],
  );
  const r = row ?? {};
  const of = (gaveAgainIn: FinancialYear, cohortYear: FinancialYear, until: Date) => ({
    year: gaveAgainIn.label,
    cohortYear: cohortYear.label,
    upTo: until.toISOString(),
  });
  return {
    thisYear: {
      ...of(current, last, upTo),
      overall: retained(r.y1, r.y1_kept),
      firstTime: retained(r.y1_new, r.y1_new_kept),
      repeat: retained(r.y1_repeat, r.y1_repeat_kept),
    },
    lastYearToDate: {
      ...of(last, cohort, lastUpTo),
      overall: retained(r.y2, r.y2_kept_to_date),
      firstTime: retained(r.y2_new, r.y2_new_kept_to_date),
      repeat: retained(r.y2_repeat, r.y2_repeat_kept_to_date),
    },
    lastYear: {
      ...of(last, cohort, last.end),
      overall: retained(r.y2, r.y2_kept),
      firstTime: retained(r.y2_new, r.y2_new_kept),
      repeat: retained(r.y2_repeat, r.y2_repeat_kept),
    },
  };
}
