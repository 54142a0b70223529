import type { EntityManager } from '@mikro-orm/postgresql';
import { isoTime } from '../staff/sql-time';

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

export async function recordWebhookDelivery(
  em: EntityManager,
  delivery: { eventType: string | null; verified: boolean },
): Promise<void> {
  await em.execute(
    `insert into webhook_deliveries (slot, seq, received_at, event_type, verified)
     select seq % ${DELIVERIES_KEPT}, seq, now(), ?, ? from nextval('webhook_delivery_seq') as seq
     on conflict (slot) do update set seq = excluded.seq, received_at = excluded.received_at,
       event_type = excluded.event_type, verified = excluded.verified`,
    [delivery.eventType, delivery.verified],
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
