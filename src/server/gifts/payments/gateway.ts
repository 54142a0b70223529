// Over 250 lines on purpose: one adapter, the trust's Razorpay calls over the SDK and the parsing of
// every answer they get; a new call adds its method and the schema of its answer here.
import type http from 'node:http';
import type https from 'node:https';
import { getProxyForUrl } from 'proxy-from-env';
import Razorpay from 'razorpay';
import { z } from 'zod';
import { providerAgents } from './keep-alive';

/**
 * The few Razorpay calls the trust needs, over the official SDK. In sandbox mode the same SDK
 * talks to the local emulator instead of api.razorpay.com, so this code path is always exercised.
 * Every answer is parsed here, so the rest of the server works with checked shapes, never casts.
 */
export interface PaymentGateway {
  createOrder(input: { amount: number; receipt: string; notes: Record<string, string> }): Promise<{ id: string }>;
  createMonthlyPlan(input: { amount: number }): Promise<{ id: string }>;
  createSubscription(input: {
    planId: string;
    totalCount: number;
    notes: Record<string, string>;
  }): Promise<ProviderSubscription>;
  /**
   * Ends a monthly donation: at once (Razorpay charges it no more), or with `atCycleEnd` when the
   * month already paid ends (it stays active until then).
   */
  cancelSubscription(subscriptionId: string, options?: { atCycleEnd?: boolean }): Promise<ProviderSubscription>;
  /**
   * Moves a monthly donation to another plan from its next charge (PATCH, `schedule_change_at:
   * cycle_end`). Razorpay refuses it for a UPI mandate (`isUpiUpdateRefusal`) and outside
   * `authenticated` and `active`.
   */
  scheduleSubscriptionPlan(subscriptionId: string, planId: string): Promise<ProviderSubscription>;
  /** Pauses an active monthly donation now: no charge until it is resumed. */
  pauseSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Resumes a paused monthly donation now (a cancelled one cannot be). */
  resumeSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Refunds a captured payment in full (a payment that arrived after its donor's erasure). */
  refundPayment(paymentId: string): Promise<{ id: string }>;
  /** For reconciliation: what became of a checkout whose browser never came back. */
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  fetchSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** The subscription's paid and unpaid invoices, each charge's payment id on the paid ones. */
  fetchSubscriptionInvoices(subscriptionId: string): Promise<ProviderInvoice[]>;
  /** The settlements made to the trust's bank between two instants, every page of them. */
  fetchSettlements(range: { from: Date; to: Date }): Promise<ProviderSettlement[]>;
  /**
   * The lines (payments, refunds, adjustments) of the settlements made on one day, every page of
   * them: Razorpay's settlement report, which it gives by day, not by settlement.
   */
  fetchSettlementReport(day: { year: number; month: number; day: number }): Promise<ProviderSettlementLine[]>;
}

// Only the fields read here; Razorpay's many others are dropped (and may come and go).
const created = z.object({ id: z.string().min(1) });
const subscriptionSchema = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  /** How its mandate pays (`card`, `upi`, `emandate`…), once the donor has authorised it. */
  payment_method: z.string().nullish(),
  /** When the cycle already paid ends (unix seconds). */
  current_end: z.number().int().nullish(),
});
const paymentSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
});
const invoiceSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  payment_id: z.string().nullable(),
  created_at: z.number(),
});
const paymentList = z.object({ items: z.array(paymentSchema) });
const invoiceList = z.object({ items: z.array(invoiceSchema) });
// Razorpay's settlement entity: `fees` includes the GST, `tax` is the GST (docs: Settlements entity).
const settlementSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  status: z.string(),
  fees: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? 0),
  tax: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? 0),
  utr: z
    .string()
    .nullish()
    .transform((value) => value || null),
  created_at: z.number().int(),
});
const paise = z.coerce.number().int();
/** A line of the settlement report (GET /v1/settlements/recon/combined); `amount` may come as text. */
const settlementLineSchema = z.object({
  entity_id: z.string().min(1),
  type: z.string().min(1),
  debit: paise,
  credit: paise,
  amount: paise,
  fee: paise.nullish().transform((value) => value ?? 0),
  tax: paise.nullish().transform((value) => value ?? 0),
  settlement_id: z.string().nullish(),
  payment_id: z.string().nullish(),
  created_at: z.number().int(),
});
const settlementList = z.object({ items: z.array(settlementSchema) });
const settlementLines = z.object({ items: z.array(settlementLineSchema) });

export type ProviderSubscription = z.infer<typeof subscriptionSchema>;
export type ProviderPayment = z.infer<typeof paymentSchema>;
export type ProviderInvoice = z.infer<typeof invoiceSchema>;
export type ProviderSettlement = z.infer<typeof settlementSchema>;
export type ProviderSettlementLine = z.infer<typeof settlementLineSchema>;

/** Razorpay's largest pages: 100 settlements, 1,000 report lines. */
const SETTLEMENTS_PER_PAGE = 100;
const LINES_PER_PAGE = 1000;
/** A runaway guard: no day or fortnight of a trust's settlements comes near this many pages. */
const MAX_PAGES = 100;

/** Every item of a paged list, asking for the next page while the last one was full. */
async function allPages<T>(perPage: number, page: (skip: number) => Promise<T[]>): Promise<T[]> {
  const items: T[] = [];
  for (let index = 0; index < MAX_PAGES; index += 1) {
    const found = await page(index * perPage);
    items.push(...found);
    if (found.length < perPage) return items;
  }
  throw new Error(`more than ${MAX_PAGES} pages`);
}

/** The provider failed, could not be reached or answered nonsense; the caller sees a 502, the log the detail. */
export class PaymentProviderError extends Error {
  /** Razorpay's HTTP status, when it answered at all (4xx: it refused, e.g. an unknown id). */
  readonly status: number | undefined;
  /** Razorpay's own words for a refusal (its error's `description`), when it gave them. */
  readonly description: string | undefined;

  constructor(operation: string, cause: unknown) {
    super(`Razorpay ${operation} failed: ${describeProviderError(cause)}`, { cause });
    this.name = 'PaymentProviderError';
    const status = (cause as { statusCode?: unknown } | null)?.statusCode;
    this.status = typeof status === 'number' ? status : undefined;
    const description = (cause as { error?: { description?: unknown } } | null)?.error?.description;
    this.description = typeof description === 'string' ? description : undefined;
  }
}

/** Razorpay's refusal to update a subscription whose mandate is UPI (its plan or quantity). */
export function isUpiUpdateRefusal(error: unknown): boolean {
  return (
    error instanceof PaymentProviderError &&
    error.status === 400 &&
    /cannot be updated when payment mode is UPI/i.test(error.description ?? '')
  );
}

function describeProviderError(error: unknown): string {
  if (error instanceof z.ZodError) {
    // Paths only: an unexpected answer's values may be a donor's details.
    return `unexpected answer (${error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ')})`;
  }
  if (error && typeof error === 'object' && 'statusCode' in error) {
    const { statusCode, error: detail } = error as { statusCode: number; error?: { description?: string } };
    return `HTTP ${statusCode}${detail?.description ? `: ${detail.description}` : ''}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The SDK's requests wait forever by default; a donor should not. */
const PROVIDER_TIMEOUT_MS = 10_000;

interface SdkHttp {
  defaults: {
    baseURL?: string;
    timeout?: number;
    maxRedirects?: number;
    httpAgent?: http.Agent;
    httpsAgent?: https.Agent;
    proxy?: false;
  };
}

/** Where the SDK sends its calls unless told otherwise. */
const RAZORPAY_API_URL = 'https://api.razorpay.com';

/** The SDK, set up as every call here wants it: a timeout, pooled connections, no redirects. */
function createSdkClient(options: { keyId: string; keySecret: string; apiUrl?: string }): Razorpay {
  const client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  // The SDK has no option for its host or agents; its axios instance is the documented-by-source seam.
  const sdkHttp = (client as unknown as { api: { rq: SdkHttp } }).api.rq;
  sdkHttp.defaults.timeout = PROVIDER_TIMEOUT_MS;
  // Reused connections, a bounded pool of them (keep-alive.ts).
  Object.assign(sdkHttp.defaults, providerAgents());
  // Razorpay's API does not redirect; with 0, axios calls Node's http directly instead of wrapping
  // every call in follow-redirects (about a twentieth of the create path's CPU).
  sdkHttp.defaults.maxRedirects = 0;
  if (options.apiUrl) sdkHttp.defaults.baseURL = options.apiUrl;
  // axios looks for a proxy in the environment (HTTPS_PROXY, NO_PROXY…) on every call, a fiftieth
  // of the create path's CPU. The environment does not change while the server runs and every call
  // goes to one host, so it is asked once, here, with the same library axios asks: with no proxy
  // for that host, axios is told so; with one, axios still finds and uses it on each call.
  if (!getProxyForUrl(options.apiUrl ?? RAZORPAY_API_URL)) sdkHttp.defaults.proxy = false;
  return client;
}

/**
 * Asks Razorpay for one order with these keys: the cheapest authenticated call. Resolves when the
 * keys are accepted; throws PaymentProviderError otherwise (status 401: refused; none: unreachable).
 */
export async function checkRazorpayKeys(options: { keyId: string; keySecret: string; apiUrl?: string }) {
  const client = createSdkClient(options);
  try {
    await client.orders.all({ count: 1 });
  } catch (error) {
    throw new PaymentProviderError('key check', error);
  }
}

export function createRazorpayGateway(options: { keyId: string; keySecret: string; apiUrl?: string }): PaymentGateway {
  const client = createSdkClient(options);

  async function call<T>(operation: string, schema: z.ZodType<T>, request: () => Promise<unknown>): Promise<T> {
    try {
      return schema.parse(await request());
    } catch (error) {
      throw new PaymentProviderError(operation, error);
    }
  }

  return {
    createOrder: ({ amount, receipt, notes }) =>
      call('order creation', created, () => client.orders.create({ amount, currency: 'INR', receipt, notes })),

    createMonthlyPlan: ({ amount }) =>
      call('plan creation', created, () =>
        client.plans.create({
          period: 'monthly',
          interval: 1,
          item: {
            name: `Monthly donation of ₹${(amount / 100).toLocaleString('en-IN')}`,
            amount,
            currency: 'INR',
          },
        }),
      ),

    createSubscription: ({ planId, totalCount, notes }) =>
      call('subscription creation', subscriptionSchema, () =>
        client.subscriptions.create({ plan_id: planId, total_count: totalCount, customer_notify: 1, notes }),
      ),

    cancelSubscription: (subscriptionId, options) =>
      call('subscription cancellation', subscriptionSchema, () =>
        client.subscriptions.cancel(subscriptionId, options?.atCycleEnd === true),
      ),

    scheduleSubscriptionPlan: (subscriptionId, planId) =>
      call('subscription update', subscriptionSchema, () =>
        client.subscriptions.update(subscriptionId, { plan_id: planId, schedule_change_at: 'cycle_end' }),
      ),

    pauseSubscription: (subscriptionId) =>
      call('subscription pause', subscriptionSchema, () =>
        client.subscriptions.pause(subscriptionId, { pause_at: 'now' }),
      ),

    resumeSubscription: (subscriptionId) =>
      call('subscription resume', subscriptionSchema, () =>
        client.subscriptions.resume(subscriptionId, { resume_at: 'now' }),
      ),

    refundPayment: (paymentId) =>
      call('refund', created, () =>
        client.payments.refund(paymentId, { speed: 'normal', notes: { reason: 'paid after the donor was erased' } }),
      ),

    fetchOrderPayments: async (orderId) =>
      (await call('order payments lookup', paymentList, () => client.orders.fetchPayments(orderId))).items,

    fetchSubscription: (subscriptionId) =>
      call('subscription lookup', subscriptionSchema, () => client.subscriptions.fetch(subscriptionId)),

    fetchSubscriptionInvoices: async (subscriptionId) =>
      (
        await call('invoice lookup', invoiceList, () =>
          client.invoices.all({ subscription_id: subscriptionId, count: 100 }),
        )
      ).items,

    fetchSettlements: ({ from, to }) =>
      allPages(SETTLEMENTS_PER_PAGE, async (skip) => {
        const range = { from: Math.floor(from.getTime() / 1000), to: Math.floor(to.getTime() / 1000) };
        const query = { ...range, count: SETTLEMENTS_PER_PAGE, skip };
        return (await call('settlements lookup', settlementList, () => client.settlements.all(query))).items;
      }),

    fetchSettlementReport: (day) =>
      allPages(LINES_PER_PAGE, async (skip) => {
        const query = { ...day, count: LINES_PER_PAGE, skip };
        // The SDK's name for GET /v1/settlements/recon/combined.
        return (await call('settlement report lookup', settlementLines, () => client.settlements.reports(query))).items;
      }),
  };
}
