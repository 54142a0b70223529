import { basename } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Orm } from '../db/orm';
import { type SessionLock, takeSessionLock } from '../db/session-lock';
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

/** pg_advisory_lock key of the backups: any constant nothing else in this database uses (reconcile.ts: 727_001). */
export const BACKUP_LOCK_KEY = 727_002;

export interface BackupRunner {
  /** The folder the backups are written to (and downloaded from). */
  readonly dir: string;
  /** "Back up now": starts one off the request, or false when one is already running (on any instance). */
  start(kind: BackupKind): Promise<boolean>;
  /** The nightly one: waits for one running, then runs, prunes and copies off. */
  run(kind: BackupKind): Promise<void>;
  state(): BackupRunState;
  /** Waits for what is running (shutdown, tests). */
  idle(): Promise<void>;
}

/**
 * Takes a backup, prunes the nightly ones past their retention, then copies what is not yet off
 * the machine (offsite-copy.ts): the one path of the nightly job and the console's "Back up now".
 * One at a time across every instance on the database: each pass holds a PostgreSQL advisory lock
 * for its length (two dumps at once would double the load and race on the off-site copies). The
 * progress shown is this server's own, kept in memory.
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

  const lock = (wait: boolean) =>
    takeSessionLock(settings.url, BACKUP_LOCK_KEY, {
      wait,
      onLost: (error) => log.error({ err: error }, 'the backup lock connection was lost'),
    });
  const passHolding = async (held: SessionLock, kind: BackupKind) => {
    try {
      await pass(kind);
    } finally {
      await held.release();
    }
  };

  /** The nightly one waits its turn behind a backup running on any instance. */
  const run = (kind: BackupKind) => {
    // Waiting, the lock is always given (null only answers a try).
    const next = current.then(async () => passHolding((await lock(true)) as SessionLock, kind));
    // A lock not taken (the database unreachable) fails this run, not the ones queued after it.
    current = next.catch(() => undefined);
    return next;
  };

  return {
    dir: settings.dir,
    async start(kind) {
      if (state.running) return false;
      // Marked at once, so a second click before the lock is taken is refused too.
      state = { ...state, running: { kind, startedAt: now().toISOString(), step: 'backing up' } };
      let held: SessionLock | null = null;
      try {
        held = await lock(false);
      } finally {
        if (!held) state = { ...state, running: null };
      }
      if (!held) return false;
      const taken = held;
      current = current.then(() => passHolding(taken, kind));
      return true;
    },
    run,
    state: () => state,
    idle: () => current,
  };
}
