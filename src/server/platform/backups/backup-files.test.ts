import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config';
import { backupDir, backupFileName, backupsToKeep, parseBackupFileName, pruneBackups } from './backup-files';
import { lastNightlySlot, nextNightlySlot } from './nightly-backups';

describe('backup file names', () => {
  it('are the India time of the snapshot and who took it, and sort in the order taken', () => {
    // 21:00 UTC is 02:30 the next day in India.
    expect(backupFileName(new Date('2026-11-24T21:00:00Z'), 'nightly')).toBe(
      'rescue-20261125-023000-nightly.backup.gz',
    );
    expect(backupFileName(new Date('2026-11-25T12:05:09Z'), 'manual', 2)).toBe(
      'rescue-20261125-173509-manual-2.backup.gz',
    );
    expect(parseBackupFileName('rescue-20261125-023000-nightly.backup.gz')).toEqual({
      name: 'rescue-20261125-023000-nightly.backup.gz',
      kind: 'nightly',
      day: '2026-11-25',
      month: '2026-11',
    });
    expect(parseBackupFileName('notes.txt')).toBeUndefined();
  });

  it('go to BACKUP_DIR, else beside the embedded database', () => {
    expect(backupDir(loadConfig({ BACKUP_DIR: '/srv/backups' }))).toBe('/srv/backups');
    expect(backupDir(loadConfig({ EMBEDDED_POSTGRES_DIR: '/var/lib/rescue/postgres' }))).toBe(
      '/var/lib/rescue/backups',
    );
    expect(backupDir(loadConfig({}))).toMatch(/\/\.data\/backups$/);
  });
});

describe('the nightly schedule', () => {
  it('is 02:30 India time (21:00 UTC the day before)', () => {
    expect(nextNightlySlot(new Date('2026-11-25T10:00:00Z')).toISOString()).toBe('2026-11-25T21:00:00.000Z');
    expect(nextNightlySlot(new Date('2026-11-25T21:00:00Z')).toISOString()).toBe('2026-11-26T21:00:00.000Z');
    expect(nextNightlySlot(new Date('2026-11-25T20:59:59Z')).toISOString()).toBe('2026-11-25T21:00:00.000Z');
    expect(lastNightlySlot(new Date('2026-11-25T10:00:00Z')).toISOString()).toBe('2026-11-24T21:00:00.000Z');
    expect(lastNightlySlot(new Date('2026-11-25T21:00:00Z')).toISOString()).toBe('2026-11-25T21:00:00.000Z');
  });

  it('is on by default with the embedded database only, and keeps 14 daily and 12 monthly', () => {
    expect(loadConfig({}).backups).toEqual({ dir: undefined, nightly: true, keepDaily: 14, keepMonthly: 12 });
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db/rescue' }).backups.nightly).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u:p@db/rescue', BACKUP_NIGHTLY: 'true', BACKUP_KEEP_DAILY: '7' }).backups,
    ).toMatchObject({ nightly: true, keepDaily: 7, keepMonthly: 12 });
  });
});

/** Nightly backups at 02:30 India time every day from 1 January 2026 for `days` days. */
const nightlies = (days: number) =>
  Array.from({ length: days }, (_, day) =>
    backupFileName(new Date(Date.UTC(2026, 0, 1 + day, 21, 0, 0) - 24 * 60 * 60 * 1000), 'nightly'),
  );

describe('the retention', () => {
  it('keeps the newest of each of the last 14 days and of each of the last 12 months', () => {
    const names = nightlies(400); // 1 Jan 2026 to 4 Feb 2027
    const keep = [...backupsToKeep(names, { keepDaily: 14, keepMonthly: 12 })].sort();
    const days = keep.map((name) => parseBackupFileName(name)?.day);
    // The last 14 days (22 January to 4 February), and before them the last day of each month back to
    // March 2026 (12 months with January and February 2027).
    expect(days).toEqual([
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
      ...Array.from({ length: 10 }, (_, index) => `2027-01-${22 + index}`),
      '2027-02-01',
      '2027-02-02',
      '2027-02-03',
      '2027-02-04',
    ]);
  });

  it('keeps the newest of a day with two, and never a backup taken by hand', () => {
    const second = backupFileName(new Date('2026-01-05T12:00:00Z'), 'nightly');
    const manual = backupFileName(new Date('2025-01-05T12:00:00Z'), 'manual');
    const keep = backupsToKeep([...nightlies(5), second, manual], { keepDaily: 2, keepMonthly: 0 });
    expect([...keep].sort()).toEqual([nightlies(5)[3], second]);
  });

  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rescue-prune-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('removes the others with their checksums, and partial files a crash left', async () => {
    const names = nightlies(20);
    const manual = backupFileName(new Date('2025-06-01T00:00:00Z'), 'manual');
    for (const name of [...names, manual]) {
      await writeFile(join(dir, name), 'x');
      await writeFile(join(dir, `${name}.sha256`), 'x');
    }
    await writeFile(join(dir, '.backup-1-old.partial'), 'x');
    await utimes(join(dir, '.backup-1-old.partial'), new Date('2026-01-01'), new Date('2026-01-01'));
    await writeFile(join(dir, '.backup-2-new.partial'), 'x');
    await writeFile(join(dir, 'notes.txt'), 'x');

    const removed = await pruneBackups(dir, { keepDaily: 3, keepMonthly: 1 });
    expect(removed).toHaveLength(17 + 1);
    expect((await readdir(dir)).sort()).toEqual(
      [
        '.backup-2-new.partial',
        ...[manual, ...names.slice(-3)].flatMap((name) => [name, `${name}.sha256`]),
        'notes.txt',
      ].sort(),
    );
  });
});
