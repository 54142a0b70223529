import { financialYearOf, indiaMidnight, parseIndiaDay } from '../../../shared/india-time';
import { DomainError } from '../../platform/core/domain-error';

/**
 * A financial year is closed once its statement of donations is due: 31 May after the year ends
 * (rule 18AB of the 1962 Rules; rule 190 of the Income-tax Rules, 2026). From 1 June the statement
 * may be filed, and a receipt added to the year would be missing from it, so only an admin who
 * says so (`allowClosedYear`, for a revised statement) records a gift in it.
 */

/** `2025-26` → its statement's due date, `2026-05-31`. */
export const statementDueDate = (financialYear: string) => `${Number(financialYear.slice(0, 4)) + 1}-05-31`;

/** Whether the financial year of this India date is closed at `now`: its due date has passed. */
export function isInClosedYear(receivedOn: string, now: Date): boolean {
  const year = financialYearOf(parseIndiaDay(receivedOn));
  return now.getTime() >= indiaMidnight(year.startYear + 1, 6, 1).getTime();
}

/** Refuses a gift dated in a closed year unless an admin says so; the message says why and who may. */
export function checkYearOpen(
  gift: { receivedOn: string; allowClosedYear?: boolean | undefined },
  role: 'admin' | 'staff',
  now: Date,
): void {
  if (!isInClosedYear(gift.receivedOn, now)) return;
  const year = financialYearOf(parseIndiaDay(gift.receivedOn)).label;
  const closed = `the financial year ${year} is closed: its statement was due on ${statementDueDate(year)}`;
  if (role !== 'admin') {
    throw new DomainError('BAD_REQUEST', `receivedOn: ${closed}. Only an admin may record a gift in it.`);
  }
  if (!gift.allowClosedYear) {
    throw new DomainError(
      'BAD_REQUEST',
      `receivedOn: ${closed}. Tick "Record it in the closed year" (allowClosedYear) to record it anyway, and revise the statement.`,
    );
  }
}

/** The problem as an import row states it (the same words), or null when the year is open. */
export function closedYearProblem(
  gift: { receivedOn: string; allowClosedYear?: boolean | undefined },
  role: 'admin' | 'staff',
  now: Date,
): string | null {
  try {
    checkYearOpen(gift, role, now);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error.message.replace(/^receivedOn: /, '');
    throw error;
  }
}
