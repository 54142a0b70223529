import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Text PostgreSQL cannot store (NUL in text, NUL or an unpaired surrogate in jsonb) is bad input
 * on every path: a 400 with a message, never a plain 500.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SITE_URL: 'http://localhost:3000' });
});
afterAll(() => t.close());

const HOSTILE = ['a\u0000b', 'a\ud800b'];
const json = { 'content-type': 'application/json', origin: 'http://localhost:3000' };

describe('text that cannot be stored', () => {
  it.each(HOSTILE)('refuses a staff sign-in with %j as the username', async (username) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/staff/api/sign-in',
      headers: json,
      payload: JSON.stringify({ username, password: 'a long enough passphrase' }),
    });
    // NUL is refused as unstorable (400); an unpaired surrogate is stored as U+FFFD, so no such user (401).
    expect([400, 401]).toContain(response.statusCode);
    expect(response.json()).toHaveProperty('message');
  });

  it.each(HOSTILE)("refuses the sandbox checkout's Pay with %j as the ids and e-mail", async (value) => {
    for (const payload of [{ order_id: value }, { order_id: 'order_x', email: value }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/sandbox/checkout/pay',
        headers: json,
        payload: JSON.stringify(payload),
      });
      expect([400, 404]).toContain(response.statusCode);
    }
    const details = await t.app.inject({
      method: 'GET',
      // As a browser would escape it; an unpaired surrogate has no UTF-8, so its bytes are sent as is.
      url: `/sandbox/checkout/details?order_id=${value === HOSTILE[0] ? 'a%00b' : 'a%ED%A0%80b'}`,
    });
    expect([400, 404]).toContain(details.statusCode);
  });
});
