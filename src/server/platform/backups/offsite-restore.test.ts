import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { createEmptyDatabase, type EmptyDatabase } from '../../test/empty-database';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { createTestApp, deliverSandboxWebhooks, type TestApp } from '../../test/test-app';
import { ENTITIES } from '../../wiring/entities';
import { prepareUnmigratedSchemas } from '../../wiring/unmigrated-schemas';
import { createLogger } from '../core/logger';
import { restoreDatabase } from '../db/restore-database';
import { startNightlyBackups } from './nightly-backups';
import { PASSPHRASE_AGAIN } from './offsite-copy';
import { DecryptError } from './offsite-encryption';
import { copyFormat, decryptCopyForRestore } from './offsite-restore';
import { offsiteBackupStatus, saveOffsiteSettings } from './offsite-settings';
import { downloadFile } from './offsite-storage';

/**
 * The nightly backup copied off the machine, encrypted, retried the next night when the copy
 * failed; then the restore drill from the bucket: download, decrypt with the passphrase, restore
 * into an empty database, the rows as they were.
 */
const PASSPHRASE = 'marina beach at dawn, 2026';
let t: TestApp;
let s3: TestS3Server;
let dir: string;
let target: EmptyDatabase;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rescue-offsite-'));
  t = await createTestApp({ BACKUP_DIR: dir });
  deliverSandboxWebhooks(t);
  s3 = await startS3Server();
  target = await createEmptyDatabase('offsite_restore');
  const actor = { userId: null, username: 'asha', ip: '127.0.0.1' };
  await saveOffsiteSettings(t.db.orm.em.fork(), t.deps.cipher, actor, { ...s3.bucket, passphrase: PASSPHRASE });
});
afterAll(async () => {
  await t.deps.backups.idle();
  await t.close();
  await s3.close();
  await target.drop();
  await rm(dir, { recursive: true, force: true });
});

const rowsOf = async (url: string) => {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return {
      donations: (await client.query('select * from donations order by id')).rows,
      receipts: (await client.query('select * from receipts order by id')).rows,
    };
  } finally {
    await client.end();
  }
};
const backupRows = () =>
  t.db.orm.em
    .fork()
    .execute<{ file: string; offsite_key: string | null }[]>('select file, offsite_key from backups order by id');

describe('copies off the machine', () => {
  it('after each backup, nightly too; a failed copy is recorded and retried with the next backup', async () => {
    const created = await t.caller.donation.create(
      donationBody({ email: 'kavya@example.com', name: 'Kavya Sundaram' }),
    );
    await t.emulator.completePayment({ orderId: created.order.id });
    await t.emulator.webhooksIdle();

    // The bucket is gone: a backup ("Back up now") is taken, its copy fails and says why.
    await t.db.orm.em.fork().execute(`update offsite_backup_settings set bucket = 'deleted-bucket'`);
    await t.deps.backups.run('manual');
    expect((await backupRows()).map((row) => row.offsite_key)).toEqual([null]);
    const failed = await offsiteBackupStatus(t.db.orm.em.fork());
    expect(failed).toMatchObject({ configured: true, lastCopiedAt: null });
    expect(failed.lastError).toMatch(/The bucket "deleted-bucket" does not exist/);
    expect(t.deps.backups.state().last).toMatchObject({ kind: 'manual', error: null });

    // The bucket back, the nightly backup copies itself and the one that failed.
    await t.db.orm.em.fork().execute(`update offsite_backup_settings set bucket = ?`, [s3.bucket.bucket]);
    const log = createLogger({ env: 'test', logLevel: 'silent' });
    const job = startNightlyBackups({ orm: t.db.orm, log, backups: t.deps.backups }, { catchUpAfterMs: 0 });
    while ((await backupRows()).length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    await job.stop();
    await t.deps.backups.idle();
    expect(t.deps.backups.state().last).toMatchObject({ kind: 'nightly', error: null, offsiteError: null });
    const rows = await backupRows();
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.offsite_key)).toEqual(rows.map((row) => `${row.file.split('/').at(-1)}.age`));
    const copied = await offsiteBackupStatus(t.db.orm.em.fork());
    expect(copied).toMatchObject({ lastError: null, lastCopiedKey: rows[1]?.offsite_key });
    expect(Date.parse(copied.lastCopiedAt as string)).toBeGreaterThan(Date.now() - 60_000);
    // No encrypted leftovers beside the backups.
    expect((await readdir(dir)).filter((name) => name.includes('.age'))).toEqual([]);
  });

  it('restores from the bucket: the copy and its signature downloaded, checked and decrypted with the passphrase, the same rows; a wrong passphrase refused', async () => {
    const [first] = await backupRows();
    const key = first?.offsite_key as string;
    const downloaded = join(dir, 'downloads');
    await mkdir(downloaded);
    const copy = join(downloaded, key);
    await downloadFile(s3.bucket, key, copy);
    await downloadFile(s3.bucket, `${key}.sig`, `${copy}.sig`);

    // What the bucket holds is not the dump: neither its compressed bytes nor the donor's text.
    const sealed = await readFile(copy);
    const original = await readFile(first?.file as string);
    expect(sealed.includes(original.subarray(0, 64))).toBe(false);
    expect(gunzipSync(original).includes('kavya@example.com')).toBe(true);
    expect(sealed.includes('kavya@example.com')).toBe(false);
    expect(await copyFormat(copy)).toBe('age');

    await expect(decryptCopyForRestore(copy, 'not the passphrase')).rejects.toThrow(DecryptError);
    await expect(decryptCopyForRestore(copy, 'not the passphrase')).rejects.toThrow(/wrong passphrase/);

    const { file: decrypted, object } = await decryptCopyForRestore(copy, PASSPHRASE);
    expect(object).toBe(key);
    expect((await readFile(decrypted)).equals(original)).toBe(true);
    const result = await restoreDatabase({
      url: target.url,
      file: decrypted,
      skipChecksum: true,
      entities: ENTITIES,
      prepareSchemas: prepareUnmigratedSchemas,
    });
    expect(result.rows).toBeGreaterThan(0);
    const restored = await rowsOf(target.url);
    expect(restored.donations.map((row) => row.email)).toContain('kavya@example.com');
    // The source as it was at the first backup: nothing has been paid since.
    expect(restored).toEqual(await rowsOf(t.db.url));
    await rm(dirname(decrypted), { recursive: true, force: true });
  });

  it('a set-up from before the signed copies copies nothing until the passphrase is typed again, then copies every backup again', async () => {
    const em = () => t.db.orm.em.fork();
    await em().execute(
      `update offsite_backup_settings set age_recipient = null, signing_key = null, sealed_key = null,
              public_key = 'first-format key', key_salt = 'salt'`,
    );
    // The copies made in the first format, as the database would remember them.
    await em().execute(`update backups set offsite_key = replace(offsite_key, '.age', '.enc')`);
    await t.deps.backups.run('manual');
    expect(t.deps.backups.state().last?.offsiteError).toBe(PASSPHRASE_AGAIN);
    expect((await offsiteBackupStatus(em())).lastError).toBe(PASSPHRASE_AGAIN);
    const actor = { userId: null, username: 'asha', ip: '127.0.0.1' };
    await expect(saveOffsiteSettings(em(), t.deps.cipher, actor, { ...s3.bucket, passphrase: '' })).rejects.toThrow(
      /is required/,
    );

    await saveOffsiteSettings(em(), t.deps.cipher, actor, { ...s3.bucket, passphrase: PASSPHRASE });
    await t.deps.backups.run('manual');
    expect(t.deps.backups.state().last?.offsiteError).toBeNull();
    const rows = await backupRows();
    // The two made before, the one made while the passphrase was wanted, and this one: all copied now.
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => row.offsite_key)).toEqual(rows.map((row) => `${row.file.split('/').at(-1)}.age`));
  });
});
