/**
 * India time and the Indian financial year (1 April to 31 March). India keeps one offset all year
 * (UTC+05:30, no daylight saving), so a fixed shift is exact. Isomorphic: no Node or DOM imports.
 */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The calendar date in India as year, month (1–12) and day. */
export function indiaDate(at: Date): { year: number; month: number; day: number } {
  const shifted = new Date(at.getTime() + INDIA_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** The financial year an instant falls in, as receipts and the tax forms write it: `2026-27`. */
export function financialYearOf(at: Date): string {
  const { year, month } = indiaDate(at);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** A date as Indian documents print it, in India time: `1 April 2026`. */
export function formatIndiaDate(at: Date): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(at);
}
