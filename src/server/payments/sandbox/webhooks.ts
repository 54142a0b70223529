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
export interface RazorpayWebhookBody {
  entity: 'event';
  account_id: string;
  event: EmulatorEvent['event'];
  contains: Array<keyof EmulatorEvent['payload']>;
  payload: EmulatorEvent['payload'];
  created_at: number;
}

/** Waits before the 1st, 2nd and 3rd retry; after the last the delivery is dropped. */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [200, 1000, 3000];

export interface WebhookQueue {
  /** From now on, events are delivered through `deliver` (replacing any earlier one). */
  deliverTo(deliver: WebhookDeliverer): void;
  /** Signs and queues the events' webhooks; sending starts after the current task, in order. */
  enqueue(events: EmulatorEvent[]): void;
  /** Resolves once every queued delivery has been sent or dropped. */
  idle(): Promise<void>;
  /** Drops what is queued, stops waiting to retry, and waits for a delivery in flight. */
  close(): Promise<void>;
}

export function webhookQueue(options: {
  /** Without a secret nothing can be signed, so nothing is delivered. */
  secret: string | undefined;
  accountId: string;
  retryDelaysMs: readonly number[];
}): WebhookQueue {
  const { secret, accountId } = options;
  let deliver: WebhookDeliverer | undefined;
  /** The last delivery queued: each waits for the one before, so they leave one at a time, in order. */
  let tail = Promise.resolve();
  let closed = false;
  const stop = new AbortController();

  async function send(delivery: WebhookDelivery): Promise<void> {
    for (const delay of [0, ...options.retryDelaysMs]) {
      if (delay > 0 && !(await sleep(delay, true, { signal: stop.signal }).catch(() => false))) return;
      if (closed || !deliver) return;
      try {
        return await deliver(delivery);
      } catch {
        // Quietly: the app's own log says why it refused; retried, then dropped.
      }
    }
  }

  function signed({ event, payload, created_at }: EmulatorEvent): WebhookDelivery {
    const contains = Object.keys(payload) as RazorpayWebhookBody['contains'];
    const webhook: RazorpayWebhookBody = {
      entity: 'event',
      account_id: accountId,
      event,
      contains,
      payload,
      created_at,
    };
    const body = JSON.stringify(webhook);
    const eventId = razorpayId('evt');
    const signature = hmacHex(body, secret ?? '');
    const headers = {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': eventId,
    } as const;
    return { eventId, event, body, headers };
  }

  const queue: WebhookQueue = {
    deliverTo(next) {
      deliver = next;
    },
    enqueue(events) {
      if (!secret || !deliver || closed) return;
      for (const delivery of events.map(signed)) {
        tail = tail.then(() => new Promise((resolve) => setImmediate(resolve))).then(() => send(delivery));
      }
    },
    async idle() {
      for (let seen = tail; ; seen = tail) {
        await seen;
        if (seen === tail) return;
      }
    },
    async close() {
      closed = true;
      stop.abort();
      await queue.idle();
    },
  };
  return queue;
}
