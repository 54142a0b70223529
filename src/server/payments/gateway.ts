import Razorpay from 'razorpay';

/**
 * The few Razorpay calls the trust needs, over the official SDK. In sandbox mode the same SDK
 * talks to the local emulator instead of api.razorpay.com, so this code path is always exercised.
 */
export interface PaymentGateway {
  createOrder(input: { amount: number; receipt: string; notes: Record<string, string> }): Promise<{ id: string }>;
  createMonthlyPlan(input: { amount: number }): Promise<{ id: string }>;
  createSubscription(input: { planId: string; totalCount: number; notes: Record<string, string> }): Promise<{
    id: string;
    status: string;
  }>;
  /** For reconciliation: what became of a checkout whose browser never came back. */
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  fetchSubscription(subscriptionId: string): Promise<{ id: string; status: string }>;
  /** The subscription's paid and unpaid invoices, each charge's payment id on the paid ones. */
  fetchSubscriptionInvoices(subscriptionId: string): Promise<ProviderInvoice[]>;
}

export interface ProviderPayment {
  id: string;
  amount: number;
  currency: string;
  status: string;
}

export interface ProviderInvoice {
  id: string;
  status: string;
  amount: number;
  payment_id: string | null;
  created_at: number;
}

/** The provider failed or could not be reached; the caller sees a 502, the log sees the detail. */
export class PaymentProviderError extends Error {
  /** Razorpay's HTTP status, when it answered at all (4xx: it refused, e.g. an unknown id). */
  readonly status: number | undefined;

  constructor(operation: string, cause: unknown) {
    super(`Razorpay ${operation} failed: ${describeProviderError(cause)}`, { cause });
    this.name = 'PaymentProviderError';
    const status = (cause as { statusCode?: unknown } | null)?.statusCode;
    this.status = typeof status === 'number' ? status : undefined;
  }
}

function describeProviderError(error: unknown): string {
  if (error && typeof error === 'object' && 'statusCode' in error) {
    const { statusCode, error: detail } = error as { statusCode: number; error?: { description?: string } };
    return `HTTP ${statusCode}${detail?.description ? `: ${detail.description}` : ''}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The SDK's requests wait forever by default; a donor should not. */
const PROVIDER_TIMEOUT_MS = 10_000;

export function createRazorpayGateway(options: { keyId: string; keySecret: string; apiUrl?: string }): PaymentGateway {
  const client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  // The SDK has no option for its host; its axios instance is the documented-by-source seam.
  const http = (client as unknown as { api: { rq: { defaults: { baseURL?: string; timeout?: number } } } }).api.rq;
  http.defaults.timeout = PROVIDER_TIMEOUT_MS;
  if (options.apiUrl) http.defaults.baseURL = options.apiUrl;

  async function call<T>(operation: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw new PaymentProviderError(operation, error);
    }
  }

  return {
    createOrder: ({ amount, receipt, notes }) =>
      call('order creation', () => client.orders.create({ amount, currency: 'INR', receipt, notes })),

    createMonthlyPlan: ({ amount }) =>
      call('plan creation', () =>
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
      call('subscription creation', () =>
        client.subscriptions.create({ plan_id: planId, total_count: totalCount, customer_notify: 1, notes }),
      ),

    fetchOrderPayments: async (orderId) =>
      (await call('order payments lookup', () => client.orders.fetchPayments(orderId))).items as ProviderPayment[],

    fetchSubscription: (subscriptionId) =>
      call('subscription lookup', () => client.subscriptions.fetch(subscriptionId)),

    fetchSubscriptionInvoices: async (subscriptionId) =>
      (await call('invoice lookup', () => client.invoices.all({ subscription_id: subscriptionId, count: 100 })))
        .items as unknown as ProviderInvoice[],
  };
}
