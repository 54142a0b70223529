import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * Every Razorpay webhook received, keyed by Razorpay's event id (or `sha256:` and the body's
 * digest when a proxy stripped it): the key makes each event apply exactly once, and the payload
 * stays for the staff (an amount mismatch is kept here, unpaid). With their outcomes, these rows
 * are also the ledger of refunds that settlement/refund-ledger.ts reads.
 */
export const WebhookEvent = defineEntity({
  name: 'WebhookEvent',
  tableName: 'webhook_events',
  properties: (p) => ({
    id: p.text().primary(),
    type: p.text(),
    receivedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    payload: p.json<Record<string, unknown>>().columnType('jsonb'),
    /** What applying it did: 'applied', 'ignored', or why it was not ('amount_mismatch', …). */
    outcome: p.text().nullable(),
  }),
});

export type WebhookEvent = InferEntity<typeof WebhookEvent>;
