import { setTimeout as sleep } from 'node:timers/promises';
import { hmacHex, razorpayId } from './entities';
import type { EmulatorEvent } from './ledger';

/**
 * The emulator's webhooks: each event the ledger reports becomes Razorpay's webhook body, signed
 * with the webhook secret as Razorpay signs it, queued, and handed to the app's `deliver` one at a
 * time in order, never inside the request that caused it. A delivery that fails is retried a few
 * times, then dropped, like Razorpay gives up on an endpoint (only sooner).
 */

/** One webhook request, as Razorpay would POST it to the app. */
export interface WebhookDelivery {
  eventId: string;
  event: string;
  /** The exact body; the signature is over these bytes. */
  body: string;
  headers: { 'content-type': 'application/json'; 'x-razorpay-signature': string; 'x-razorpay-event-id': string };
}

/** Sends a delivery to the app; rejects if the app did not take it (e.g. it answered non-2xx). */
export type WebhookDeliverer = (delivery: WebhookDelivery) => Promise<void>;

/** Razorpay's webhook body. */
export interface RazorpayWebhookBody extends EmulatorEvent {
  entity: 'event';
  account_id: string;
  contains: Array<keyof EmulatorEvent['payload']>;
}

/** Waits before the 1st, 2nd and 3rd retry; after the last the delivery is dropped. */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [200, 1000, 3000];

/**
 * Without a secret nothing can be signed, so nothing is delivered. The secret is asked for at each
 * event: the console's settings may change it while the sandbox runs.
 */
export function webhookQueue(currentSecret: () => string | undefined, retryDelaysMs: readonly number[]) {
  const accountId = razorpayId('acc');
  let deliver: WebhookDeliverer | undefined;
  /** The last delivery queued: each waits for the one before, so they leave one at a time, in order. */
  let tail = Promise.resolve();
  const stop = new AbortController();

  async function send(delivery: WebhookDelivery): Promise<void> {
    for (const delay of [0, ...retryDelaysMs]) {
      if (delay > 0 && !(await sleep(delay, true, { signal: stop.signal }).catch(() => false))) return;
      if (stop.signal.aborted || !deliver) return;
      try {
        return await deliver(delivery);
      } catch {
        // Quietly: the app's own log says why it refused; retried, then dropped.
      }
    }
  }

  function signed({ event, payload, created_at }: EmulatorEvent, key: string): WebhookDelivery {
    const contains = Object.keys(payload) as RazorpayWebhookBody['contains'];
    const webhook = { entity: 'event', account_id: accountId, event, contains, payload, created_at };
    const body = JSON.stringify(webhook);
    const eventId = razorpayId('evt');
    const headers = {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(body, key),
      'x-razorpay-event-id': eventId,
    } as const;
    return { eventId, event, body, headers };
  }

  const idle = async () => {
    for (let seen = tail; ; seen = tail) {
      await seen;
      if (seen === tail) return;
    }
  };

  return {
    /** From now on, events are delivered through `next` (replacing any earlier one). */
    deliverTo(next: WebhookDeliverer) {
      deliver = next;
    },
    /** Signs and queues the events' webhooks; sending starts after the current task, in order. */
    enqueue(events: EmulatorEvent[]) {
      const secret = currentSecret();
      if (!secret || !deliver || stop.signal.aborted) return;
      for (const delivery of events.map((item) => signed(item, secret))) {
        tail = tail.then(() => new Promise((resolve) => setImmediate(resolve))).then(() => send(delivery));
      }
    },
    /** Resolves once every queued delivery has been sent or dropped. */
    idle,
    /** Drops what is queued, stops waiting to retry, and waits for a delivery in flight. */
    async close() {
      stop.abort();
      await idle();
    },
  };
}
