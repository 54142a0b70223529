import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * The one place the environment is read. Everything else receives a typed `Config`.
 * A bad value stops the start with a list of what is wrong, rather than failing later.
 */
const postgresUrl = z
  .string()
  .url()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must start with postgres:// or postgresql://');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: postgresUrl.optional(),
  SITE_URL: z.string().url().optional(),
  /** Where the embedded PostgreSQL keeps its data (without DATABASE_URL); default `.data/postgres`. */
  EMBEDDED_POSTGRES_DIR: z.string().min(1).optional(),
  PAYMENT_PROVIDER: z.enum(['razorpay', 'sandbox']).optional(),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** How long the sandbox's emulated Razorpay API takes to answer (the real one takes ~250 ms). */
  SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** How long after capture the sandbox settles a payment to the bank; unset: T+2 days, as Razorpay does. */
  SANDBOX_SETTLEMENT_DELAY_MS: z.coerce.number().int().min(0).optional(),
  /** The sandbox's charge-next-month and refund routes: only when asked for, whatever NODE_ENV says. */
  SANDBOX_DEV_CONTROLS: z.enum(['true', 'false']).default('false'),
  /** Donations started per client address per minute (REST and tRPC together); verify calls likewise. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Donations started per e-mail address per hour, whatever the client address. */
  DONATION_EMAIL_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /**
   * Where uploaded photos' files go (a directory every instance reads, e.g. a shared volume). Unset:
   * in PostgreSQL, with the rest.
   */
  IMAGE_DIR: z.string().min(1).optional(),
  /**
   * Which proxies' X-Forwarded-For to believe, so rate limits apply per donor and not per load
   * balancer: a hop count (`1`), or addresses/CIDRs (`10.0.0.0/8,127.0.0.1`). Unset: none.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(\d+|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/, 'must be a hop count or a comma-separated list of addresses')
    .optional(),
  /** Where mail goes: `smtp://user:pass@host:port` or `smtps://…`. Unset: an in-process server (not in production). */
  SMTP_URL: z
    .string()
    .url()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** Where backups go (`npm run backup` and the nightly one); default `backups` beside the embedded database's folder. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** The server's backup at 02:30 India time; default on with the embedded database, off with DATABASE_URL. */
  BACKUP_NIGHTLY: z.enum(['true', 'false']).optional(),
  /** Nightly backups kept: the newest of each of the last N days… */
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).default(14),
  /** …and the newest of each of the last N months. */
  BACKUP_KEEP_MONTHLY: z.coerce.number().int().min(0).default(12),
  /** 32 random bytes as 64 hex characters: encrypts donors' PAN and Aadhaar at rest. */
  DATA_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 random bytes)')
    .optional(),
});

/** Keys used by the sandbox when none are given: they only ever sign test payments. */
export const SANDBOX_KEYS = {
  keyId: 'rzp_test_sandbox0000001',
  keySecret: 'sandbox_key_secret_not_for_production',
  webhookSecret: 'sandbox_webhook_secret_not_for_production',
} as const;

export type PaymentProvider = 'razorpay' | 'sandbox';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: string;
  /** Unset: the server runs its own embedded PostgreSQL under `.data/`. */
  databaseUrl: string | undefined;
  /** Unset: `.data/postgres` in the project (platform/db/database-url.ts). */
  embeddedDataDir: string | undefined;
  siteUrl: string;
  rateLimitPerMinute: number;
  donationEmailLimitPerHour: number;
  /** Uploaded photos: their files in `dir` when set, else in PostgreSQL (platform/images/image-files.ts). */
  images: { dir: string | undefined };
  /** Fastify's trustProxy: nobody, the first N hops, or the trusted proxy addresses. */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
  payments: {
    provider: PaymentProvider;
    keyId: string;
    keySecret: string;
    webhookSecret: string;
    /** Which of the three came from the environment: those win over the console's (settings/). */
    setInEnvironment: { keyId: boolean; keySecret: boolean; webhookSecret: boolean };
    sandboxLatencyMs: number;
    sandboxDevControls: boolean;
    /** Unset: the sandbox's own T+2 days. */
    sandboxSettlementDelayMs: number | undefined;
  };
  mail: { smtpUrl: string | undefined; from: string | undefined };
  /** Unset: generated under `.data/` in development, refused in production (see personal-data/). */
  dataEncryptionKey: string | undefined;
  backups: {
    /** Unset: `backups` beside the embedded database's folder (platform/backups/backup-files.ts). */
    dir: string | undefined;
    /** The server takes one at 02:30 India time (default: with the embedded database only). */
    nightly: boolean;
    keepDaily: number;
    keepMonthly: number;
  };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Empty strings count as unset, as they do in most `.env` files and CI settings. */
function withoutEmptyValues(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmptyValues(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  const hasKeys = Boolean(values.RAZORPAY_KEY_ID && values.RAZORPAY_KEY_SECRET);
  if (!hasKeys && (values.RAZORPAY_KEY_ID || values.RAZORPAY_KEY_SECRET)) {
    const missing = values.RAZORPAY_KEY_ID ? 'RAZORPAY_KEY_SECRET' : 'RAZORPAY_KEY_ID';
    throw new ConfigError([`${missing}: required when the other Razorpay key is set`]);
  }
  // Production without keys runs in razorpay mode all the same, waiting for an admin to save the
  // keys in the console (settings/): never the sandbox there, whose checkout takes no money.
  const provider = values.PAYMENT_PROVIDER ?? (hasKeys || values.NODE_ENV === 'production' ? 'razorpay' : 'sandbox');
  // Never the sandbox in production: anyone could "pay" any order through its checkout with no
  // money moving, and each such payment would take a number from the trust's real receipt series
  // and count in the statement it files. A demo or staging site runs without NODE_ENV=production.
  if (values.NODE_ENV === 'production' && provider === 'sandbox') {
    throw new ConfigError([
      'PAYMENT_PROVIDER: the sandbox cannot run with NODE_ENV=production (it takes no money but issues real receipts); use razorpay, or run a demo without NODE_ENV=production',
    ]);
  }
  // In production every mail links to SITE_URL and the staff cookie is Secure only on https.
  if (values.NODE_ENV === 'production' && !values.SITE_URL) {
    throw new ConfigError([
      'SITE_URL: required in production: the public https origin, e.g. https://rescue.example.org',
    ]);
  }

  // Sandbox plans are stored under the key id: a live key must never get them.
  if (provider === 'sandbox' && values.RAZORPAY_KEY_ID?.startsWith('rzp_live_')) {
    throw new ConfigError([
      'RAZORPAY_KEY_ID: a live key (rzp_live_…) cannot be used with the sandbox; use a rzp_test_ key, or PAYMENT_PROVIDER=razorpay',
    ]);
  }

  // The constant secrets are public (they are in this file): fine on loopback, never reachable from
  // outside, and a proxy in front (TRUST_PROXY) makes even a loopback server public.
  const privateSandbox = ['127.0.0.1', '::1', 'localhost'].includes(values.HOST) && !values.TRUST_PROXY;
  const secrets = privateSandbox
    ? SANDBOX_KEYS
    : { keySecret: randomBytes(32).toString('hex'), webhookSecret: randomBytes(32).toString('hex') };

  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    logLevel: values.LOG_LEVEL,
    databaseUrl: values.DATABASE_URL,
    embeddedDataDir: values.EMBEDDED_POSTGRES_DIR,
    siteUrl: (values.SITE_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
    donationEmailLimitPerHour: values.DONATION_EMAIL_LIMIT_PER_HOUR,
    images: { dir: values.IMAGE_DIR },
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    payments: {
      provider,
      // In razorpay mode a key left unset is empty until the console sets it: nothing signs or
      // verifies with an empty secret (gifts/payments/signatures.ts).
      keyId: values.RAZORPAY_KEY_ID ?? (provider === 'sandbox' ? SANDBOX_KEYS.keyId : ''),
      keySecret: values.RAZORPAY_KEY_SECRET ?? (provider === 'sandbox' ? secrets.keySecret : ''),
      webhookSecret: values.RAZORPAY_WEBHOOK_SECRET ?? (provider === 'sandbox' ? secrets.webhookSecret : ''),
      setInEnvironment: {
        keyId: values.RAZORPAY_KEY_ID !== undefined,
        keySecret: values.RAZORPAY_KEY_SECRET !== undefined,
        webhookSecret: values.RAZORPAY_WEBHOOK_SECRET !== undefined,
      },
      sandboxLatencyMs: values.SANDBOX_LATENCY_MS,
      sandboxDevControls: values.SANDBOX_DEV_CONTROLS === 'true',
      sandboxSettlementDelayMs: values.SANDBOX_SETTLEMENT_DELAY_MS,
    },
    mail: { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM },
    dataEncryptionKey: values.DATA_ENCRYPTION_KEY,
    backups: {
      dir: values.BACKUP_DIR,
      nightly: (values.BACKUP_NIGHTLY ?? (values.DATABASE_URL ? 'false' : 'true')) === 'true',
      keepDaily: values.BACKUP_KEEP_DAILY,
      keepMonthly: values.BACKUP_KEEP_MONTHLY,
    },
  };
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined) return false;
  if (!/^\d+$/.test(value)) return value.split(',');
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}
