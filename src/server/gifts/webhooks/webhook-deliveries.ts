import type { EntityManager } from '@mikro-orm/postgresql';
import { isoTime } from '../../platform/db/sql-time';

/**
 * Each POST to the webhook endpoint, whether its signature verified: what the console's Settings
 * shows, so a wrong webhook secret shows as "signature failed", not as silence. Never the body
 * (it carries donors' details): the time, the event's type and the verdict. A ring of slots, one
 * statement each, so a flood of forged requests overwrites old rows and never fills the disk.
 */
export const DELIVERIES_KEPT = 50;

/** An event type as Razorpay names them (`payment.captured`); anything else from an unsigned body is not kept. */
const EVENT_TYPE = /^[a-z_]{1,30}(\.[a-z_]{1,30}){1,2}$/;

/** The `event` of a body, when it is one; read from a body whose signature may have failed. */
export function eventTypeOf(raw: Buffer): string | null {
  try {
    const event = (JSON.parse(raw.toString('utf8')) as { event?: unknown } | null)?.event;
    return typeof event === 'string' && EVENT_TYPE.test(event) ? event : null;
  } catch {
    return null;
  }
}

/** A Razorpay id as its API writes them (`pay_…`, `order_…`, `sub_…`); anything else is not looked up. */
const RAZORPAY_ID = /^(pay|order|sub)_[A-Za-z0-9]{6,40}$/;

/** The order, payment and subscription ids a body names where Razorpay's events carry them. */
export function paymentIdsOf(raw: Buffer): { orders: string[]; payments: string[]; subscriptions: string[] } {
  const found = { orders: new Set<string>(), payments: new Set<string>(), subscriptions: new Set<string>() };
  try {
    const body = JSON.parse(raw.toString('utf8')) as { payload?: Record<string, { entity?: Record<string, unknown> }> };
    const entity = (name: string) => body?.payload?.[name]?.entity ?? {};
    const add = (into: Set<string>, value: unknown) => {
      if (typeof value === 'string' && RAZORPAY_ID.test(value)) into.add(value);
    };
    add(found.payments, entity('payment').id);
    add(found.orders, entity('payment').order_id);
    add(found.orders, entity('order').id);
    add(found.payments, entity('refund').payment_id);
    add(found.subscriptions, entity('subscription').id);
    add(found.subscriptions, entity('payment').subscription_id);
  } catch {
    // Not JSON: names nothing.
  }
  return { orders: [...found.orders], payments: [...found.payments], subscriptions: [...found.subscriptions] };
}

/**
 * Whether a body names one of the trust's own orders, payments or subscriptions: only Razorpay
 * (or someone who saw the trust's payments) knows them, so a bad signature on such a body means the
 * webhook secret is wrong, where one on any other body is an outsider's noise.
 */
export async function namesOwnPayment(em: EntityManager, raw: Buffer): Promise<boolean> {
  const { orders, payments, subscriptions } = paymentIdsOf(raw);
  if (orders.length + payments.length + subscriptions.length === 0) return false;
  // Each list as one JSON parameter (an array parameter would be spread into a list); each an index probe.
  const [row] = await em.execute<{ known: boolean }[]>(
    `select exists (select 1 from donations where razorpay_order_id in (select jsonb_array_elements_text(?::jsonb)))
         or exists (select 1 from donations where razorpay_payment_id in (select jsonb_array_elements_text(?::jsonb)))
         or exists (select 1 from subscriptions
           where razorpay_subscription_id in (select jsonb_array_elements_text(?::jsonb))) as known`,
    [JSON.stringify(orders), JSON.stringify(payments), JSON.stringify(subscriptions)],
  );
  return row?.known === true;
}

export async function recordWebhookDelivery(
  em: EntityManager,
  delivery: { eventType: string | null; verified: boolean; namesOwnPayment?: boolean },
): Promise<void> {
  await em.execute(
    `insert into webhook_deliveries (slot, seq, received_at, event_type, verified, names_own_payment)
     select seq % ${DELIVERIES_KEPT}, seq, now(), ?, ?, ? from nextval('webhook_delivery_seq') as seq
     on conflict (slot) do update set seq = excluded.seq, received_at = excluded.received_at,
       event_type = excluded.event_type, verified = excluded.verified, names_own_payment = excluded.names_own_payment`,
    [delivery.eventType, delivery.verified, delivery.namesOwnPayment ?? false],
  );
}

export interface WebhookDeliveryRow {
  /** ISO-8601 UTC. */
  receivedAt: string;
  eventType: string | null;
  verified: boolean;
}

/** The newest first. */
export async function recentWebhookDeliveries(em: EntityManager, limit = 10): Promise<WebhookDeliveryRow[]> {
  return em.execute<WebhookDeliveryRow[]>(
    `select ${isoTime('received_at')} as "receivedAt", event_type as "eventType", verified
       from webhook_deliveries order by seq desc limit ?`,
    [limit],
  );
}
