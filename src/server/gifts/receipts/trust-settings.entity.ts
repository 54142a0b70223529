import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * The trust's legal details for receipts, once an admin has saved them: a single row (id 1).
 * Until then the defaults in the site content apply. Receipts copy them when issued.
 */
export const TrustSettings = defineEntity({
  name: 'TrustSettings',
  tableName: 'trust_settings',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(false),
    name: p.text(),
    address: p.text(),
    pan: p.text(),
    registration80g: p.text().fieldName('registration_80g'),
    approvedOn: p.text(),
    validity: p.text(),
    signatoryName: p.text(),
    signatoryTitle: p.text(),
    receiptPrefix: p.text(),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});

export type TrustSettings = InferEntity<typeof TrustSettings>;
