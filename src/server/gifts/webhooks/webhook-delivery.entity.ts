import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** One slot of the ring of recent webhook deliveries (webhook-deliveries.ts), written with SQL. */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: (p) => ({
    slot: p.integer().primary().autoincrement(false),
    seq: p.bigint(),
    receivedAt: p.datetime().columnType('timestamptz'),
    eventType: p.text().nullable(),
    verified: p.boolean(),
    /** A body that failed its signature named one of the trust's own orders, payments or subscriptions. */
    namesOwnPayment: p.boolean().default(false),
  }),
});

export type WebhookDelivery = InferEntity<typeof WebhookDelivery>;
