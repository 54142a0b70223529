import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * Staff's answer for one ID number (PAN or Aadhaar) whose receipts of a year carry more than one
 * person (papers/reporting/statement-review.ts): which receipt's name and address Part B's rows carry. Keyed
 * by a keyed hash of the ID, never the ID itself; `people` holds keyed hashes of the names and
 * e-mail addresses staff saw, so a receipt from anyone else opens the review again.
 */
export const StatementReview = defineEntity({
  name: 'StatementReview',
  tableName: 'statement_reviews',
  properties: (p) => ({
    financialYear: p.text().primary(),
    idHash: p.text().primary(),
    /** The receipt whose name and address the rows carry. */
    receiptId: p.integer(),
    people: p.json<string[]>().columnType('jsonb'),
    resolvedBy: p.text(),
    resolvedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});

export type StatementReview = InferEntity<typeof StatementReview>;
