import type { FastifyBaseLogger } from 'fastify';
import type { Config, PaymentProvider } from '../config';
import type { Orm } from '../db/orm';
import { createRazorpayGateway, type PaymentGateway } from './gateway';
import { InFlightWork } from './in-flight';
import { createPlanCatalog, type PlanCatalog } from './plans';
import type { RazorpayEmulator, WebhookDelivery } from './sandbox/emulator';

export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
export const SANDBOX_CHECKOUT_SCRIPT = '/sandbox/checkout.js';

/** Everything the donation procedures need to take and check payments. */
export interface PaymentsContext {
  orm: Orm;
  gateway: PaymentGateway;
  plans: PlanCatalog;
  provider: PaymentProvider;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  checkoutScriptUrl: string;
  /** Procedure calls still running; shutdown waits for them before closing anything. */
  inFlight: InFlightWork;
  /** Only in sandbox mode: the local stand-in for Razorpay's API. */
  emulator?: RazorpayEmulator;
}

export interface Payments extends PaymentsContext {
  close(): Promise<void>;
}

export async function startPayments(config: Config, orm: Orm, log?: FastifyBaseLogger): Promise<Payments> {
  const { provider, keyId, keySecret, webhookSecret, sandboxLatencyMs, sandboxDevControls } = config.payments;
  let emulator: RazorpayEmulator | undefined;
  if (provider === 'sandbox') {
    if (config.env === 'production') {
      log?.warn(
        '!!! PAYMENT_PROVIDER is sandbox in production: donations go to a local emulator and NO MONEY MOVES. ' +
          'Set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET to take real donations. !!!',
      );
    }
    // Loaded here only: in razorpay mode the emulator's code is never imported.
    const { startRazorpayEmulator } = await import('./sandbox/emulator');
    emulator = await startRazorpayEmulator({
      keyId,
      keySecret,
      webhookSecret,
      database: orm.em.getConnection().getKnex(),
      latencyMs: sandboxLatencyMs,
      devControls: sandboxDevControls,
    });
  }
  const gateway = createRazorpayGateway({ keyId, keySecret, apiUrl: emulator?.url });
  const inFlight = new InFlightWork();
  return {
    orm,
    gateway,
    plans: createPlanCatalog(orm, gateway, keyId),
    provider,
    keyId,
    keySecret,
    webhookSecret,
    checkoutScriptUrl: emulator ? SANDBOX_CHECKOUT_SCRIPT : RAZORPAY_CHECKOUT_SCRIPT,
    inFlight,
    emulator,
    close: async () => {
      await inFlight.drain();
      await emulator?.close();
    },
  };
}

/**
 * In sandbox mode, the emulator posts its signed webhooks to this server's own endpoint, as
 * Razorpay would. A non-2xx answer rejects, so the emulator retries as Razorpay does.
 */
export function deliverSandboxWebhooks(payments: Payments, origin: string): void {
  payments.emulator?.deliverWebhooksTo(async (delivery: WebhookDelivery) => {
    const response = await fetch(`${origin}/api/webhooks/razorpay`, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    if (!response.ok) throw new Error(`webhook ${delivery.eventId} answered ${response.status}`);
  });
}
