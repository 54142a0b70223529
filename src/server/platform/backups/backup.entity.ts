import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** Who took a backup: the server's nightly job, or someone running `npm run backup`. */
export const BACKUP_KINDS = ['nightly', 'manual'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

/**
 * Each backup taken of this database: when (its snapshot's instant), where its file was written,
 * its size and SHA-256. The console's overview shows the newest; a pruned file's row stays.
 */
export const BackupRecord = defineEntity({
  name: 'BackupRecord',
  tableName: 'backups',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    takenAt: p.datetime().columnType('timestamptz').index('backups_taken_at_index'),
    kind: p.text(),
    file: p.text(),
    sizeBytes: p.bigint('number'),
    sha256: p.text(),
    recordedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    /** Its encrypted copy's object key in the off-site bucket, and when it was copied (offsite-copy.ts). */
    offsiteKey: p.text().nullable(),
    offsiteCopiedAt: p.datetime().columnType('timestamptz').nullable(),
  }),
});
export type BackupRecord = InferEntity<typeof BackupRecord>;

/**
 * The one bucket the backups are copied to (offsite-settings.ts): the secret key encrypted with
 * DATA_ENCRYPTION_KEY, the copies' age recipient, signing key (encrypted) and sealed key (never the
 * passphrase; the first format's public key and salt only from a set-up made before), and the last
 * copy's outcome for the health list.
 */
export const OffsiteBackupSettings = defineEntity({
  name: 'OffsiteBackupSettings',
  tableName: 'offsite_backup_settings',
  properties: (p) => ({
    /** Always 1: there is one bucket. */
    id: p.integer().primary().autoincrement(false),
    endpoint: p.text(),
    region: p.text(),
    bucket: p.text(),
    accessKeyId: p.text(),
    secretAccessKey: p.text(),
    secretLast4: p.text(),
    publicKey: p.text().nullable(),
    keySalt: p.text().nullable(),
    ageRecipient: p.text().nullable(),
    signingKey: p.text().nullable(),
    sealedKey: p.text().nullable(),
    updatedBy: p.text(),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    lastCopiedAt: p.datetime().columnType('timestamptz').nullable(),
    lastCopiedKey: p.text().nullable(),
    lastError: p.text().nullable(),
    lastErrorAt: p.datetime().columnType('timestamptz').nullable(),
  }),
});
export type OffsiteBackupSettings = InferEntity<typeof OffsiteBackupSettings>;
