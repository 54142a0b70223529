import type { EntityManager } from '@mikro-orm/postgresql';
import type { SettingsInput } from '../../../shared/settings.schema';
import { type Actor, audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';
import { readStoredSettings, SETTINGS_FIELDS, type StoredSettings, writeStoredSettings } from './console-settings';
import { DEFAULT_SMTP_PORT, usableInMode } from './effective-settings';
import type { LiveSettings } from './live-settings';

/** A secret field: left empty (or out) keeps the saved one, null removes it, text replaces it. */
function secretAfter(typed: string | null | undefined, saved: string | null): string | null {
  if (typed === undefined || typed === '') return saved;
  return typed;
}

/**
 * Whether the mail server the saved password was for is no longer the one named: another host
 * (an emptied one included), port or user. The saved password is then dropped, never sent to a
 * server it was not typed for.
 */
function smtpServerChanged(saved: StoredSettings, input: SettingsInput): boolean {
  const orNull = (value: string) => (value === '' ? null : value);
  return (
    (orNull(input.smtpHost) ?? '').toLowerCase() !== (saved.smtpHost ?? '').toLowerCase() ||
    (input.smtpPort ?? DEFAULT_SMTP_PORT) !== (saved.smtpPort ?? DEFAULT_SMTP_PORT) ||
    orNull(input.smtpUser) !== saved.smtpUser
  );
}

/** The form's values over the saved ones: empty plain fields are unset. */
function merge(saved: StoredSettings, input: SettingsInput): { after: StoredSettings; passwordDropped: boolean } {
  const orNull = (value: string) => (value === '' ? null : value);
  const keyId = orNull(input.razorpayKeyId);
  const passwordKept = !input.smtpPassword && input.smtpPassword !== null && saved.smtpPassword !== null;
  const passwordDropped = passwordKept && smtpServerChanged(saved, input);
  return {
    passwordDropped,
    after: {
      razorpayKeyId: keyId,
      // A key id removed takes its secret with it, unless a new secret is typed with it.
      razorpayKeySecret:
        keyId === null && !input.razorpayKeySecret
          ? null
          : secretAfter(input.razorpayKeySecret, saved.razorpayKeySecret),
      razorpayWebhookSecret: secretAfter(input.razorpayWebhookSecret, saved.razorpayWebhookSecret),
      smtpHost: orNull(input.smtpHost),
      smtpPort: input.smtpPort,
      smtpUser: orNull(input.smtpUser),
      smtpPassword: passwordDropped ? null : secretAfter(input.smtpPassword, saved.smtpPassword),
      mailFromAddress: orNull(input.mailFromAddress),
      mailFromName: orNull(input.mailFromName),
    },
  };
}

/** What only the whole set can tell (the form checks each field): the first problem, on its field. */
function problemWith(settings: StoredSettings, live: LiveSettings, passwordDropped: boolean): DomainError | undefined {
  const refuse = (field: keyof StoredSettings, message: string) => new DomainError('BAD_REQUEST', message, { field });
  // An emptied host removes the mail server (its saved password went with it, in `merge`): the
  // fields left are named below, never "type its password again" for a server being removed.
  if (passwordDropped && settings.smtpUser && settings.smtpHost) {
    return refuse(
      'smtpPassword',
      'The mail server’s host, port or user name changed: type its password again (the saved one is never sent to another server)',
    );
  }
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
      'Type the SMTP server’s host name (e.g. smtp.gmail.com), or, to remove the mail server, clear its other fields (port, user name) too',
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
    const { after, passwordDropped } = merge(before, input);
    const problem = problemWith(after, live, passwordDropped);
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
