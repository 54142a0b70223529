import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const STATEMENT_DONATION_KINDS = ['corpus', 'specific-grant', 'others'] as const;
export type StatementDonationKind = (typeof STATEMENT_DONATION_KINDS)[number];

/**
 * How the trust classes one purpose in the statement of donations. A purpose without a row is
 * `others`: only a purpose the trust has marked is reported as corpus or a specific grant.
 */
export const StatementPurpose = defineEntity({
  name: 'StatementPurpose',
  tableName: 'statement_purposes',
  properties: (p) => ({
    purpose: p.text().primary(),
    donationType: p.enum([...STATEMENT_DONATION_KINDS]),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});

export type StatementPurpose = InferEntity<typeof StatementPurpose>;
