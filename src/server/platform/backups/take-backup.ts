import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type BackupHeader, checksumFileOf, checksumLine, dumpDatabase } from '../db/logical-backup';
import type { BackupKind } from './backup.entity';
import { backupFileName } from './backup-files';

export interface BackupTaken {
  /** Absolute path of the backup file; its checksum is `${file}.sha256`. */
  file: string;
  bytes: number;
  sha256: string;
  /** The instant the backup shows the database as it was. */
  takenAt: Date;
  header: BackupHeader;
  /** Whether it was written in the `backups` table (not when the database predates that table). */
  recorded: boolean;
}

/**
 * Takes a consistent backup of the whole database (platform/db/logical-backup.ts) into `dir`, writes its
 * SHA-256 beside it and records it in `backups`. The server's traffic goes on meanwhile. The file
 * is written under a temporary name and renamed only once complete and on disk, so a crash
 * never leaves a half backup under a backup's name.
 */
export async function takeBackup(
  { em, url }: { em: EntityManager; url: string },
  options: { dir: string; kind: BackupKind; onSnapshot?: (snapshotId: string) => Promise<void> },
): Promise<BackupTaken> {
  const dir = resolve(options.dir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const partial = join(dir, `.backup-${process.pid}-${randomBytes(4).toString('hex')}.partial`);
  let file: string | undefined;
  try {
    const { header, bytes, sha256 } = await dumpDatabase(url, partial, { onSnapshot: options.onSnapshot });
    const takenAt = new Date(header.takenAt);
    for (let attempt = 1; !file || existsSync(file); attempt += 1) {
      file = join(dir, backupFileName(takenAt, options.kind, attempt));
    }
    await writeFile(checksumFileOf(file), checksumLine(file, sha256), { mode: 0o600 });
    await rename(partial, file);
    const recorded = await record(em, { takenAt, kind: options.kind, file, bytes, sha256 });
    return { file, bytes, sha256, takenAt, header, recorded };
  } catch (error) {
    await rm(partial, { force: true });
    if (file && !existsSync(file)) await rm(checksumFileOf(file), { force: true });
    throw error;
  }
}

async function record(
  em: EntityManager,
  backup: { takenAt: Date; kind: BackupKind; file: string; bytes: number; sha256: string },
): Promise<boolean> {
  const [table] = await em.execute<{ found: boolean }[]>(`select to_regclass('public.backups') is not null as found`);
  if (!table?.found) return false;
  await em.execute('insert into backups (taken_at, kind, file, size_bytes, sha256) values (?, ?, ?, ?, ?)', [
    backup.takenAt,
    backup.kind,
    backup.file,
    backup.bytes,
    backup.sha256,
  ]);
  return true;
}
