import { timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { RazorpayApiError, type RazorpayRefundEntity } from './entities';
import {
  type CheckoutFailure,
  type CheckoutSuccess,
  EmulatorState,
  type Payer,
  type PaymentTarget,
  razorpayId,
  type SubscriptionCharge,
} from './state';
import { WEBHOOK_RETRY_DELAYS_MS, type WebhookDeliverer, WebhookQueue } from './webhooks';

export type { RazorpayInvoiceEntity, RazorpayRefundEntity } from './entities';
export type {
  CheckoutFailure,
  CheckoutSuccess,
  EmulatorEvent,
  EmulatorEventListener,
  EmulatorEventName,
  Payer,
  PaymentTarget,
  SubscriptionCharge,
} from './state';
export { EmulatorNotFoundError, EmulatorStateError } from './state';
export type { RazorpayWebhookBody, WebhookDeliverer, WebhookDelivery } from './webhooks';

/**
 * An offline stand-in for the few Razorpay API endpoints the donation service uses, for sandbox
 * mode and tests. Point the official SDK at it with `client.api.rq.defaults.baseURL = emulator.url`.
 */
export interface RazorpayEmulator {
  /** The SDK's base URL, e.g. http://127.0.0.1:41234 (the SDK adds /v1/…). */
  url: string;
  /** Every API answer waits this long first (the real API takes ~250 ms). */
  setLatency(ms: number): void;
  /** The next `count` API calls answer 500 SERVER_ERROR, whatever they ask. */
  failNextRequests(count: number): void;
  /** The donor pays: a captured payment and the signature checkout.js would hand over. Throws EmulatorNotFoundError for unknown ids. */
  completePayment(target: PaymentTarget, payer?: Payer): CheckoutSuccess;
  /** The donor's payment fails: a failed payment and the object checkout.js passes to `payment.failed`. */
  failPayment(target: PaymentTarget, payer?: Payer): CheckoutFailure;
  /**
   * The next cycle's charge on a subscription the donor has paid for: a captured payment on a new
   * invoice, then `payment.captured`, `subscription.charged` (and `subscription.completed` after the
   * last cycle). Throws EmulatorNotFoundError for an unknown id, EmulatorStateError when the
   * subscription was never paid for or has ended.
   */
  chargeSubscription(subscriptionId: string): SubscriptionCharge;
  /**
   * Refunds a captured payment, in full unless `amount` (paise) says less, then `refund.created`
   * and `refund.processed`. Throws EmulatorNotFoundError for an unknown id, EmulatorStateError for a
   * payment not captured, already refunded or with less left, RangeError for a bad amount.
   */
  refundPayment(paymentId: string, amount?: number): RazorpayRefundEntity;
  /**
   * Sends every later webhook through `deliver` (replacing an earlier one), one at a time in order,
   * after the request that caused it. A rejection is retried 3 times (after 200 ms, 1 s, 3 s), then
   * the webhook is dropped. Nothing is delivered without `webhookSecret`.
   */
  deliverWebhooksTo(deliver: WebhookDeliverer): void;
  /** Resolves when every queued webhook has been delivered or dropped. */
  webhooksIdle(): Promise<void>;
  /** What the checkout modal shows (a subscription: its plan's amount times its quantity). */
  describe(target: PaymentTarget): { amount: number; currency: string };
  /** For tests: the plans created so far. */
  readonly plans: ReadonlyArray<{ id: string; amount: number }>;
  /** Listens to payment events (named as Razorpay's webhooks); returns the function that stops listening. */
  onEvent: EmulatorState['onEvent'];
  close(): Promise<void>;
}

export interface RazorpayEmulatorOptions {
  keyId: string;
  keySecret: string;
  latencyMs?: number;
  /** Signs the webhooks (X-Razorpay-Signature); without it no webhook is delivered. */
  webhookSecret?: string;
  /** How long to wait before each retry of a refused webhook; its length is the number of retries. */
  webhookRetryDelaysMs?: readonly number[];
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether the request carries HTTP Basic credentials `keyId:keySecret`, as the SDK sends them. */
function isAuthorised(request: FastifyRequest, keyId: string, keySecret: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return false;
  return sameText(Buffer.from(match[1], 'base64').toString('utf8'), `${keyId}:${keySecret}`);
}

function sendError(reply: FastifyReply, error: RazorpayApiError): FastifyReply {
  return reply.code(error.statusCode).send(error.body);
}

export async function startRazorpayEmulator(options: RazorpayEmulatorOptions): Promise<RazorpayEmulator> {
  const { keyId, keySecret } = options;
  const state = new EmulatorState(keySecret);
  let latencyMs = Math.max(0, options.latencyMs ?? 0);
  let failuresLeft = 0;
  const webhooks = new WebhookQueue({
    secret: options.webhookSecret || undefined,
    accountId: razorpayId('acc'),
    retryDelaysMs: options.webhookRetryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS,
  });
  state.onEvent((event) => webhooks.enqueue(event));

  const app = Fastify({ logger: false });

  app.addHook('onRequest', async (request, reply) => {
    if (latencyMs > 0) await sleep(latencyMs);
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      return sendError(reply, RazorpayApiError.serverError());
    }
    if (!isAuthorised(request, keyId, keySecret)) return sendError(reply, RazorpayApiError.authenticationFailed());
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    if (error instanceof RazorpayApiError) return sendError(reply, error);
    // Fastify's own 4xx (unparseable JSON, unsupported content type…) in Razorpay's words.
    if (error.statusCode && error.statusCode < 500) return sendError(reply, RazorpayApiError.badRequest(error.message));
    return sendError(reply, RazorpayApiError.serverError());
  });

  app.setNotFoundHandler((_request, reply) =>
    sendError(reply, RazorpayApiError.badRequest('The requested URL was not found on the server.')),
  );

  type ById = { Params: { id: string } };
  app.post('/v1/orders', async (request) => state.createOrder(request.body));
  app.get<ById>('/v1/orders/:id', async (request) => state.fetchOrder(request.params.id));
  app.get<ById>('/v1/orders/:id/payments', async (request) => state.fetchOrderPayments(request.params.id));
  app.post('/v1/plans', async (request) => state.createPlan(request.body));
  app.get<ById>('/v1/plans/:id', async (request) => state.fetchPlan(request.params.id));
  app.post('/v1/subscriptions', async (request) => state.createSubscription(request.body));
  app.get<ById>('/v1/subscriptions/:id', async (request) => state.fetchSubscription(request.params.id));
  app.get<ById>('/v1/payments/:id', async (request) => state.fetchPayment(request.params.id));
  app.get<ById>('/v1/payments/:id/refunds', async (request) => state.fetchPaymentRefunds(request.params.id));
  app.get<ById>('/v1/refunds/:id', async (request) => state.fetchRefund(request.params.id));
  app.get('/v1/invoices', async (request) => state.listInvoices(request.query));
  app.get<ById>('/v1/invoices/:id', async (request) => state.fetchInvoice(request.params.id));

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The Razorpay emulator has no TCP address');

  return {
    url: `http://127.0.0.1:${address.port}`,
    setLatency(ms) {
      latencyMs = Math.max(0, ms);
    },
    failNextRequests(count) {
      failuresLeft = Math.max(0, Math.floor(count));
    },
    completePayment: (target, payer) => state.completePayment(target, payer),
    failPayment: (target, payer) => state.failPayment(target, payer),
    chargeSubscription: (subscriptionId) => state.chargeSubscription(subscriptionId),
    refundPayment: (paymentId, amount) => state.refundPayment(paymentId, amount),
    deliverWebhooksTo: (deliver) => webhooks.deliverTo(deliver),
    webhooksIdle: () => webhooks.idle(),
    describe: (target) => state.describe(target),
    get plans() {
      return state.planSummaries();
    },
    onEvent: (listener) => state.onEvent(listener),
    close: async () => {
      await webhooks.close();
      await app.close();
    },
  };
}
