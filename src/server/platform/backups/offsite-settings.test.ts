import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';
import { freePort } from '../net/free-port';

/** The off-site bucket's "Test" and set-up: where the server may connect, and where its saved secret may go. */
let t: TestApp;
let s3: TestS3Server;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  s3 = await startS3Server();
  await t.addAccount('asha', 'admin');
  admin = await t.signIn('asha');
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const setup = () => ({
  endpoint: s3.endpoint,
  region: 'us-east-1',
  bucket: s3.bucket.bucket,
  accessKeyId: s3.bucket.accessKeyId,
  secretAccessKey: s3.bucket.secretAccessKey,
});
const test = (input: unknown) =>
  callProcedure(t.app, 'staff.backups.offsite.test', 'mutation', { token: admin, input });
const save = (input: unknown) =>
  callProcedure(t.app, 'staff.backups.offsite.save', 'mutation', { token: admin, input });

describe('the off-site "Test" connects only to public addresses', () => {
  it('refuses a loopback endpoint and a name resolving to one, unless ALLOW_PRIVATE_HOSTS=1', async () => {
    const port = new URL(s3.endpoint).port;
    vi.stubEnv('ALLOW_PRIVATE_HOSTS', '');
    try {
      for (const endpoint of [
        `http://127.0.0.1:${port}`,
        `http://localhost:${port}`,
        'http://[::1]:9',
        'http://10.0.0.8',
      ]) {
        const refused = await test({ ...setup(), endpoint });
        expect(refused.statusCode, endpoint).toBe(400);
        expect(refused.json().error.message, endpoint).toMatch(
          /is not on the public internet.*use the public server name your provider gives/,
        );
      }
    } finally {
      vi.unstubAllEnvs();
    }
    // The switch on (as the tests run): the same bucket passes.
    expect((await test({ ...setup(), endpoint: `http://localhost:${port}` })).statusCode).toBe(200);
  });

  it('answers a fixed sentence when what answers is not S3, never its words', async () => {
    const sockets = new Set<Socket>();
    const ssh = createServer((socket) => {
      sockets.add(socket);
      socket.end('SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13\r\n');
    });
    const port = await freePort();
    await new Promise<void>((resolve) => ssh.listen(port, '127.0.0.1', resolve));
    try {
      const answer = await test({ ...setup(), endpoint: `http://127.0.0.1:${port}` });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.message).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+ did not answer as S3 storage does: check the endpoint's address/,
      );
      expect(answer.body).not.toMatch(/SSH|OpenSSH/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => ssh.close(resolve));
    }
  });
});

describe('the saved secret never follows a changed endpoint or access key', () => {
  it('asks for the secret again, and uses the saved one for the same bucket', async () => {
    const saved = await save({ ...setup(), passphrase: 'banyan tree by the river' });
    expect(saved.statusCode, saved.body).toBe(200);
    const { secretAccessKey: _typedNot, ...withoutSecret } = setup();

    expect((await test(withoutSecret)).statusCode).toBe(200);
    for (const change of [{ endpoint: 'https://s3.elsewhere.example' }, { accessKeyId: 'AKIAANOTHERKEY' }]) {
      const moved = await test({ ...withoutSecret, ...change });
      expect(moved.statusCode, JSON.stringify(change)).toBe(400);
      expect(moved.json().error.data.issues).toEqual([
        {
          path: 'secretAccessKey',
          message: expect.stringMatching(/^must be typed again: the endpoint or the access key ID changed/),
        },
      ]);
    }
  });
});
