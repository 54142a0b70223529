import type { EntityManager } from '@mikro-orm/postgresql';

/** A backup older than this (or none at all) is a warning on the console's overview. */
export const BACKUP_STALE_AFTER_MS = 2 * 24 * 60 * 60 * 1000;

export interface BackupStatus {
  /** The newest backup's instant (ISO), or null when none was ever taken. */
  lastTakenAt: string | null;
  kind: string | null;
  sizeBytes: number | null;
  /** None, or the newest older than two days. */
  stale: boolean;
}

/** When the last backup of this database was taken, for the console's overview. */
export async function backupStatus(em: EntityManager, now: Date = new Date()): Promise<BackupStatus> {
  const [last] = await em.execute<{ taken_at: Date; kind: string; size_bytes: string }[]>(
    'select taken_at, kind, size_bytes from backups order by taken_at desc limit 1',
  );
  if (!last) return { lastTakenAt: null, kind: null, sizeBytes: null, stale: true };
  const takenAt = new Date(last.taken_at);
  return {
    lastTakenAt: takenAt.toISOString(),
    kind: last.kind,
    sizeBytes: Number(last.size_bytes),
    stale: now.getTime() - takenAt.getTime() > BACKUP_STALE_AFTER_MS,
  };
}
