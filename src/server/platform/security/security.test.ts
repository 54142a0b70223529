import { afterEach, describe, expect, it } from 'vitest';
import { Donation } from '../../gifts/donations/donation.entity';
import { donationBody } from '../../test/donation-fixtures';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

describe('security headers', () => {
  it('sends a strict CSP in sandbox mode and no framework banner', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/checkout.js' })).statusCode).toBe(200);
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers.server).toBeUndefined();
  });

  it("allows Razorpay's checkout hosts in razorpay mode, where no sandbox route exists", async () => {
    // Test keys; nothing here calls Razorpay, so no network is needed.
    t = await createTestApp({ RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' });
    expect(t.deps.razorpay.provider).toBe('razorpay');
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/checkout.js' });
    expect(response.statusCode).toBe(404);
    const csp = String(response.headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toContain('https://checkout.razorpay.com');
    expect(directive(csp, 'frame-src')).toContain('https://api.razorpay.com');
  });
});

describe('rate limiting', () => {
  it('limits the create and verify calls per client', async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
    const app = t.app;
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await app.inject({ method: 'POST', url: '/api/donations', payload: donationBody() })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('ignores a spoofed X-Forwarded-For unless a proxy is trusted', async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
    const app = t.app;
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const headers = { 'x-forwarded-for': `203.0.113.${i}` };
      statuses.push(
        (await app.inject({ method: 'POST', url: '/api/donations', headers, payload: donationBody() })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('limits per donor behind a trusted proxy', async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1', TRUST_PROXY: '1' });
    const app = t.app;
    const from = (ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/donations',
        headers: { 'x-forwarded-for': ip },
        payload: donationBody(),
      });
    expect((await from('203.0.113.1')).statusCode).toBe(200);
    expect((await from('203.0.113.2')).statusCode).toBe(200);
    expect((await from('203.0.113.1')).statusCode).toBe(429);
  });

  it("counts the console's calls apart from the donors', so staff clicking do not stop a donor's verify", async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
    await t.addAccount('accountant', 'staff');
    const token = await t.signIn('accountant');
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await callProcedure(t.app, 'staff.overview', 'query', { token })).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    const verify = () =>
      t?.app.inject({ method: 'POST', url: '/trpc/payment.verify', payload: { razorpay_order_id: 'order_x' } });
    expect((await verify())?.statusCode).not.toBe(429);
    expect((await verify())?.statusCode).not.toBe(429);
    expect((await verify())?.statusCode).toBe(429);
  });

  it('refuses tRPC batches, so one rate-limited request is one call', async () => {
    t = await createTestApp();
    const body = JSON.stringify({ 0: donationBody(), 1: donationBody() });
    const response = await t.app.inject({
      method: 'POST',
      url: '/trpc/donation.create,donation.create?batch=1',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(await t.db.orm.em.fork().count(Donation)).toBe(0);
  });
});
