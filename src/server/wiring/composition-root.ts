import type { FastifyBaseLogger } from 'fastify';
import type { Config, PaymentProvider } from '../config';
import type { Orm } from '../db/orm';
import { createRazorpayGateway, type PaymentGateway } from '../payments/gateway';
import { createPlanCatalog, type PlanCatalog } from '../payments/plans';
import type { RazorpayEmulator, WebhookDelivery } from '../payments/sandbox/emulator';

export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
export const SANDBOX_CHECKOUT_SCRIPT = '/sandbox/checkout.js';

/** The Razorpay account the server works with, and the checkout script the donate page loads for it. */
export interface RazorpaySettings {
  provider: PaymentProvider;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  checkoutScriptUrl: string;
}

/**
 * What the server is made of, built once from the configuration: transports hand each procedure
 * or route only the parts it uses. The mailer joins here when it lands.
 */
export interface ServerDependencies {
  orm: Orm;
  gateway: PaymentGateway;
  plans: PlanCatalog;
  razorpay: RazorpaySettings;
  /** Only in sandbox mode: the local stand-in for Razorpay's API. */
  emulator?: RazorpayEmulator;
  /** Stops what was started here (the sandbox); the database belongs to whoever opened it. */
  close(): Promise<void>;
}

export async function buildDependencies(
  config: Config,
  orm: Orm,
  log?: FastifyBaseLogger,
): Promise<ServerDependencies> {
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
    const { startRazorpayEmulator } = await import('../payments/sandbox/emulator');
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
  return {
    orm,
    gateway,
    plans: createPlanCatalog(orm, gateway, keyId),
    razorpay: {
      provider,
      keyId,
      keySecret,
      webhookSecret,
      checkoutScriptUrl: emulator ? SANDBOX_CHECKOUT_SCRIPT : RAZORPAY_CHECKOUT_SCRIPT,
    },
    emulator,
    close: async () => {
      await emulator?.close();
    },
  };
}

/**
 * In sandbox mode, the emulator posts its signed webhooks to this server's own endpoint, as
 * Razorpay would. A non-2xx answer rejects, so the emulator retries as Razorpay does.
 */
export function deliverSandboxWebhooks(deps: ServerDependencies, origin: string): void {
  deps.emulator?.deliverWebhooksTo(async (delivery: WebhookDelivery) => {
    const response = await fetch(`${origin}/api/webhooks/razorpay`, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    if (!response.ok) throw new Error(`webhook ${delivery.eventId} answered ${response.status}`);
  });
}
