import type { SettingSource, SettingsField, SettingView } from '../../../shared/settings.schema';
import type { Config, PaymentProvider } from '../../platform/core/config';
import type { Sender, SmtpServer } from '../../platform/mail/mailer';
import type { StoredSettings } from './console-settings';

/** What the server was started with: the environment's values (they win) and its own defaults. */
export interface SettingsEnvironment {
  provider: PaymentProvider;
  payments: Pick<Config['payments'], 'keyId' | 'keySecret' | 'webhookSecret' | 'setInEnvironment'>;
  mail: Config['mail'];
  siteUrl: string;
  /** In sandbox mode the emulator's API: the keys are checked there, never at Razorpay. */
  apiUrl: string | undefined;
}

/** The settings in force: the environment's where set, else the console's, else the server's defaults. */
export interface EffectiveSettings {
  razorpay: { keyId: string; keySecret: string; webhookSecret: string };
  /** The console's SMTP server; null: the one the server started with (SMTP_URL, or its default). */
  smtp: SmtpServer | null;
  /** The console's sender (no name: the trust's, at each send); null: MAIL_FROM, or the server's default. */
  from: Sender | null;
}

/** Port 587: mail submission with STARTTLS, what every provider offers. */
export const DEFAULT_SMTP_PORT = 587;

/**
 * The sandbox never takes a live key: its checkout would show a live key id to donors who pay
 * nothing. The console refuses to save one in sandbox mode; one saved in razorpay mode is ignored
 * should the server later start as the sandbox.
 */
export function usableInMode(provider: PaymentProvider, keyId: string | null): boolean {
  return !(provider === 'sandbox' && keyId?.startsWith('rzp_live_'));
}

export function effectiveSettings(environment: SettingsEnvironment, stored: StoredSettings): EffectiveSettings {
  const { payments, mail } = environment;
  const set = payments.setInEnvironment;
  const keysUsable = usableInMode(environment.provider, stored.razorpayKeyId);
  const storedKeyId = keysUsable ? stored.razorpayKeyId : null;
  const storedKeySecret = keysUsable ? stored.razorpayKeySecret : null;
  return {
    razorpay: {
      keyId: set.keyId ? payments.keyId : (storedKeyId ?? payments.keyId),
      keySecret: set.keySecret ? payments.keySecret : (storedKeySecret ?? payments.keySecret),
      webhookSecret: set.webhookSecret
        ? payments.webhookSecret
        : (stored.razorpayWebhookSecret ?? payments.webhookSecret),
    },
    smtp:
      mail.smtpUrl || !stored.smtpHost
        ? null
        : {
            host: stored.smtpHost,
            port: stored.smtpPort ?? DEFAULT_SMTP_PORT,
            user: stored.smtpUser,
            password: stored.smtpPassword,
          },
    from: mail.from || !stored.mailFromAddress ? null : { address: stored.mailFromAddress, name: stored.mailFromName },
  };
}

export interface SettingsView {
  /** Fixed for the server's run: chosen at its start (config.ts). */
  mode: PaymentProvider;
  /** The mode Razorpay's keys are in, from the key id's prefix; null without a key. */
  keyMode: 'test' | 'live' | null;
  fields: Record<SettingsField, SettingView>;
  webhook: { url: string; events: readonly string[] };
}

/** Enough to recognise a secret, never enough to use it; a short one shows nothing. */
const lastFourOf = (secret: string) => (secret.length >= 12 ? secret.slice(-4) : null);

function plain(value: string | null, source: SettingSource, variable: string | null = null): SettingView {
  return { value, set: value !== null && value !== '', lastFour: null, source, variable };
}

/** A secret as the page shows it: the last four of one saved or set, never of the server's own (the sandbox's built-in). */
function secretView(value: string | null, source: SettingSource, variable: string | null = null): SettingView {
  const set = Boolean(value);
  const shown = set && value && (source === 'console' || source === 'environment') ? lastFourOf(value) : null;
  return { value: null, set, lastFour: shown, source, variable };
}

/** Each setting as the page shows it, with where it comes from. No secret, only its last four. */
export function describeSettings(
  environment: SettingsEnvironment,
  stored: StoredSettings,
  webhookEvents: readonly string[],
): SettingsView {
  const { payments, mail, provider } = environment;
  const set = payments.setInEnvironment;
  const effective = effectiveSettings(environment, stored);
  // The server's own value when the console has none: the sandbox's keys, or nothing in razorpay mode.
  const fallback: SettingSource = provider === 'sandbox' ? 'default' : 'unset';
  const keysUsable = usableInMode(provider, stored.razorpayKeyId);
  const razorpayField = (
    storedValue: string | null,
    envSet: boolean,
    variable: string,
    view: typeof plain,
    effectiveValue: string,
  ) => {
    if (envSet) return view(effectiveValue, 'environment', variable);
    if (storedValue !== null && keysUsable) return view(effectiveValue, 'console');
    return view(effectiveValue === '' ? null : effectiveValue, fallback);
  };
  const smtpUrl = mail.smtpUrl ? new URL(mail.smtpUrl) : null;
  const smtpField = (storedValue: string | null, fromUrl: string | null, view: typeof plain = plain) => {
    if (smtpUrl) return view(fromUrl, 'environment', 'SMTP_URL');
    return storedValue !== null ? view(storedValue, 'console') : view(null, 'default');
  };
  const fromField = (storedValue: string | null) =>
    mail.from
      ? plain(null, 'environment', 'MAIL_FROM')
      : plain(storedValue, storedValue !== null ? 'console' : 'default');
  const { keyId } = effective.razorpay;
  return {
    mode: provider,
    keyMode: keyId.startsWith('rzp_live_') ? 'live' : keyId.startsWith('rzp_test_') ? 'test' : null,
    fields: {
      razorpayKeyId: razorpayField(stored.razorpayKeyId, set.keyId, 'RAZORPAY_KEY_ID', plain, keyId),
      razorpayKeySecret: razorpayField(
        stored.razorpayKeySecret,
        set.keySecret,
        'RAZORPAY_KEY_SECRET',
        secretView,
        effective.razorpay.keySecret,
      ),
      razorpayWebhookSecret: set.webhookSecret
        ? secretView(effective.razorpay.webhookSecret, 'environment', 'RAZORPAY_WEBHOOK_SECRET')
        : stored.razorpayWebhookSecret !== null
          ? secretView(stored.razorpayWebhookSecret, 'console')
          : secretView(effective.razorpay.webhookSecret || null, fallback),
      smtpHost: smtpField(stored.smtpHost, smtpUrl?.hostname ?? null),
      smtpPort: smtpField(stored.smtpPort === null ? null : String(stored.smtpPort), smtpUrl?.port || null),
      smtpUser: smtpField(stored.smtpUser, smtpUrl ? decodeURIComponent(smtpUrl.username) || null : null),
      smtpPassword: smtpField(stored.smtpPassword, null, secretView),
      mailFromAddress: fromField(stored.mailFromAddress),
      mailFromName: fromField(stored.mailFromName),
    },
    webhook: { url: `${environment.siteUrl}/api/webhooks/razorpay`, events: webhookEvents },
  };
}
