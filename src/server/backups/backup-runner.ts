import { basename } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Orm } from '../db/orm';
import type { FieldCipher } from '../personal-data/field-cipher';
import type { BackupKind } from './backup.entity';
import { pruneBackups, type Retention } from './backup-files';
import { copyBackupsOffsite } from './offsite-copy';
import { takeBackup } from './take-backup';

export interface BackupRunnerSettings extends Retention {
  /** The database to back up. */
  url: string;
  dir: string;
}

/** What the console shows of this server's backups in progress and the last one it ran. */
export interface BackupRunState {
  running: { kind: BackupKind; startedAt: string; step: 'backing up' | 'copying off the machine' } | null;
  last: {
    kind: BackupKind;
    finishedAt: string;
    /** The backup's file name, or null when it failed. */
    file: string | null;
    /** Why the backup failed, or its copy off the machine did (the backup itself is then kept). */
    error: string | null;
    offsiteError: string | null;
  } | null;
}

export interface BackupRunner {
  /** The folder the backups are written to (and downloaded from). */
  readonly dir: string;
  /** "Back up now": starts one off the request, or false when one is already running here. */
  start(kind: BackupKind): boolean;
  /** The nightly one: waits for one running, then runs, prunes and copies off. */
  run(kind: BackupKind): Promise<void>;
  state(): BackupRunState;
  /** Waits for what is running (shutdown, tests). */
  idle(): Promise<void>;
}

/**
 * Takes a backup, prunes the nightly ones past their retention, then copies what is not yet off
 * the machine (offsite-copy.ts): the one path of the nightly job and the console's "Back up now".
 * One at a time on this server; the state lives in memory (one server takes the backups, the one
 * with the embedded database or BACKUP_NIGHTLY).
 */
export function createBackupRunner(
  { orm, cipher, log }: { orm: Orm; cipher: FieldCipher; log: Pick<FastifyBaseLogger, 'info' | 'error'> },
  settings: BackupRunnerSettings,
  now: () => Date = () => new Date(),
): BackupRunner {
  let current: Promise<void> = Promise.resolve();
  let state: BackupRunState = { running: null, last: null };

  const pass = async (kind: BackupKind) => {
    state = { ...state, running: { kind, startedAt: now().toISOString(), step: 'backing up' } };
    let file: string | null = null;
    let error: string | null = null;
    let offsiteError: string | null = null;
    try {
      const taken = await takeBackup({ em: orm.em.fork(), url: settings.url }, { dir: settings.dir, kind });
      file = basename(taken.file);
      log.info({ file: taken.file, bytes: taken.bytes, sha256: taken.sha256 }, `${kind} backup taken`);
      const removed = await pruneBackups(settings.dir, settings, now());
      if (removed.length > 0) log.info({ removed }, 'backups past their retention removed');
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      log.error({ err: failure }, `${kind} backup failed`);
    }
    try {
      if (state.running) state.running.step = 'copying off the machine';
      const copy = await copyBackupsOffsite({ em: orm.em.fork(), cipher });
      offsiteError = copy.error;
      if (copy.copied.length > 0) log.info({ keys: copy.copied }, 'backups copied off the machine');
      if (copy.error) log.error({ reason: copy.error }, 'copying backups off the machine failed');
    } catch (failure) {
      offsiteError = failure instanceof Error ? failure.message : String(failure);
      log.error({ err: failure }, 'copying backups off the machine failed');
    }
    state = { running: null, last: { kind, finishedAt: now().toISOString(), file, error, offsiteError } };
  };

  const run = (kind: BackupKind) => {
    current = current.then(() => pass(kind));
    return current;
  };

  return {
    dir: settings.dir,
    start(kind) {
      if (state.running) return false;
      // Marked at once, so a second click before the pass begins is refused too.
      state = { ...state, running: { kind, startedAt: now().toISOString(), step: 'backing up' } };
      void run(kind);
      return true;
    },
    run,
    state: () => state,
    idle: () => current,
  };
}
