import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';
import { takeSessionLock } from '../db/session-lock';
import { BACKUP_LOCK_KEY } from './backup-runner';

/** "Back up now" on two instances of one database: one backup at a time across both, not per server. */
let first: TestApp;
let second: TestApp;
let dir: string;
let onFirst: string;
let onSecond: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rescue-backup-lock-'));
  first = await createTestApp({ BACKUP_DIR: join(dir, 'first') });
  second = await createTestApp({ BACKUP_DIR: join(dir, 'second') }, { sameDatabaseAs: first });
  await first.addAccount('asha', 'admin');
  onFirst = await first.signIn('asha');
  onSecond = await second.signIn('asha');
});
afterAll(async () => {
  await first?.deps.backups.idle();
  await second?.deps.backups.idle();
  await second?.close();
  await first?.close();
  await rm(dir, { recursive: true, force: true });
});

const backUpNow = (t: TestApp, token: string) => callProcedure(t.app, 'staff.backups.backUpNow', 'mutation', { token });
const backupRows = async () =>
  Number((await first.db.orm.em.fork().execute<{ count: string }[]>('select count(*) from backups'))[0]?.count);

it('two admins pressing at once on two instances: one backup, and the other told one is running', async () => {
  const answers = await Promise.all([backUpNow(first, onFirst), backUpNow(second, onSecond)]);
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  const refused = answers.find((answer) => answer.statusCode === 409);
  expect(JSON.parse(refused?.body ?? '{}').error.message).toBe(
    'A backup is already running: wait for it to finish, then refresh the page',
  );
  await Promise.all([first.deps.backups.idle(), second.deps.backups.idle()]);
  expect(await backupRows()).toBe(1);

  // Done, the lock is free again: the other instance backs up now.
  expect((await backUpNow(second, onSecond)).statusCode).toBe(200);
  await second.deps.backups.idle();
  expect(await backupRows()).toBe(2);
});

it('a backup held elsewhere refuses "Back up now", and the nightly one waits its turn', async () => {
  const elsewhere = await takeSessionLock(first.db.url, BACKUP_LOCK_KEY, { wait: false, onLost: () => {} });
  expect(elsewhere).not.toBeNull();
  expect((await backUpNow(first, onFirst)).statusCode).toBe(409);
  expect(first.deps.backups.state().running).toBeNull();

  let nightlyDone = false;
  const nightly = second.deps.backups.run('nightly').then(() => {
    nightlyDone = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(nightlyDone).toBe(false);
  await elsewhere?.release();
  await nightly;
  expect(await backupRows()).toBe(3);
});
