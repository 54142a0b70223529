/**
 * Dates as the trust counts them: India time (Asia/Kolkata, UTC+05:30 all year, no daylight saving)
 * and the Indian financial year, 1 April to 31 March. Receipts, reports and the console use these.
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

export interface IndiaDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

/** The calendar date in India at this instant. */
export function indiaDate(instant: Date): IndiaDate {
  const shifted = new Date(instant.getTime() + IST_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** The instant India's day starts (00:00 IST); month and day may overflow, as in Date.UTC. */
export function indiaMidnight(year: number, month: number, day = 1): Date {
  return new Date(Date.UTC(year, month - 1, day) - IST_OFFSET_MS);
}

/** `YYYY-MM-DD` (India's calendar) to the instant that day starts there. */
export function parseIndiaDay(value: string): Date {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return indiaMidnight(year, month, day);
}

export function startOfIndiaDay(instant: Date): Date {
  const { year, month, day } = indiaDate(instant);
  return indiaMidnight(year, month, day);
}

export function startOfIndiaMonth(instant: Date): Date {
  const { year, month } = indiaDate(instant);
  return indiaMidnight(year, month);
}

export interface FinancialYear {
  /** The calendar year it starts in: 2026 for April 2026 – March 2027. */
  startYear: number;
  /** As written on receipts and returns: `2026-27`. */
  label: string;
  start: Date;
  /** Exclusive: the instant the next financial year starts. */
  end: Date;
}

export function financialYearStarting(startYear: number): FinancialYear {
  return {
    startYear,
    label: `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`,
    start: indiaMidnight(startYear, 4),
    end: indiaMidnight(startYear + 1, 4),
  };
}

export function financialYearOf(instant: Date): FinancialYear {
  const { year, month } = indiaDate(instant);
  return financialYearStarting(month >= 4 ? year : year - 1);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `2026-04-01 09:05` in India time: sortable, and read the same way by people and spreadsheets. */
export function formatIndiaDateTime(instant: Date): string {
  const shifted = new Date(instant.getTime() + IST_OFFSET_MS);
  const { year, month, day } = indiaDate(instant);
  return `${year}-${pad(month)}-${pad(day)} ${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`;
}

/** `2026-04` of the month this instant falls in, India time. */
export function indiaMonthKey(instant: Date): string {
  const { year, month } = indiaDate(instant);
  return `${year}-${pad(month)}`;
}
