import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The limit counters hold no e-mail and no client address, in any spelling, and still count. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await t.close();
});

const IP = '203.0.113.77';
const storedKeys = async () =>
  (await t.db.orm.em.fork().execute<{ key: string }[]>('select key from rate_limit_counters')).map((row) => row.key);

describe('the limit counters', () => {
  it('keep a keyed hash of each e-mail and client address, never the address, and still refuse a second link in the minute', async () => {
    const email = 'Priya.Venkat+gifts@Example.com';
    const donation = await t.app.inject({
      method: 'POST',
      url: '/api/donations',
      headers: { 'x-forwarded-for': IP },
      payload: donationBody({ email, amount: 50_000 }),
    });
    expect(donation.statusCode).toBe(200);
    const askLink = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/my-giving/link',
        headers: { 'x-forwarded-for': IP },
        payload: { email },
      });
    expect((await askLink()).statusCode).toBe(202);
    expect((await askLink()).statusCode).toBe(429);

    const keys = await storedKeys();
    // The donation's two budgets and the link request's two limits, at least.
    expect(keys.length).toBeGreaterThanOrEqual(4);
    const all = keys.join('\n').toLowerCase();
    for (const part of ['priya', 'venkat', 'example.com', '@', IP, IP.replaceAll('.', ''), '203.0.113']) {
      expect(all).not.toContain(part.toLowerCase());
    }
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
