import { Agent, get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipBomb } from '../../test/certificate-fixtures';
import { createTestApp, SITE, type TestApp } from '../../test/test-app';

/**
 * A hostile upload costs a worker thread, never the event loop: a zip bomb whose header claims
 * 1,024 bytes is refused by the bytes it really inflates to, while the server keeps answering.
 */
let t: TestApp;
let base: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('accounts', 'staff');
  staff = await t.signIn('accounts');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  healthAgent.destroy();
  await t.close();
});

/** The health checks' own kept-alive connection, open before the upload starts: no handshake is timed. */
const healthAgent = new Agent({ keepAlive: true, maxSockets: 1 });
const health = () =>
  new Promise<number>((resolve, reject) => {
    get(`${base}/api/health`, { agent: healthAgent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    }).on('error', reject);
  });

/** Times `/api/health` every 20 ms on the listening server until `work` settles. */
async function healthDuring<T>(work: Promise<T>) {
  const latencies: number[] = [];
  let settled = false;
  const polling = (async () => {
    while (!settled) {
      const started = performance.now();
      expect(await health()).toBe(200);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const result = await work.finally(() => {
    settled = true;
  });
  await polling;
  return { result, latencies };
}

describe('a zip bomb among the certificates', () => {
  it('is refused by the bytes it inflates to, naming the file and the limit, while /api/health answers within 100 ms', async () => {
    const bomb = await zipBomb('bomb.pdf', 400);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    // The route, its connection and the database's warmed first.
    await health();
    const upload = fetch(`${base}/staff/api/certificates?year=2026-27&name=portal.zip`, {
      method: 'POST',
      headers: { 'content-type': 'application/zip', cookie: `staff_session=${staff}`, origin: SITE },
      body: new Uint8Array(bomb),
    }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const { result, latencies } = await healthDuring(upload);
    console.log(
      t.logs
        .filter((l) => l.includes('"level":50'))
        .join('\n')
        .slice(0, 3000),
    );
    expect(result).toEqual({
      status: 400,
      body: { message: 'bomb.pdf in portal.zip unpacks to more than 20 MB, far more than a certificate: refused' },
    });
    expect(latencies.length).toBeGreaterThan(3);
    expect(Math.max(...latencies)).toBeLessThan(100);
    console.log(
      t.logs
        .filter((l) => l.includes('"level":50'))
        .join('\n')
        .slice(0, 3000),
    );
    const [stored] = await t.db.orm.em.execute<{ n: string }[]>('select count(*) as n from donor_certificates');
    expect(Number(stored?.n)).toBe(0);
  });
});

describe('a damaged zip among the certificates', () => {
  it('answers 400 saying it could not be read, not 200 with no outcome', async () => {
    const damaged = Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(4_000, 0x17)]);
    const response = await fetch(`${base}/staff/api/certificates?year=2026-27&name=portal.zip`, {
      method: 'POST',
      headers: { 'content-type': 'application/zip', cookie: `staff_session=${staff}`, origin: SITE },
      body: new Uint8Array(damaged),
    });
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 400,
      body: { message: 'portal.zip could not be read: no file was found in it (the zip is damaged or empty)' },
    });
  });
});
