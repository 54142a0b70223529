import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// The creates' own /trpc routes (create-calls.ts) answer a plain call as tRPC's HTTP adapter does,
// without building the adapter's fetch-API Request. A query string sends the same call through the
// adapter, so each answer here is compared with the adapter's own.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1', TRUST_PROXY: '1' });
});
afterAll(() => t.close());

let clients = 0;
/** Each call from a new client address, so only a test's own calls share a budget. */
const call = (url: string, payload: unknown, ip = `198.51.100.${++clients}`) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'x-forwarded-for': ip, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

/** What a client sees of an answer; the ids a create draws differ between two calls. */
async function seen(response: Awaited<ReturnType<typeof call>>) {
  const body = response.body.replace(/"id":\d+/g, '"id":0').replace(/(order|sub)_\w+/g, '$1_0');
  return {
    status: response.statusCode,
    body: JSON.parse(body),
    contentType: response.headers['content-type'],
    vary: response.headers.vary,
    retryAfter: response.headers['retry-after'],
  };
}

const PATHS = ['donation.create', 'subscription.create'] as const;
const bodyFor = (path: (typeof PATHS)[number], overrides = {}) =>
  donationBody({ donationType: path === 'donation.create' ? 'one-time' : 'monthly', ...overrides });

describe.each(PATHS)('a plain call of %s', (path) => {
  const own = `/trpc/${path}`;
  const adapters = `/trpc/${path}?through=adapter`;

  it.each([
    ['a donation', {}],
    ['a field out of range (400 with its issues)', { amount: -5 }],
    ['the other donation type (400)', { donationType: path === 'donation.create' ? 'monthly' : 'one-time' }],
  ])('answers %s as the adapter does', async (_case, overrides) => {
    const input = { ...bodyFor(path), ...overrides };
    const answer = await seen(await call(own, input));
    expect(answer).toEqual(await seen(await call(adapters, input)));
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.vary).toBe('trpc-accept, accept');
  });

  it('answers a spent budget 429 with Retry-After, as the adapter does', async () => {
    const spend = async (url: string, ip: string) => {
      expect((await call(url, bodyFor(path, { email: `${ip}@example.com` }), ip)).statusCode).toBe(200);
      return seen(await call(url, bodyFor(path, { email: `again-${ip}@example.com` }), ip));
    };
    const [first, second] =
      path === 'donation.create' ? ['203.0.113.1', '203.0.113.2'] : ['203.0.113.3', '203.0.113.4'];
    const answer = await spend(own, first);
    expect(answer.status).toBe(429);
    expect(answer.retryAfter).toMatch(/^\d+$/);
    expect(answer).toEqual(await spend(adapters, second));
  });

  it('leaves a body that is not JSON to the adapter, which answers its 400', async () => {
    const answer = await call(own, '{"name":');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual((await call(adapters, '{"name":')).json());
  });

  it("builds no fetch-API Request for it (the adapter's does)", async () => {
    const built = { count: 0 };
    const FetchRequest = globalThis.Request;
    globalThis.Request = class extends FetchRequest {
      constructor(...args: ConstructorParameters<typeof FetchRequest>) {
        super(...args);
        built.count += 1;
      }
    };
    try {
      expect((await call(own, bodyFor(path))).statusCode).toBe(200);
      expect(built.count).toBe(0);
      expect((await call(adapters, bodyFor(path))).statusCode).toBe(200);
      expect(built.count).toBe(1);
    } finally {
      globalThis.Request = FetchRequest;
    }
  });
});
