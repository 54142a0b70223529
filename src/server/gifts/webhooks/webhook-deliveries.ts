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

/** A Razorpay payment id as its API writes them (`pay_…`); anything else is not looked up. */
const PAYMENT_ID = /^pay_[A-Za-z0-9]{6,40}$/;

/**
 * The payment ids a body names where Razorpay's events carry them (a payment's own, a refund's).
 * Not its order or subscription ids: the checkout hands those to any visitor who starts one
 * (donation.create's `order.id`, the monthly gift's `subscription.id`), so they prove nothing.
 */
export function paymentIdsOf(raw: Buffer): string[] {
  const found = new Set<string>();
  try {
    const body = JSON.parse(raw.toString('utf8')) as { payload?: Record<string, { entity?: Record<string, unknown> }> };
    const entity = (name: string) => body?.payload?.[name]?.entity ?? {};
    for (const value of [entity('payment').id, entity('refund').payment_id]) {
      if (typeof value === 'string' && PAYMENT_ID.test(value)) found.add(value);
    }
  } catch {
    // Not JSON: names nothing.
  }
  return [...found];
}

/**
 * Whether a body names one of the trust's own payments: the id of a gift recorded as paid (or
 * paid, then refunded). Only Razorpay and the trust know those (a visitor learns an order id by
 * starting a checkout, never a payment id they did not make), so a bad signature on such a body
 * means the webhook secret is wrong, where one on any other body is an outsider's noise. (A donor
 * knows their own payment's id: a forgery naming it is red only until Razorpay's next verified
 * delivery, console/health/webhook-health.ts.)
 */
export async function namesOwnPayment(em: EntityManager, raw: Buffer): Promise<boolean> {
  const payments = paymentIdsOf(raw);
  if (payments.length === 0) return false;
  // The list as one JSON parameter (an array parameter would be spread into a list); an index probe each.
  const [row] = await em.execute<{ known: boolean }[]>(
    `select exists (select 1 from donations where status in ('paid', 'refunded')
       and razorpay_payment_id in (select jsonb_array_elements_text(?::jsonb))) as known`,
    [JSON.stringify(payments)],
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
  /**
   * Refused, yet naming one of the trust's own paid payments (namesOwnPayment): Razorpay signing
   * with another secret. Refused and false: someone else's request, harmless.
   */
  namesOwnPayment: boolean;
}

/** The newest first. */
export async function recentWebhookDeliveries(em: EntityManager, limit = 10): Promise<WebhookDeliveryRow[]> {
  return em.execute<WebhookDeliveryRow[]>(
    `select ${isoTime('received_at')} as "receivedAt", event_type as "eventType", verified,
       names_own_payment as "namesOwnPayment"
       from webhook_deliveries order by seq desc limit ?`,
    [limit],
  );
}
