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
  }),
});
export type BackupRecord = InferEntity<typeof BackupRecord>;
