import { readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { indiaDate } from '../../../shared/india-time';
import type { Config } from '../core/config';
import { EMBEDDED_DATA_DIR } from '../db/database-url';
import { checksumFileOf } from '../db/logical-backup';
import type { BackupKind } from './backup.entity';

/**
 * Where backups go and what they are called: `rescue-20261125-023000-nightly.backup.gz`, the
 * instant of the backup's snapshot in India time, then who took it; `FILE.sha256` beside each.
 * The names sort in the order the backups were taken.
 */

/** BACKUP_DIR, else `backups` beside the embedded database's folder (`.data/backups` by default). */
export function backupDir(config: Pick<Config, 'backups' | 'embeddedDataDir'>): string {
  return config.backups.dir ?? join(dirname(config.embeddedDataDir ?? EMBEDDED_DATA_DIR), 'backups');
}

const NAME = /^rescue-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-(nightly|manual)(?:-(\d+))?\.backup\.gz$/;
const pad = (value: number) => String(value).padStart(2, '0');

/** The file's name for a backup whose snapshot was taken at `takenAt`; `attempt` > 1 when that name is taken. */
export function backupFileName(takenAt: Date, kind: BackupKind, attempt = 1): string {
  const { year, month, day } = indiaDate(takenAt);
  const india = new Date(takenAt.getTime() + (5 * 60 + 30) * 60_000);
  const time = `${pad(india.getUTCHours())}${pad(india.getUTCMinutes())}${pad(india.getUTCSeconds())}`;
  return `rescue-${year}${pad(month)}${pad(day)}-${time}-${kind}${attempt > 1 ? `-${attempt}` : ''}.backup.gz`;
}

export interface BackupFileName {
  name: string;
  kind: BackupKind;
  /** India's calendar day (`2026-11-25`) and month (`2026-11`) it was taken in. */
  day: string;
  month: string;
}

export function parseBackupFileName(name: string): BackupFileName | undefined {
  const found = NAME.exec(name);
  if (!found) return undefined;
  const [, year, month, day, , , , kind] = found;
  return { name, kind: kind as BackupKind, day: `${year}-${month}-${day}`, month: `${year}-${month}` };
}

export interface Retention {
  /** The newest nightly backup of each of this many days is kept… */
  keepDaily: number;
  /** …and the newest of each of this many months. */
  keepMonthly: number;
}

/** Which nightly backups to keep (the rest are removed): names, newest first. */
export function backupsToKeep(names: string[], retention: Retention): Set<string> {
  const nightly = names
    .map(parseBackupFileName)
    .filter((file): file is BackupFileName => file?.kind === 'nightly')
    .sort((a, b) => (a.name < b.name ? 1 : -1));
  const days = new Set<string>();
  const months = new Set<string>();
  const keep = new Set<string>();
  for (const file of nightly) {
    if (!days.has(file.day) && days.size < retention.keepDaily) {
      days.add(file.day);
      keep.add(file.name);
    }
    if (!months.has(file.month) && months.size < retention.keepMonthly) {
      months.add(file.month);
      keep.add(file.name);
    }
  }
  return keep;
}

/** A partial file older than this was left by a backup that crashed. */
const PARTIAL_TOO_OLD_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the nightly backups past the retention (with their checksums) and partial files left by a
 * crash. Backups taken by hand (`-manual`) are never removed: whoever took one decides.
 */
export async function pruneBackups(dir: string, retention: Retention, now = new Date()): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const keep = backupsToKeep(names, retention);
  const removed: string[] = [];
  for (const name of names) {
    const parsed = parseBackupFileName(name);
    if (parsed?.kind === 'nightly' && !keep.has(name)) {
      await rm(checksumFileOf(join(dir, name)), { force: true });
      await rm(join(dir, name), { force: true });
      removed.push(name);
    } else if (name.endsWith('.partial')) {
      const info = await stat(join(dir, name)).catch(() => undefined);
      if (info && now.getTime() - info.mtimeMs > PARTIAL_TOO_OLD_MS) {
        await rm(join(dir, name), { force: true });
        removed.push(name);
      }
    }
  }
  return removed;
}
