/** ₹ with Indian digit grouping, as everywhere on the site (shared/rupees.ts). */
export { formatRupees as rupees } from '../../../shared/rupees';

/**
 * The console's one way to write a date: day, month in letters, year, as India reads it (never the
 * browser's own order, which is month first on an American-English machine), in India time.
 */
const INDIA_DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const INDIA_DAY = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** The parts by name, so the order is ours whatever the browser's locale data says. */
function parts(format: Intl.DateTimeFormat, date: Date): Record<string, string> {
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/** An ISO instant as India time (`1 Apr 2026, 09:05 IST`); a dash when there is none. */
export function indiaTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const { day, month, year, hour, minute } = parts(INDIA_DATE_TIME, new Date(iso));
  return `${day} ${month} ${year}, ${hour}:${minute} IST`;
}

/** A calendar day `YYYY-MM-DD` (a cheque's date, the day a gift came) as `1 Apr 2026`; a dash when none. */
export function indiaDay(ymd: string | null | undefined): string {
  if (!ymd) return '—';
  const { day, month, year } = parts(INDIA_DAY, new Date(`${ymd}T00:00:00Z`));
  return `${day} ${month} ${year}`;
}
