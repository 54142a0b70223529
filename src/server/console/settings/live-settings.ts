import { createRazorpayGateway } from '../../gifts/payments/gateway';
import type { createSwitchableGateway } from '../../gifts/payments/switchable-gateway';
import { gatewayWithoutKeys } from '../../gifts/payments/switchable-gateway';
import type { Orm } from '../../platform/db/orm';
import type { Mailer } from '../../platform/mail/mailer';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';
import { NO_STORED_SETTINGS, readSettingsVersion, readStoredSettings, type StoredSettings } from './console-settings';
import { type EffectiveSettings, effectiveSettings, type SettingsEnvironment } from './effective-settings';

/** The Razorpay keys every caller reads at each call (the create path, verify, the webhook route). */
export interface CurrentRazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/**
 * The settings in force on this instance, and the one place that puts them to work: the Razorpay
 * keys (read at each call, so the create path costs no database read), the gateway's SDK instance,
 * the sandbox's accepted keys and the mailer. A save here applies at once; another instance's save
 * is noticed by `refresh`, one indexed read of the version every few seconds.
 */
export interface LiveSettings {
  readonly environment: SettingsEnvironment;
  /** The saved settings applied here, and their version (0: never saved). */
  readonly stored: StoredSettings;
  readonly version: number;
  readonly effective: EffectiveSettings;
  /** The mailer the settings configure: the test mail goes through its current transport. */
  readonly mailer: Mailer;
  apply(stored: StoredSettings, version: number): Promise<void>;
  /** Applies what another instance saved, when the version moved. */
  refresh(): Promise<void>;
}

export async function createLiveSettings(parts: {
  environment: SettingsEnvironment;
  orm: Orm;
  cipher: FieldCipher;
  keys: CurrentRazorpayKeys;
  gateway: ReturnType<typeof createSwitchableGateway>;
  /** The sandbox, which must accept the keys the gateway sends and sign with the secrets. */
  emulator?: { acceptKeys(keys: CurrentRazorpayKeys): void };
  mailer: Mailer;
}): Promise<LiveSettings> {
  const { environment, orm, cipher, keys, gateway, emulator, mailer } = parts;
  let applying: Promise<void> = Promise.resolve();

  const live: LiveSettings & { stored: StoredSettings; version: number; effective: EffectiveSettings } = {
    environment,
    // Nothing applied yet (version -1): the refresh below reads and applies what is saved.
    stored: NO_STORED_SETTINGS,
    version: -1,
    effective: effectiveSettings(environment, NO_STORED_SETTINGS),
    mailer,
    apply(stored, version) {
      // One at a time, and never an older version over a newer one (a refresh racing a save).
      // A failed apply is the caller's to report; the next one still runs.
      applying = applying
        .catch(() => {})
        .then(async () => {
          if (version <= live.version) return;
          const next = effectiveSettings(environment, stored);
          const keysChanged =
            next.razorpay.keyId !== keys.keyId || next.razorpay.keySecret !== keys.keySecret || live.version < 0;
          if (keysChanged) {
            const { keyId, keySecret } = next.razorpay;
            gateway.use(
              keyId && keySecret
                ? createRazorpayGateway({ keyId, keySecret, apiUrl: environment.apiUrl })
                : gatewayWithoutKeys(),
            );
          }
          emulator?.acceptKeys(next.razorpay);
          Object.assign(keys, next.razorpay);
          await mailer.use({ smtp: next.smtp, from: next.from });
          live.stored = stored;
          live.effective = next;
          live.version = version;
        });
      return applying;
    },
    async refresh() {
      const em = orm.em.fork();
      if ((await readSettingsVersion(em)) === live.version) return;
      const { settings, version } = await readStoredSettings(em, cipher);
      await live.apply(settings, version);
    },
  };
  await live.refresh();
  return live;
}

/** Every instance checks for another's save this often: a change is in force everywhere within it. */
export const SETTINGS_REFRESH_MS = 10_000;

/** The background loop of `refresh`; a failed read (the database restarting) is tried again next time. */
export function startSettingsRefresh(
  live: LiveSettings,
  log: { warn(object: object, message: string): void },
  intervalMs = SETTINGS_REFRESH_MS,
) {
  let pass: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    pass = live.refresh().catch((error) => log.warn({ err: error }, 'settings not refreshed: tried again shortly'));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await pass;
    },
  };
}
