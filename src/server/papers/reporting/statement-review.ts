import type { EntityManager } from '@mikro-orm/postgresql';
import { isoTime } from '../../platform/db/sql-time';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';
import { peopleOf } from './one-person';

/**
 * Staff's choice for an ID number whose receipts of a year carry more than one person: which
 * receipt's name and address Part B's rows carry (statement_reviews). It stands while every name and
 * e-mail address on the ID's receipts is one staff saw when choosing; a receipt from anyone else
 * opens the review again.
 */
export interface StatementReviewChoice {
  receiptId: number;
  resolvedBy: string;
  resolvedAt: string;
}

interface StoredReview extends StatementReviewChoice {
  people: string[];
}

/** How a review names its ID: a keyed hash, so the table never holds a PAN or Aadhaar. */
export const statementIdHash = (cipher: FieldCipher, kind: 'pan' | 'aadhaar', id: string) =>
  cipher.keyedHash('statement-review-id', `${kind}:${id}`);

/** Keyed hashes of the names and e-mail addresses on some receipts, as a review stores them. */
export function peopleHashes(cipher: FieldCipher, receipts: { donorName: string; donorEmail: string | null }[]) {
  const { names, emails } = peopleOf(receipts);
  return [...[...names.keys()].map((name) => `name:${name}`), ...[...emails.keys()].map((email) => `email:${email}`)]
    .map((person) => cipher.keyedHash('statement-review-person', person))
    .sort();
}

/** The year's stored reviews by ID hash. */
export async function reviewsOf(em: EntityManager, year: string): Promise<Map<string, StoredReview>> {
  const rows = await em.execute<(StoredReview & { idHash: string })[]>(
    `select id_hash as "idHash", receipt_id as "receiptId", people, resolved_by as "resolvedBy",
            ${isoTime('resolved_at')} as "resolvedAt"
       from statement_reviews where financial_year = ?`,
    [year],
  );
  return new Map(rows.map(({ idHash, ...review }) => [idHash, review]));
}

/** The stored choice, with its receipt, when it still covers everyone on the receipts; else null. */
export function standingReview<Line extends { id: number; donorName: string; donorEmail: string | null }>(
  cipher: FieldCipher,
  stored: StoredReview | undefined,
  receipts: Line[],
): (StatementReviewChoice & { receipt: Line }) | null {
  if (!stored) return null;
  const receipt = receipts.find((line) => line.id === stored.receiptId);
  const seen = new Set(stored.people);
  if (!receipt || !peopleHashes(cipher, receipts).every((person) => seen.has(person))) return null;
  return { receiptId: stored.receiptId, resolvedBy: stored.resolvedBy, resolvedAt: stored.resolvedAt, receipt };
}
