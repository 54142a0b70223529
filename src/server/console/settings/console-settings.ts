import type { EntityManager } from '@mikro-orm/postgresql';
import { SECRET_FIELDS, type SecretField } from '../../../shared/settings.schema';
import { DecryptionError, type FieldCipher } from '../../platform/personal-data/field-cipher';

/** What the console saved: each null when not set there. Secrets here are plain (decrypted). */
export interface StoredSettings {
  razorpayKeyId: string | null;
  razorpayKeySecret: string | null;
  razorpayWebhookSecret: string | null;
  smtpHost: string | null;
  smtpPort: number | null;
  smtpUser: string | null;
  smtpPassword: string | null;
  mailFromAddress: string | null;
  mailFromName: string | null;
}

export const NO_STORED_SETTINGS: StoredSettings = {
  razorpayKeyId: null,
  razorpayKeySecret: null,
  razorpayWebhookSecret: null,
  smtpHost: null,
  smtpPort: null,
  smtpUser: null,
  smtpPassword: null,
  mailFromAddress: null,
  mailFromName: null,
};

export const SETTINGS_FIELDS = Object.keys(NO_STORED_SETTINGS) as (keyof StoredSettings)[];

const COLUMNS: Record<keyof StoredSettings, string> = {
  razorpayKeyId: 'razorpay_key_id',
  razorpayKeySecret: 'razorpay_key_secret',
  razorpayWebhookSecret: 'razorpay_webhook_secret',
  smtpHost: 'smtp_host',
  smtpPort: 'smtp_port',
  smtpUser: 'smtp_user',
  smtpPassword: 'smtp_password',
  mailFromAddress: 'mail_from_address',
  mailFromName: 'mail_from_name',
};

const isSecret = (field: keyof StoredSettings): field is SecretField =>
  (SECRET_FIELDS as readonly string[]).includes(field);

const SELECT = `select ${SETTINGS_FIELDS.map((field) => `${COLUMNS[field]} as "${field}"`).join(', ')}, version
  from console_settings where id = 1`;

/** The saved settings and their version (0: never saved), the secrets decrypted. */
export async function readStoredSettings(
  em: EntityManager,
  cipher: FieldCipher,
  options: { forUpdate?: boolean } = {},
): Promise<{ settings: StoredSettings; version: number }> {
  const [row] = await em.execute<(Record<string, string | number | null> & { version: number })[]>(
    options.forUpdate ? `${SELECT} for update` : SELECT,
  );
  if (!row) return { settings: NO_STORED_SETTINGS, version: 0 };
  const settings = { ...NO_STORED_SETTINGS };
  for (const field of SETTINGS_FIELDS) {
    const value = row[field] ?? null;
    if (value === null) continue;
    if (!isSecret(field)) {
      (settings as Record<string, unknown>)[field] = value;
      continue;
    }
    try {
      settings[field] = cipher.decrypt(String(value));
    } catch (error) {
      // Saved under another DATA_ENCRYPTION_KEY: shown as not set, so an admin types it again,
      // rather than the server failing to start.
      if (!(error instanceof DecryptionError)) throw error;
    }
  }
  return { settings, version: row.version };
}

/** The one indexed read every instance makes every few seconds to notice another's save. */
export async function readSettingsVersion(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ version: number }[]>('select version from console_settings where id = 1');
  return row?.version ?? 0;
}

/** Writes every field (the secrets encrypted) in the caller's transaction; answers the new version. */
export async function writeStoredSettings(
  tx: EntityManager,
  cipher: FieldCipher,
  settings: StoredSettings,
): Promise<number> {
  const values = SETTINGS_FIELDS.map((field) => {
    const value = settings[field];
    return value !== null && isSecret(field) ? cipher.encrypt(String(value)) : value;
  });
  const [row] = await tx.execute<{ version: number }[]>(
    `insert into console_settings (id, ${SETTINGS_FIELDS.map((field) => COLUMNS[field]).join(', ')}, version)
     values (1, ${SETTINGS_FIELDS.map(() => '?').join(', ')}, 1)
     on conflict (id) do update set ${SETTINGS_FIELDS.map((field) => `${COLUMNS[field]} = excluded.${COLUMNS[field]}`).join(', ')},
       version = console_settings.version + 1, updated_at = now()
     returning version`,
    values,
  );
  if (!row) throw new Error('console_settings: the upsert returned no row');
  return row.version;
}
