import type { FastifyBaseLogger } from 'fastify';
import { indiaDate, indiaMidnight } from '../../../shared/india-time';
import type { Orm } from '../db/orm';
import type { BackupRunner } from './backup-runner';

/** India time, when the trust's site is quietest. */
export const NIGHTLY_AT = { hour: 2, minute: 30 };
/** A server that was down at the nightly hour takes the missed backup this long after it starts. */
export const CATCH_UP_AFTER_MS = 5 * 60 * 1000;

const slotOf = (year: number, month: number, day: number) =>
  new Date(indiaMidnight(year, month, day).getTime() + (NIGHTLY_AT.hour * 60 + NIGHTLY_AT.minute) * 60_000);

/** The next 02:30 India time strictly after `now`. */
export function nextNightlySlot(now: Date): Date {
  const { year, month, day } = indiaDate(now);
  const today = slotOf(year, month, day);
  return today > now ? today : slotOf(year, month, day + 1);
}

/** The latest 02:30 India time at or before `now`. */
export function lastNightlySlot(now: Date): Date {
  const { year, month, day } = indiaDate(now);
  const today = slotOf(year, month, day);
  return today <= now ? today : slotOf(year, month, day - 1);
}

export interface NightlyBackups {
  stop(): Promise<void>;
}

/**
 * Takes a backup every night at 02:30 India time through the runner (backup-runner.ts: the backup,
 * the nightly ones past the retention removed, the copies off the machine). One missed while the
 * server was down is taken soon after it starts. Only the server started with the embedded
 * database (or BACKUP_NIGHTLY) runs this (wiring/background-jobs.ts).
 */
export function startNightlyBackups(
  { orm, log, backups }: { orm: Orm; log: FastifyBaseLogger; backups: BackupRunner },
  options: { now?: () => Date; catchUpAfterMs?: number } = {},
): NightlyBackups {
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const schedule = (at: Date) => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = running.then(pass);
      },
      Math.max(0, at.getTime() - now().getTime()),
    );
    timer.unref();
  };

  const pass = async () => {
    // The runner logs its own failures; a pass never stops the schedule.
    await backups.run('nightly').catch((error: unknown) => log.error({ err: error }, 'nightly backup failed'));
    schedule(nextNightlySlot(now()));
  };

  running = (async () => {
    try {
      const [last] = await orm.em
        .fork()
        .execute<{ taken_at: Date | null }[]>(`select max(taken_at) as taken_at from backups where kind = 'nightly'`);
      const missed = !last?.taken_at || new Date(last.taken_at) < lastNightlySlot(now());
      schedule(
        missed ? new Date(now().getTime() + (options.catchUpAfterMs ?? CATCH_UP_AFTER_MS)) : nextNightlySlot(now()),
      );
    } catch (error) {
      log.error({ err: error }, 'nightly backups: could not read the last one; next at the nightly hour');
      schedule(nextNightlySlot(now()));
    }
  })();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
