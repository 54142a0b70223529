import type { FastifyBaseLogger } from 'fastify';
import type { HealthEnvironment } from '../console/health/health-context';
import { createLiveSettings, type LiveSettings } from '../console/settings/live-settings';
import { donateAgainUrl } from '../gifts/donor-keys/donate-again-url';
import { donorLink } from '../gifts/donor-keys/donor-link';
import type { PaymentGateway } from '../gifts/payments/gateway';
import { createPlanCatalog, type PlanCatalog } from '../gifts/payments/plans';
import type { RazorpayEmulator, WebhookDelivery } from '../gifts/payments/sandbox/emulator';
import { createSwitchableGateway, gatewayWithoutKeys } from '../gifts/payments/switchable-gateway';
import { createReceiptLinks, type ReceiptLinks } from '../gifts/receipts/receipt-links';
import type { DonorLinks } from '../gifts/settlement/donor-notices';
import { backupDir } from '../platform/backups/backup-files';
import { type BackupRunner, createBackupRunner } from '../platform/backups/backup-runner';
import type { Config, PaymentProvider } from '../platform/core/config';
import type { Orm } from '../platform/db/orm';
import { createMailer, type Mailer } from '../platform/mail/mailer';
import { resolveDataEncryptionKey } from '../platform/personal-data/data-encryption-key';
import { createFieldCipher, type FieldCipher } from '../platform/personal-data/field-cipher';

export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
export const SANDBOX_CHECKOUT_SCRIPT = '/sandbox/checkout.js';

/**
 * The Razorpay account the server works with, and the checkout script the donate page loads for
 * it. The keys are the current ones: the console's settings change them in place (settings/).
 */
export interface RazorpaySettings {
  provider: PaymentProvider;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  checkoutScriptUrl: string;
}

/**
 * What the server is made of, built once from the configuration: transports hand each procedure
 * or route only the parts it uses.
 */
export interface ServerDependencies {
  orm: Orm;
  gateway: PaymentGateway;
  plans: PlanCatalog;
  razorpay: RazorpaySettings;
  /** Only in sandbox mode: the local stand-in for Razorpay's API. */
  emulator?: RazorpayEmulator;
  /** DATA_ENCRYPTION_KEY, resolved once, here: the donors' own links are keyed from it. */
  personalDataKey: Buffer;
  /** Encrypts donors' PAN and Aadhaar with that key. */
  cipher: FieldCipher;
  /** The receipts' unguessable download links. */
  receiptLinks: ReceiptLinks;
  /** What settlement tells the donor (receipts and their mails, failure, refund, monthly mails). */
  donorLinks: DonorLinks;
  /** Where the outbox's messages go; its worker sends them while the server runs. */
  mailer: Mailer;
  /** The console's settings in force here: Razorpay's keys and the SMTP server, applied without a restart. */
  settings: LiveSettings;
  /** Takes backups (nightly and the console's "Back up now") and copies them off the machine. */
  backups: BackupRunner;
  /** What the overview's health list reads besides the database (SITE_URL, the key's origin, the data's disk). */
  health: HealthEnvironment;
  /** Stops what was started here (the mailer, the sandbox); the database belongs to whoever opened it. */
  close(): Promise<void>;
}

const SILENT = { info: () => {}, warn: () => {}, error: () => {} };

export async function buildDependencies(
  config: Config,
  orm: Orm,
  log?: FastifyBaseLogger,
): Promise<ServerDependencies> {
  const { provider, keyId, keySecret, webhookSecret, sandboxLatencyMs, sandboxDevControls, sandboxSettlementDelayMs } =
    config.payments;
  let emulator: RazorpayEmulator | undefined;
  if (provider === 'sandbox') {
    // Loaded here only: in razorpay mode the emulator's code is never imported.
    const { startRazorpayEmulator } = await import('../gifts/payments/sandbox/emulator');
    emulator = await startRazorpayEmulator({
      keyId,
      keySecret,
      webhookSecret,
      database: orm.em.getConnection().getKnex(),
      latencyMs: sandboxLatencyMs,
      devControls: sandboxDevControls,
      settlementDelayMs: sandboxSettlementDelayMs,
    });
  }
  const dataEncryptionKey = resolveDataEncryptionKey(config);
  const cipher = createFieldCipher(dataEncryptionKey);
  const receiptLinks = createReceiptLinks(dataEncryptionKey, config.siteUrl);
  const mailer = await createMailer(config, log ?? SILENT);
  // The keys and the gateway start from the environment; the console's saved settings are applied
  // over them (createLiveSettings), before the first request.
  const razorpay: RazorpaySettings = {
    provider,
    keyId,
    keySecret,
    webhookSecret,
    checkoutScriptUrl: emulator ? SANDBOX_CHECKOUT_SCRIPT : RAZORPAY_CHECKOUT_SCRIPT,
  };
  const switchable = createSwitchableGateway(gatewayWithoutKeys());
  const settings = await createLiveSettings({
    environment: {
      provider,
      payments: config.payments,
      mail: config.mail,
      siteUrl: config.siteUrl,
      apiUrl: emulator?.url,
    },
    orm,
    cipher,
    keys: razorpay,
    gateway: switchable,
    emulator,
    mailer,
  });
  const gateway = switchable.gateway;
  const backups = createBackupRunner(
    { orm, cipher, log: log ?? SILENT },
    {
      url: orm.config.get('clientUrl') as string,
      dir: backupDir(config),
      keepDaily: config.backups.keepDaily,
      keepMonthly: config.backups.keepMonthly,
    },
  );
  return {
    orm,
    gateway,
    plans: createPlanCatalog(orm, gateway, () => razorpay.keyId),
    razorpay,
    settings,
    emulator,
    personalDataKey: dataEncryptionKey,
    cipher,
    receiptLinks,
    donorLinks: {
      donateAgainUrl: (gift) => donateAgainUrl(config.siteUrl, gift),
      receiptUrl: receiptLinks.urlFor,
      donorPageUrl: (email, language) =>
        new URL(donorLink(email, dataEncryptionKey, new Date(), language), config.siteUrl).toString(),
    },
    mailer,
    backups,
    health: {
      siteUrl: config.siteUrl,
      dataEncryptionKeyFromEnvironment: Boolean(config.dataEncryptionKey),
      dataDir: backupDir(config),
      inProcessMailbox: config.env !== 'production' && !config.mail.smtpUrl,
    },
    close: async () => {
      await backups.idle();
      await mailer.close();
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
