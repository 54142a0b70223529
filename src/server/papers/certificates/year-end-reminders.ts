import type { EntityManager } from '@mikro-orm/postgresql';
import { financialYearOf, financialYearStarting, indiaDate } from '../../../shared/india-time';
import { taxLawOfYear } from '../../../shared/tax-law';
import { certificateDeadline } from './deliver-certificates';

export interface YearEndReminders {
  /** The statement of the year just closed, until its certificates arrive (the portal issues them once it is filed). */
  statement: { year: string; form: string; dueOn: string; overdue: boolean } | null;
  /** Once certificates of that year are uploaded: how many donors still wait for theirs. */
  certificates: { year: string; form: string; dueOn: string; toDeliver: number; withoutMatch: number } | null;
}

/**
 * What the overview reminds staff of from 1 April: the statement of donations of the year just
 * closed, due by 31 May; and, once it is filed (its certificates uploaded), the certificates still
 * to deliver by the same date.
 */
export async function yearEndReminders(em: EntityManager, now: Date): Promise<YearEndReminders> {
  const year = financialYearStarting(financialYearOf(now).startYear - 1).label;
  const dueOn = certificateDeadline(year);
  const law = taxLawOfYear(year);
  const [counts] = await em.execute<
    { receipts: number; uploaded: number; to_deliver: number; without_match: number }[]
  >(
    `select (select count(*)::int from receipts where financial_year = ? and status = 'issued') as receipts,
            count(*)::int as uploaded,
            count(*) filter (where c.status <> 'confirmed' or m.status = 'failed')::int as to_deliver,
            count(*) filter (where c.status = 'unmatched')::int as without_match
       from donor_certificates c left join mail_outbox m on m.message_id = 'certificate-' || c.id
      where c.financial_year = ?`,
    [year, year],
  );
  const { year: y, month, day } = indiaDate(now);
  const today = `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  // A year with no receipt has nothing to file (a trust that started after it).
  if (!counts?.receipts) return { statement: null, certificates: null };
  if (!counts.uploaded) {
    return { statement: { year, form: law.statementForm, dueOn, overdue: today > dueOn }, certificates: null };
  }
  return {
    statement: null,
    certificates:
      counts.to_deliver > 0
        ? { year, form: law.certificateForm, dueOn, toDeliver: counts.to_deliver, withoutMatch: counts.without_match }
        : null,
  };
}
