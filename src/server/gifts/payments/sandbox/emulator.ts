import type { Knex } from '@mikro-orm/knex';
import type { FastifyInstance } from 'fastify';
import { razorpayApi } from './api';
import { checkoutRoutes, completePayment, describe, failPayment, type PaymentTarget } from './checkout.routes';
import { chargeSubscription, devControlRoutes, failSubscriptionCharge } from './dev-controls';
import type { Payer } from './entities';
import { type EmulatorEvent, refund } from './ledger';
import { SETTLEMENT_DELAY_MS, settleCaptured } from './settlements';
import { openSandboxStore, type SandboxTransaction } from './store';
import { WEBHOOK_RETRY_DELAYS_MS, type WebhookDeliverer, webhookQueue } from './webhooks';

export type { CheckoutFailure, CheckoutSuccess, PaymentTarget } from './checkout.routes';
export type { SubscriptionCharge } from './dev-controls';
export { EmulatorNotFoundError, EmulatorStateError, type Payer } from './entities';
export type { RazorpayWebhookBody, WebhookDeliverer, WebhookDelivery } from './webhooks';

export interface RazorpayEmulatorOptions {
  keyId: string;
  keySecret: string;
  /** Where the sandbox keeps what it made (its own `razorpay_sandbox` schema). */
  database: Knex;
  /** Every API answer waits this long first (the real API takes ~250 ms). */
  latencyMs?: number;
  /** Signs the webhooks (X-Razorpay-Signature); without it no webhook is delivered. */
  webhookSecret?: string;
  /** How long to wait before each retry of a refused webhook; its length is the number of retries. */
  webhookRetryDelaysMs?: readonly number[];
  /** Adds the charge, refund and settle routes (SANDBOX_DEV_CONTROLS=true). */
  devControls?: boolean;
  /**
   * How long after capture a payment is settled to the trust's bank: T+2 days unless told
   * otherwise (SANDBOX_SETTLEMENT_DELAY_MS), so a test or a demo need not wait two days.
   */
  settlementDelayMs?: number;
}

export type RazorpayEmulator = Awaited<ReturnType<typeof startRazorpayEmulator>>;

/**
 * An offline stand-in for Razorpay ("the sandbox"): its API on a loopback port for the SDK, its
 * checkout for the donor, its signed webhooks for the app, all kept in PostgreSQL. Loaded only in
 * sandbox mode. Its actions throw EmulatorNotFoundError for unknown ids and EmulatorStateError for
 * what can no longer be done (an order already paid…).
 */
export async function startRazorpayEmulator(options: RazorpayEmulatorOptions) {
  // What it accepts and signs with; the console's settings may change them (acceptKeys).
  const keys = { keyId: options.keyId, keySecret: options.keySecret, webhookSecret: options.webhookSecret };
  const store = await openSandboxStore(options.database);
  const controls = { latencyMs: Math.max(0, options.latencyMs ?? 0), failuresLeft: 0 };
  const webhooks = webhookQueue(() => keys.webhookSecret, options.webhookRetryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS);
  /** One transaction per action; its webhooks leave only once it has committed. */
  const act = async <T>(work: (tx: SandboxTransaction) => Promise<{ answer: T; events: EmulatorEvent[] }>) => {
    const { answer, events } = await store.transaction(work);
    webhooks.enqueue(events);
    return answer;
  };
  const api = razorpayApi({ keys, controls, store, emit: webhooks.enqueue });
  const settlementDelayMs = Math.max(0, options.settlementDelayMs ?? SETTLEMENT_DELAY_MS);
  const settle = (capturedBy = new Date(Date.now() - settlementDelayMs)) => act((tx) => settleCaptured(tx, capturedBy));
  const settling = settleOnItsOwn(settle, settlementDelayMs);
  await api.listen({ host: '127.0.0.1', port: 0 });
  const address = api.server.address();
  if (!address || typeof address === 'string') throw new Error('The Razorpay emulator has no TCP address');

  const emulator = {
    /** The SDK's base URL, e.g. http://127.0.0.1:41234 (the SDK adds /v1/…). */
    url: `http://127.0.0.1:${address.port}`,
    /**
     * From now on, accepts this key pair only (any other is refused with 401, as Razorpay refuses a
     * wrong key) and signs payments and webhooks with these secrets: the console saved new keys.
     */
    acceptKeys(next: { keyId: string; keySecret: string; webhookSecret: string }) {
      Object.assign(keys, next);
    },
    setLatency(ms: number) {
      controls.latencyMs = Math.max(0, ms);
    },
    /** The next `count` API calls answer 500 SERVER_ERROR, whatever they ask. */
    failNextRequests(count: number) {
      controls.failuresLeft = Math.max(0, Math.floor(count));
    },
    /** The donor pays: a captured payment and the signed response checkout.js hands over. */
    completePayment: (target: PaymentTarget, payer: Payer = {}) =>
      act((tx) => completePayment(tx, keys.keySecret, target, payer)),
    /** The donor's payment fails: a failed payment and what checkout.js passes to `payment.failed`. */
    failPayment: (target: PaymentTarget, payer: Payer = {}) => act((tx) => failPayment(tx, target, payer)),
    /** What the checkout modal shows. */
    describe: (target: PaymentTarget) => store.transaction((tx) => describe(tx, target)),
    /** The next monthly charge of a subscription the donor has paid for, then its webhooks. */
    chargeSubscription: (subscriptionId: string) => act((tx) => chargeSubscription(tx, subscriptionId)),
    /** The next monthly charge fails: `subscription.pending`, and `subscription.halted` when it fails again. */
    failSubscriptionCharge: (subscriptionId: string) => act((tx) => failSubscriptionCharge(tx, subscriptionId)),
    /** Refunds a captured payment, in full unless `amount` (paise) says less (RangeError for a bad amount). */
    refundPayment: (paymentId: string, amount?: number) => act((tx) => refund(tx, paymentId, amount)),
    /**
     * Settles now what is due (payments captured at least the settlement delay ago), or everything
     * captured by `capturedBy`, then sends `settlement.processed`; null when there was nothing to pay.
     * The sandbox also does this on its own while it runs.
     */
    settle: (options: { capturedBy?: Date } = {}) => settle(options.capturedBy),
    /** The plans created so far, oldest first. */
    plans: async () =>
      (await store.transaction((tx) => tx.list('plan'))).map((plan) => ({ id: plan.id, amount: plan.item.amount })),
    /**
     * Sends every later webhook through `deliver` (replacing an earlier one), one at a time in order,
     * after the call that caused it. A rejection is retried 3 times (after 200 ms, 1 s, 3 s), then
     * dropped. Nothing is delivered without `webhookSecret`.
     */
    deliverWebhooksTo: (deliver: WebhookDeliverer) => webhooks.deliverTo(deliver),
    /** Resolves when every queued webhook has been delivered or dropped. */
    webhooksIdle: () => webhooks.idle(),
    /** The sandbox's browser routes (checkout, and the development controls when enabled), for the app. */
    async routes(app: FastifyInstance) {
      await app.register(checkoutRoutes, emulator);
      if (options.devControls) await app.register(devControlRoutes, emulator);
    },
    async close() {
      await settling.stop();
      await webhooks.close();
      await api.close();
    },
  };
  return emulator;
}

/**
 * Razorpay settles without being asked: the sandbox looks for payments due a few times per delay
 * (every 100 ms to every hour), so a payment is settled soon after its delay has passed.
 */
function settleOnItsOwn(settle: () => Promise<unknown>, delayMs: number) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const pass = () =>
    stopped
      ? undefined
      : settle().catch(() => {
          // The database went away (a test dropping it, a restart): the next pass tries again.
        });
  const timer = setInterval(
    () => {
      running = running.then(pass);
    },
    Math.min(60 * 60_000, Math.max(100, delayMs / 4)),
  );
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
