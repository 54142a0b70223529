import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';

/** The console's Backups page: admins only, "Back up now" off the request, the download, the bucket's set-up. */
let t: TestApp;
let s3: TestS3Server;
let dir: string;
let admin: string;
let staff: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rescue-console-backups-'));
  t = await createTestApp({ BACKUP_DIR: dir });
  s3 = await startS3Server();
  await t.addAccount('asha', 'admin');
  await t.addAccount('ravi', 'staff');
  admin = await t.signIn('asha');
  staff = await t.signIn('ravi');
});
afterAll(async () => {
  await t.deps.backups.idle();
  await t.close();
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const body = (response: { body: string }) => JSON.parse(response.body);
const download = (name: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `/staff/api/backups/${name}`, headers: { cookie: `staff_session=${token}` } });
const auditActions = async () =>
  (
    await t.db.orm.em
      .fork()
      .execute<{ action: string; details: unknown }[]>('select action, details from staff_audit order by id')
  ).filter((row) => row.action !== 'sign_in');

describe('the Backups page', () => {
  it('is for admins only: staff get 403 on every procedure and the download', async () => {
    expect((await callProcedure(t.app, 'staff.backups.list', 'query', { token: staff })).statusCode).toBe(403);
    expect((await callProcedure(t.app, 'staff.backups.backUpNow', 'mutation', { token: staff })).statusCode).toBe(403);
    expect((await callProcedure(t.app, 'staff.backups.offsite.get', 'query', { token: staff })).statusCode).toBe(403);
    expect((await download('rescue-20261125-023000-nightly.backup.gz', staff)).statusCode).toBe(403);
    expect((await callProcedure(t.app, 'staff.backups.list', 'query')).statusCode).toBe(401);
  });

  it('"Back up now" answers at once, refuses a second while one runs, and the list shows the outcome', async () => {
    const first = await callProcedure(t.app, 'staff.backups.backUpNow', 'mutation', { token: admin });
    expect(first.statusCode).toBe(200);
    expect(body(first).result.data.running).toMatchObject({ kind: 'manual' });
    const second = await callProcedure(t.app, 'staff.backups.backUpNow', 'mutation', { token: admin });
    expect(second.statusCode).toBe(409);
    expect(body(second).error.message).toMatch(/already running/);
    await t.deps.backups.idle();

    const list = body(await callProcedure(t.app, 'staff.backups.list', 'query', { token: admin })).result.data;
    expect(list.run.running).toBeNull();
    expect(list.run.last).toMatchObject({ kind: 'manual', error: null });
    expect(list.backups).toHaveLength(1);
    expect(list.backups[0]).toMatchObject({ kind: 'manual', onDisk: true, offsiteKey: null, name: list.run.last.file });
    expect(list.backups[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(list.offsite).toMatchObject({ configured: false, lastCopiedAt: null });
    expect((await auditActions()).map((row) => row.action)).toContain('backup_requested');
  });

  it('downloads a listed backup, streamed and audited; any other name is refused', async () => {
    const list = body(await callProcedure(t.app, 'staff.backups.list', 'query', { token: admin })).result.data;
    const { name, sizeBytes } = list.backups[0];
    const response = await download(name);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(response.rawPayload.equals(await readFile(join(dir, name)))).toBe(true);
    expect(response.rawPayload.length).toBe(sizeBytes);
    expect((await auditActions()).at(-1)).toMatchObject({
      action: 'backup_downloaded',
      details: { name, bytes: sizeBytes },
    });

    for (const bad of ['..%2F..%2Fetc%2Fpasswd', '..%2Frescue-20261125-023000-nightly.backup.gz', 'notes.txt']) {
      const refused = await download(bad);
      expect(refused.statusCode).toBe(400);
      expect(body(refused).issues[0]).toMatchObject({
        path: 'name',
        message: 'must be the name of a backup in the list',
      });
    }
    const unknown = await download('rescue-20200101-023000-nightly.backup.gz');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the copies off the machine, set up from the console', () => {
  const setup = () => ({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: s3.bucket.bucket,
    accessKeyId: s3.bucket.accessKeyId,
    secretAccessKey: s3.bucket.secretAccessKey,
  });
  const test = (input: unknown) =>
    callProcedure(t.app, 'staff.backups.offsite.test', 'mutation', { token: admin, input });

  it('"Test" says in a sentence what is wrong: a missing bucket, wrong credentials, an unreachable endpoint', async () => {
    const ok = await test(setup());
    expect(ok.statusCode).toBe(200);

    const missing = await test({ ...setup(), bucket: 'no-such-bucket' });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).error.message).toMatch(
      /The bucket "no-such-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+: create it/,
    );

    // (s3rver checks the access key's ID, not the signature: a wrong ID stands for wrong credentials.)
    const wrongKey = await test({ ...setup(), accessKeyId: 'AKIAWRONGKEY', secretAccessKey: 'not-the-secret' });
    expect(wrongKey.statusCode).toBe(400);
    expect(body(wrongKey).error.message).toMatch(
      /The storage refused the access key: check the access key ID and the secret/,
    );

    const unreachable = await test({ ...setup(), endpoint: 'http://127.0.0.1:9' });
    expect(unreachable.statusCode).toBe(400);
    expect(body(unreachable).error.message).toMatch(
      /Could not reach http:\/\/127\.0\.0\.1:9 \(ECONNREFUSED\): check the endpoint/,
    );

    const badInput = await test({ ...setup(), endpoint: 'ftp:/x', bucket: 'A' });
    expect(badInput.statusCode).toBe(400);
    const paths = body(badInput).error.data.issues.map((issue: { path: string }) => issue.path);
    expect(new Set(paths)).toEqual(new Set(['bucket', 'endpoint']));
  });

  it('is saved only with a passphrase and a working bucket, audited without secrets, the secret never shown back', async () => {
    const save = (input: unknown) =>
      callProcedure(t.app, 'staff.backups.offsite.save', 'mutation', { token: admin, input });
    const noPassphrase = await save(setup());
    expect(noPassphrase.statusCode).toBe(400);
    expect(body(noPassphrase).error.data.issues).toEqual([
      { path: 'passphrase', message: 'is required to set up the copies' },
    ]);
    const shortPassphrase = await save({ ...setup(), passphrase: 'short' });
    expect(shortPassphrase.statusCode).toBe(400);
    const badBucket = await save({ ...setup(), bucket: 'no-such-bucket', passphrase: 'banyan tree by the river' });
    expect(badBucket.statusCode).toBe(400);
    expect(body(badBucket).error.message).toMatch(/does not exist/);

    const saved = await save({ ...setup(), passphrase: 'banyan tree by the river' });
    expect(saved.statusCode).toBe(200);
    const view = body(await callProcedure(t.app, 'staff.backups.offsite.get', 'query', { token: admin })).result.data;
    expect(view).toMatchObject({
      bucket: s3.bucket.bucket,
      accessKeyId: 'S3RVER',
      secretLast4: 'RVER',
      updatedBy: 'asha',
    });
    expect(JSON.stringify(view)).not.toContain('S3RVERS3RVER');
    expect(view).not.toHaveProperty('secretAccessKey');

    // Saved again without the secret and the passphrase: both kept.
    expect((await save({ ...setup(), secretAccessKey: '' })).statusCode).toBe(200);
    const [row] = await t.db.orm.em
      .fork()
      .execute<{ secret_access_key: string }[]>('select secret_access_key from offsite_backup_settings');
    expect(row?.secret_access_key).not.toContain('S3RVER');
    expect(t.deps.cipher.decrypt(row?.secret_access_key as string)).toBe('S3RVER');

    const entries = (await auditActions()).filter((entry) => entry.action === 'offsite_backups_set_up');
    expect(entries).toHaveLength(2);
    expect(entries[0]?.details).toMatchObject({
      bucket: s3.bucket.bucket,
      secretChanged: true,
      passphraseChanged: true,
    });
    expect(JSON.stringify(entries)).not.toMatch(/banyan|"S3RVER"[^,]*secret/);
    expect(JSON.stringify(entries)).not.toContain('banyan');
    expect(t.logs.join('')).not.toContain('banyan');
  });

  it('copies the next backup off the machine, and the list says when', async () => {
    await callProcedure(t.app, 'staff.backups.backUpNow', 'mutation', { token: admin });
    await t.deps.backups.idle();
    const list = body(await callProcedure(t.app, 'staff.backups.list', 'query', { token: admin })).result.data;
    expect(list.run.last).toMatchObject({ error: null, offsiteError: null });
    // Both the earlier backup and this one: every backup still on disk without a copy.
    expect(list.backups.map((backup: { offsiteKey: string }) => backup.offsiteKey)).toEqual(
      list.backups.map((backup: { name: string }) => `${backup.name}.age`),
    );
    expect(list.offsite).toMatchObject({
      configured: true,
      lastError: null,
      lastCopiedKey: `${list.backups[0].name}.age`,
    });
  });
});
