import type { EntityManager } from '@mikro-orm/postgresql';
import type { SettingsInput } from '../../shared/settings.schema';
import { DomainError } from '../domain-error';
import type { FieldCipher } from '../personal-data/field-cipher';
import { type Actor, audit } from '../staff/audit';
import { readStoredSettings, SETTINGS_FIELDS, type StoredSettings, writeStoredSettings } from './console-settings';
import { usableInMode } from './effective-settings';
import type { LiveSettings } from './live-settings';

/** A secret field: left empty (or out) keeps the saved one, null removes it, text replaces it. */
function secretAfter(typed: string | null | undefined, saved: string | null): string | null {
  if (typed === undefined || typed === '') return saved;
  return typed;
}

/** The form's values over the saved ones: empty plain fields are unset. */
function merge(saved: StoredSettings, input: SettingsInput): StoredSettings {
  const orNull = (value: string) => (value === '' ? null : value);
  const keyId = orNull(input.razorpayKeyId);
  return {
    razorpayKeyId: keyId,
    // A key id removed takes its secret with it, unless a new secret is typed with it.
    razorpayKeySecret:
      keyId === null && !input.razorpayKeySecret ? null : secretAfter(input.razorpayKeySecret, saved.razorpayKeySecret),
    razorpayWebhookSecret: secretAfter(input.razorpayWebhookSecret, saved.razorpayWebhookSecret),
    smtpHost: orNull(input.smtpHost),
    smtpPort: input.smtpPort,
    smtpUser: orNull(input.smtpUser),
    smtpPassword: secretAfter(input.smtpPassword, saved.smtpPassword),
    mailFromAddress: orNull(input.mailFromAddress),
    mailFromName: orNull(input.mailFromName),
  };
}

/** What only the whole set can tell (the form checks each field): the first problem, on its field. */
function problemWith(settings: StoredSettings, live: LiveSettings): DomainError | undefined {
  const refuse = (field: keyof StoredSettings, message: string) => new DomainError('BAD_REQUEST', message, { field });
  if (settings.razorpayKeyId && !settings.razorpayKeySecret) {
    return refuse(
      'razorpayKeySecret',
      'Paste the Key Secret Razorpay showed with this Key Id (it is shown only once; regenerate it there if lost)',
    );
  }
  if (!settings.razorpayKeyId && settings.razorpayKeySecret) {
    return refuse('razorpayKeyId', 'Type the Key Id that goes with this Key Secret (rzp_test_… or rzp_live_…)');
  }
  if (!usableInMode(live.environment.provider, settings.razorpayKeyId)) {
    return refuse(
      'razorpayKeyId',
      'This server runs the sandbox, where no money moves: a live key (rzp_live_…) cannot be used with it. Save a test key (rzp_test_…), or start the server in razorpay mode (PAYMENT_PROVIDER=razorpay).',
    );
  }
  if (!settings.smtpHost && (settings.smtpPort !== null || settings.smtpUser || settings.smtpPassword)) {
    return refuse(
      'smtpHost',
      'Type the SMTP server’s host name (e.g. smtp.gmail.com), or clear the other mail server fields',
    );
  }
  if (settings.smtpPassword && !settings.smtpUser) {
    return refuse('smtpUser', 'Type the user name that goes with the SMTP password (often the full e-mail address)');
  }
  if (settings.mailFromName && !settings.mailFromAddress) {
    return refuse('mailFromAddress', 'Type the sender’s address the name goes with');
  }
  return undefined;
}

/**
 * An admin saves the settings: checked as a whole, written in one transaction with its audit entry
 * (the names of the fields changed, never a value), then put to work on this instance before the
 * call answers; the other instances follow within their refresh.
 */
export async function saveSettings(deps: {
  em: EntityManager;
  cipher: FieldCipher;
  live: LiveSettings;
  actor: Actor;
  input: SettingsInput;
}): Promise<{ changed: string[] }> {
  const { cipher, live, actor, input } = deps;
  const saved = await deps.em.transactional(async (tx) => {
    const { settings: before } = await readStoredSettings(tx, cipher, { forUpdate: true });
    const after = merge(before, input);
    const problem = problemWith(after, live);
    if (problem) throw problem;
    const changed = SETTINGS_FIELDS.filter((field) => before[field] !== after[field]);
    if (changed.length === 0) return { changed, after, version: null };
    const version = await writeStoredSettings(tx, cipher, after);
    await audit(tx, actor, 'settings_changed', { changed });
    return { changed, after, version };
  });
  if (saved.version !== null) await live.apply(saved.after, saved.version);
  return { changed: saved.changed };
}
