import type { EntityManager } from '@mikro-orm/postgresql';
import type { OffsiteBucketInput, OffsiteSetupInput } from '../../../shared/backups.schema';
import { type Actor, audit } from '../audit/audit';
import { DomainError } from '../core/domain-error';
import { isoTime } from '../db/sql-time';
import type { FieldCipher } from '../personal-data/field-cipher';
import { makeOffsiteKeys, type OffsiteKeys } from './offsite-encryption';
import { type OffsiteBucket, OffsiteStorageError, testBucket } from './offsite-storage';

/**
 * The off-site bucket's set-up, one row of `offsite_backup_settings`: set by an admin in the
 * console, the secret key encrypted with DATA_ENCRYPTION_KEY and never shown back but its last
 * four characters; of the passphrase only the keys made with it (offsite-encryption.ts): the age
 * recipient, the signing key (encrypted too) and the identity sealed with the passphrase.
 */

/** What the console shows: no secret. */
export interface OffsiteSettingsView {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretLast4: string;
  updatedBy: string;
  updatedAt: string;
}

/** What a copy needs: the bucket with its secret, and the keys (null: a first-format set-up, passphrase needed). */
export interface OffsiteTarget {
  bucket: OffsiteBucket;
  keys: OffsiteKeys | null;
}

interface SettingsRow {
  endpoint: string;
  region: string;
  bucket: string;
  access_key_id: string;
  secret_access_key: string;
  secret_last4: string;
  age_recipient: string | null;
  signing_key: string | null;
  sealed_key: string | null;
  updated_by: string;
  updated_at: string;
}

async function settingsRow(em: EntityManager): Promise<SettingsRow | undefined> {
  const [row] = await em.execute<SettingsRow[]>(
    `select endpoint, region, bucket, access_key_id, secret_access_key, secret_last4, age_recipient, signing_key, sealed_key, updated_by,
            ${isoTime('updated_at')} as updated_at
       from offsite_backup_settings where id = 1`,
  );
  return row;
}

export async function offsiteSettingsView(em: EntityManager): Promise<OffsiteSettingsView | null> {
  const row = await settingsRow(em);
  if (!row) return null;
  return {
    endpoint: row.endpoint,
    region: row.region,
    bucket: row.bucket,
    accessKeyId: row.access_key_id,
    secretLast4: row.secret_last4,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
}

/** The bucket and public key the copies go to, or undefined when no admin has set them up. */
export async function offsiteTarget(em: EntityManager, cipher: FieldCipher): Promise<OffsiteTarget | undefined> {
  const row = await settingsRow(em);
  if (!row) return undefined;
  return {
    bucket: {
      endpoint: row.endpoint,
      region: row.region,
      bucket: row.bucket,
      accessKeyId: row.access_key_id,
      secretAccessKey: cipher.decrypt(row.secret_access_key),
    },
    keys:
      row.age_recipient && row.signing_key && row.sealed_key
        ? { recipient: row.age_recipient, signingKey: cipher.decrypt(row.signing_key), sealedKey: row.sealed_key }
        : null,
  };
}

const withoutTrailingSlash = (endpoint: string) => endpoint.replace(/\/+$/, '');

/**
 * The typed bucket, its secret taken from the stored set-up when the form leaves it empty: only
 * for the same endpoint and access key, never sent to another storage it was not typed for.
 */
async function bucketOf(em: EntityManager, cipher: FieldCipher, input: OffsiteBucketInput): Promise<OffsiteBucket> {
  const endpoint = withoutTrailingSlash(input.endpoint);
  let secret = input.secretAccessKey;
  if (!secret) {
    const stored = await settingsRow(em);
    if (!stored) throw new DomainError('BAD_REQUEST', 'is required', { field: 'secretAccessKey' });
    if (
      withoutTrailingSlash(stored.endpoint).toLowerCase() !== endpoint.toLowerCase() ||
      stored.access_key_id !== input.accessKeyId
    ) {
      throw new DomainError(
        'BAD_REQUEST',
        'must be typed again: the endpoint or the access key ID changed, and the saved secret is never sent to another storage',
        { field: 'secretAccessKey' },
      );
    }
    secret = cipher.decrypt(stored.secret_access_key);
  }
  const { region, bucket, accessKeyId } = input;
  return { endpoint, region, bucket, accessKeyId, secretAccessKey: secret };
}

/** The console's "Test": a small object written, read and deleted; a failure says what to fix. */
export async function testOffsiteBucket(em: EntityManager, cipher: FieldCipher, input: OffsiteBucketInput) {
  const bucket = await bucketOf(em, cipher, input);
  try {
    await testBucket(bucket);
  } catch (error) {
    if (error instanceof OffsiteStorageError) throw new DomainError('BAD_REQUEST', error.message);
    throw error;
  }
  return { ok: true as const };
}

/**
 * Saves the set-up once the bucket passes the test (a bucket that cannot be written is refused):
 * the passphrase, when given, makes new keys (copies made before stay readable with the
 * passphrase they were made for: each carries its sealed key). Audited without secrets.
 */
export async function saveOffsiteSettings(
  em: EntityManager,
  cipher: FieldCipher,
  actor: Actor,
  input: OffsiteSetupInput,
): Promise<OffsiteSettingsView> {
  const stored = await settingsRow(em);
  // A set-up in the first format has no keys to sign with: its passphrase must be typed again.
  if (!stored?.age_recipient && !input.passphrase) {
    throw new DomainError('BAD_REQUEST', 'is required to set up the copies', { field: 'passphrase' });
  }
  await testOffsiteBucket(em, cipher, input);
  const bucket = await bucketOf(em, cipher, input);
  const keys = input.passphrase
    ? await makeOffsiteKeys(input.passphrase)
    : { recipient: stored?.age_recipient, signingKey: null, sealedKey: stored?.sealed_key };
  await em.transactional(async (tx) => {
    await tx.execute(
      `insert into offsite_backup_settings
         (id, endpoint, region, bucket, access_key_id, secret_access_key, secret_last4, age_recipient, signing_key,
          sealed_key, public_key, key_salt, updated_by, updated_at)
       values (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, null, ?, now())
       on conflict (id) do update set endpoint = excluded.endpoint, region = excluded.region, bucket = excluded.bucket,
         access_key_id = excluded.access_key_id, secret_access_key = excluded.secret_access_key,
         secret_last4 = excluded.secret_last4, age_recipient = excluded.age_recipient,
         signing_key = coalesce(excluded.signing_key, offsite_backup_settings.signing_key),
         sealed_key = excluded.sealed_key, public_key = null, key_salt = null,
         updated_by = excluded.updated_by, updated_at = now()`,
      [
        bucket.endpoint,
        bucket.region,
        bucket.bucket,
        bucket.accessKeyId,
        cipher.encrypt(bucket.secretAccessKey),
        bucket.secretAccessKey.slice(-4),
        keys.recipient,
        keys.signingKey ? cipher.encrypt(keys.signingKey) : null,
        keys.sealedKey,
        actor.username,
      ],
    );
    await audit(tx, actor, 'offsite_backups_set_up', {
      endpoint: bucket.endpoint,
      region: bucket.region,
      bucket: bucket.bucket,
      accessKeyId: bucket.accessKeyId,
      secretChanged: Boolean(input.secretAccessKey),
      passphraseChanged: Boolean(input.passphrase),
    });
  });
  return (await offsiteSettingsView(em)) as OffsiteSettingsView;
}

export interface OffsiteBackupStatus {
  /** Whether an admin has set the copies up. */
  configured: boolean;
  /** The last successful copy (ISO) and its object's key, or null. */
  lastCopiedAt: string | null;
  lastCopiedKey: string | null;
  /** The last failure since (null once a copy succeeds again), and when. */
  lastError: string | null;
  lastErrorAt: string | null;
}

/** For the health list: the last copy off the machine, and the last error since. */
export async function offsiteBackupStatus(em: EntityManager): Promise<OffsiteBackupStatus> {
  const [row] = await em.execute<
    {
      last_copied_at: string | null;
      last_copied_key: string | null;
      last_error: string | null;
      last_error_at: string | null;
    }[]
  >(
    `select ${isoTime('last_copied_at')} as last_copied_at, last_copied_key, last_error, ${isoTime('last_error_at')} as last_error_at
       from offsite_backup_settings where id = 1`,
  );
  return {
    configured: row !== undefined,
    lastCopiedAt: row?.last_copied_at ?? null,
    lastCopiedKey: row?.last_copied_key ?? null,
    lastError: row?.last_error ?? null,
    lastErrorAt: row?.last_error_at ?? null,
  };
}
