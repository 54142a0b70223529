import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Builds Razorpay-shaped webhook events (see Razorpay's webhook payload docs) for tests. */
const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;

export interface PaymentFields {
  paymentId?: string;
  orderId?: string | null;
  amount: number;
  currency?: string;
  status?: 'captured' | 'failed' | 'authorized' | 'refunded';
  amountRefunded?: number;
}

export function paymentEntity(fields: PaymentFields) {
  return {
    id: fields.paymentId ?? id('pay'),
    entity: 'payment',
    amount: fields.amount,
    currency: fields.currency ?? 'INR',
    status: fields.status ?? 'captured',
    order_id: fields.orderId ?? null,
    invoice_id: null,
    international: false,
    method: 'upi',
    amount_refunded: fields.amountRefunded ?? 0,
    refund_status: fields.amountRefunded ? (fields.amountRefunded >= fields.amount ? 'full' : 'partial') : null,
    captured: fields.status === undefined || fields.status === 'captured',
    email: 'asha@example.com',
    contact: '+919876543210',
    created_at: Math.floor(Date.now() / 1000),
  };
}

export function razorpayEvent(event: string, payload: Record<string, unknown>) {
  const entities = Object.fromEntries(Object.entries(payload).map(([key, entity]) => [key, { entity }]));
  return {
    entity: 'event',
    account_id: 'acc_TestAccount01',
    event,
    contains: Object.keys(payload),
    payload: entities,
    created_at: Math.floor(Date.now() / 1000),
  };
}

export function subscriptionEntity(subscriptionId: string, status: string) {
  return { id: subscriptionId, entity: 'subscription', plan_id: 'plan_Test', status, total_count: 120 };
}

/** Posts an event signed with `secret`, as Razorpay does; returns the response. */
export function postWebhook(
  app: FastifyInstance,
  secret: string,
  event: object,
  options: { eventId?: string; signature?: string } = {},
) {
  const body = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/razorpay',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-event-id': options.eventId ?? id('evt'),
      'x-razorpay-signature': options.signature ?? createHmac('sha256', secret).update(body).digest('hex'),
    },
    payload: body,
  });
}
