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
  }),
});

export type WebhookDelivery = InferEntity<typeof WebhookDelivery>;
