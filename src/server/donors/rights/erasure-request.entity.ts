import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * A donor's request to be forgotten (DPDP Act 2023). `email` is the normalised address while the
 * request waits, and a placeholder once it is completed. Receipts the tax law keeps are listed in
 * `keptReceiptIds` until `retainedUntil`, when the retention job anonymises them too.
 */
export const ErasureRequest = defineEntity({
  name: 'ErasureRequest',
  tableName: 'erasure_requests',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    email: p.text(),
    status: p.enum(['requested', 'completed']).default('requested').index('erasure_requests_status_index'),
    requestedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    completedAt: p.datetime().columnType('timestamptz').nullable(),
    completedBy: p.text().nullable(),
    keptReceiptIds: p.json<number[]>().columnType('jsonb').defaultRaw(`'[]'`),
    retainedUntil: p.datetime().columnType('timestamptz').nullable(),
    receiptsAnonymisedAt: p.datetime().columnType('timestamptz').nullable(),
  }),
});

export type ErasureRequest = InferEntity<typeof ErasureRequest>;
