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

export class WebhookQueue {
  private deliver: WebhookDeliverer | undefined;
  private readonly queue: WebhookDelivery[] = [];
  /** The running drain of the queue, if any. */
  private draining: Promise<void> | undefined;
  private closed = false;
  private readonly stop = new AbortController();

  constructor(
    private readonly options: {
      /** Without a secret nothing can be signed, so nothing is delivered. */
      secret: string | undefined;
      accountId: string;
      retryDelaysMs: readonly number[];
    },
  ) {}

  /** From now on, events are delivered through `deliver` (replacing any earlier one). */
  deliverTo(deliver: WebhookDeliverer): void {
    this.deliver = deliver;
  }

  /** Signs and queues the events' webhooks; sending starts after the current task, in order. */
  enqueue(events: EmulatorEvent[]): void {
    for (const event of events) this.enqueueOne(event);
  }

  private enqueueOne(event: EmulatorEvent): void {
    const { secret, accountId } = this.options;
    if (!secret || !this.deliver || this.closed) return;
    const webhook: RazorpayWebhookBody = {
      entity: 'event',
      account_id: accountId,
      event: event.event,
      contains: Object.keys(event.payload) as RazorpayWebhookBody['contains'],
      payload: event.payload,
      created_at: event.created_at,
    };
    const body = JSON.stringify(webhook);
    const eventId = razorpayId('evt');
    this.queue.push({
      eventId,
      event: event.event,
      body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacHex(body, secret),
        'x-razorpay-event-id': eventId,
      },
    });
    this.draining ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain());
  }

  /** Resolves once every queued delivery has been sent or dropped. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** Drops what is queued, stops waiting to retry, and waits for a delivery in flight. */
  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    this.stop.abort();
    await this.idle();
  }

  private async drain(): Promise<void> {
    for (let next = this.queue.shift(); next && !this.closed; next = this.queue.shift()) await this.send(next);
    this.draining = undefined;
  }

  private async send(delivery: WebhookDelivery): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const deliver = this.deliver;
      if (!deliver) return;
      try {
        await deliver(delivery);
        return;
      } catch {
        // Quietly: the app's own log says why it refused; retried below, then dropped.
      }
      const delay = this.options.retryDelaysMs[attempt];
      if (delay === undefined || this.closed) return;
      try {
        await sleep(delay, undefined, { signal: this.stop.signal });
      } catch {
        return;
      }
    }
  }
}
