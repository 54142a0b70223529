import { readdir } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isoTime } from '../db/sql-time';
import { parseBackupFileName } from './backup-files';

/** A backup as the console lists it. */
export interface BackupListRow {
  name: string;
  takenAt: string;
  kind: string;
  sizeBytes: number;
  sha256: string;
  /** Whether its file is still in the backup folder (pruned ones are not): only these download. */
  onDisk: boolean;
  offsiteKey: string | null;
  offsiteCopiedAt: string | null;
}

/** The newest backups recorded, newest first, each with whether it is in `dir` and copied off. */
export async function listBackups(em: EntityManager, dir: string, limit = 100): Promise<BackupListRow[]> {
  const rows = await em.execute<
    {
      file: string;
      taken_at: string;
      kind: string;
      size_bytes: string;
      sha256: string;
      offsite_key: string | null;
      offsite_copied_at: string | null;
    }[]
  >(
    `select file, ${isoTime('taken_at')} as taken_at, kind, size_bytes, sha256, offsite_key,
            ${isoTime('offsite_copied_at')} as offsite_copied_at
       from backups order by taken_at desc, id desc limit ?`,
    [limit],
  );
  const present = new Set(await downloadableBackups(dir));
  return rows.map((row) => ({
    name: basename(row.file),
    takenAt: row.taken_at,
    kind: row.kind,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    onDisk: resolve(dirname(row.file)) === resolve(dir) && present.has(basename(row.file)),
    offsiteKey: row.offsite_key,
    offsiteCopiedAt: row.offsite_copied_at,
  }));
}

/** The backup files in `dir` by name: the only names a download may ask for. */
export async function downloadableBackups(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((name) => parseBackupFileName(name) !== undefined);
}
