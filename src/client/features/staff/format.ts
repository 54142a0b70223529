import { formatIndiaDateTime } from '../../../shared/india-time';

/** ₹ with Indian digit grouping (₹1,00,000), paise shown only when there are some. */
export function rupees(paise: number): string {
  const value = paise / 100;
  const digits = Number.isInteger(value) ? 0 : 2;
  return `₹${value.toLocaleString('en-IN', { minimumFractionDigits: digits, maximumFractionDigits: 2 })}`;
}

/** An ISO instant as India time (`2026-04-01 09:05 IST`); a dash when there is none. */
export function indiaTime(iso: string | null | undefined): string {
  return iso ? `${formatIndiaDateTime(new Date(iso))} IST` : '—';
}
