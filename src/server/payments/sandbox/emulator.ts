import type { Knex } from '@mikro-orm/knex';
import type { FastifyInstance } from 'fastify';
import { razorpayApi } from './api';
import { checkoutRoutes } from './checkout.routes';
import {
  type CheckoutFailure,
  type CheckoutSuccess,
  completePayment,
  describe,
  failPayment,
  type PaymentTarget,
} from './checkout-actions';
import { chargeSubscription, devControlRoutes, type SubscriptionCharge } from './dev-controls';
import type { Payer, RefundEntity } from './entities';
import { type EmulatorEvent, refund } from './ledger';
import { openSandboxStore, type SandboxTransaction } from './store';
import { WEBHOOK_RETRY_DELAYS_MS, type WebhookDeliverer, webhookQueue } from './webhooks';

export type { CheckoutFailure, CheckoutSuccess, PaymentTarget } from './checkout-actions';
export type { SubscriptionCharge } from './dev-controls';
export { EmulatorNotFoundError, EmulatorStateError, type Payer } from './entities';
export type { RazorpayWebhookBody, WebhookDeliverer, WebhookDelivery } from './webhooks';

/**
 * An offline stand-in for Razorpay ("the sandbox"): its API on a loopback port for the SDK, its
 * checkout for the donor, its signed webhooks for the app, all kept in PostgreSQL. Loaded only in
 * sandbox mode. The actions below throw EmulatorNotFoundError for unknown ids and
 * EmulatorStateError for what can no longer be done (an order already paid…).
 */
export interface RazorpayEmulator {
  /** The SDK's base URL, e.g. http://127.0.0.1:41234 (the SDK adds /v1/…). */
  url: string;
  /** Every API answer waits this long first (the real API takes ~250 ms). */
  setLatency(ms: number): void;
  /** The next `count` API calls answer 500 SERVER_ERROR, whatever they ask. */
  failNextRequests(count: number): void;
  /** The donor pays: a captured payment and the signed response checkout.js hands over. */
  completePayment(target: PaymentTarget, payer?: Payer): Promise<CheckoutSuccess>;
  /** The donor's payment fails: a failed payment and what checkout.js passes to `payment.failed`. */
  failPayment(target: PaymentTarget, payer?: Payer): Promise<CheckoutFailure>;
  /** What the checkout modal shows. */
  describe(target: PaymentTarget): Promise<{ amount: number; currency: string }>;
  /** The next monthly charge of a subscription the donor has paid for, then its webhooks. */
  chargeSubscription(subscriptionId: string): Promise<SubscriptionCharge>;
  /** Refunds a captured payment, in full unless `amount` (paise) says less (RangeError for a bad amount). */
  refundPayment(paymentId: string, amount?: number): Promise<RefundEntity>;
  /** The plans created so far, oldest first. */
  plans(): Promise<Array<{ id: string; amount: number }>>;
  /**
   * Sends every later webhook through `deliver` (replacing an earlier one), one at a time in order,
   * after the call that caused it. A rejection is retried 3 times (after 200 ms, 1 s, 3 s), then
   * dropped. Nothing is delivered without `webhookSecret`.
   */
  deliverWebhooksTo(deliver: WebhookDeliverer): void;
  /** Resolves when every queued webhook has been delivered or dropped. */
  webhooksIdle(): Promise<void>;
  /** The sandbox's browser routes (checkout, and the development controls when enabled), for the app. */
  routes(app: FastifyInstance): Promise<void>;
  close(): Promise<void>;
}

export interface RazorpayEmulatorOptions {
  keyId: string;
  keySecret: string;
  /** Where the sandbox keeps what it made (its own `razorpay_sandbox` schema). */
  database: Knex;
  latencyMs?: number;
  /** Signs the webhooks (X-Razorpay-Signature); without it no webhook is delivered. */
  webhookSecret?: string;
  /** How long to wait before each retry of a refused webhook; its length is the number of retries. */
  webhookRetryDelaysMs?: readonly number[];
  /** Adds the charge and refund routes (SANDBOX_DEV_CONTROLS=true). */
  devControls?: boolean;
}

export async function startRazorpayEmulator(options: RazorpayEmulatorOptions): Promise<RazorpayEmulator> {
  const store = await openSandboxStore(options.database);
  const controls = { latencyMs: Math.max(0, options.latencyMs ?? 0), failuresLeft: 0 };
  const webhooks = webhookQueue(
    options.webhookSecret || undefined,
    options.webhookRetryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS,
  );
  /** One transaction per action; its webhooks leave only once it has committed. */
  const act = async <T>(work: (tx: SandboxTransaction) => Promise<{ answer: T; events: EmulatorEvent[] }>) => {
    const { answer, events } = await store.transaction(work);
    webhooks.enqueue(events);
    return answer;
  };
  const api = razorpayApi({ ...options, controls, store, emit: webhooks.enqueue });
  await api.listen({ host: '127.0.0.1', port: 0 });
  const address = api.server.address();
  if (!address || typeof address === 'string') throw new Error('The Razorpay emulator has no TCP address');

  const emulator: RazorpayEmulator = {
    url: `http://127.0.0.1:${address.port}`,
    setLatency: (ms) => {
      controls.latencyMs = Math.max(0, ms);
    },
    failNextRequests: (count) => {
      controls.failuresLeft = Math.max(0, Math.floor(count));
    },
    completePayment: (target, payer = {}) => act((tx) => completePayment(tx, options.keySecret, target, payer)),
    failPayment: (target, payer = {}) => act((tx) => failPayment(tx, target, payer)),
    describe: (target) => store.transaction((tx) => describe(tx, target)),
    chargeSubscription: (subscriptionId) => act((tx) => chargeSubscription(tx, subscriptionId)),
    refundPayment: (paymentId, amount) => act((tx) => refund(tx, paymentId, amount)),
    plans: async () =>
      (await store.transaction((tx) => tx.list('plan'))).map((plan) => ({ id: plan.id, amount: plan.item.amount })),
    deliverWebhooksTo: webhooks.deliverTo,
    webhooksIdle: webhooks.idle,
    routes: async (app) => {
      await app.register(checkoutRoutes, { emulator });
      if (options.devControls) await app.register(devControlRoutes, { emulator });
    },
    close: async () => {
      await webhooks.close();
      await api.close();
    },
  };
  return emulator;
}
