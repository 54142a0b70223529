import { PURPOSES } from '../../../shared/donation.schema';
import { financialYearOf, formatIndiaDate } from '../../../shared/financial-year';

export { formatRupees } from '../../../shared/rupees';

/** An ISO instant as the day in India: `1 May 2026`. */
export const formatDay = (iso: string) => formatIndiaDate(new Date(iso));

/** The financial year (India time) an ISO instant falls in: `2026-27`. */
export const financialYearOfIso = (iso: string) => financialYearOf(new Date(iso));

/** `2026-27` → `April 2026 to March 2027`. */
export function financialYearSpan(year: string): string {
  const start = Number(year.slice(0, 4));
  return `April ${start} to March ${start + 1}`;
}

/** A gift's purpose as the donate form named it (`medical` → `Medical Treatment`); any other text as it is. */
export const purposeLabel = (purpose: string) => PURPOSES[purpose as keyof typeof PURPOSES] ?? purpose;
