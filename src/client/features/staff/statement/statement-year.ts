/**
 * The statement for financial year `2025-26` is filed by 31 May 2026, once the year has closed on
 * 31 March 2026 (section 80G(5)(viii), rule 18AB).
 */
export function filingDeadline(year: string): string {
  return `31 May ${Number(year.slice(0, 4)) + 1}`;
}

/** The CSV downloads of the year, plain links: the browser sends the staff session cookie with them. */
export function statementCsvHref(year: string): string {
  return `/staff/api/statement.csv?year=${encodeURIComponent(year)}`;
}

export function unreportableCsvHref(year: string): string {
  return `/staff/api/statement-unreportable.csv?year=${encodeURIComponent(year)}`;
}
