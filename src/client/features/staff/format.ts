import { formatIndiaDateTime } from '../../../shared/india-time';

/** ₹ with Indian digit grouping, as everywhere on the site (shared/rupees.ts). */
export { formatRupees as rupees } from '../../../shared/rupees';

/** An ISO instant as India time (`2026-04-01 09:05 IST`); a dash when there is none. */
export function indiaTime(iso: string | null | undefined): string {
  return iso ? `${formatIndiaDateTime(new Date(iso))} IST` : '—';
}
