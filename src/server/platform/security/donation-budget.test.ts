import { afterEach, describe, expect, it } from 'vitest';
import { Donation } from '../../gifts/donations/donation.entity';
import { donationBody } from '../../test/donation-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { normaliseEmail } from '../personal-data/email-key';
import { counterStore } from './counter-keys';
import { BudgetExceededError, DonationBudget } from './donation-budget';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const countDonations = () => (t as TestApp).db.orm.em.fork().count(Donation);

/** A create from `ip` (believed: the tests start the app with TRUST_PROXY=1) over REST or tRPC. */
function create(
  transport: 'rest' | 'trpc',
  donationType: 'one-time' | 'monthly',
  ip: string,
  overrides: Record<string, unknown> = {},
) {
  const rest = donationType === 'monthly' ? '/api/subscriptions' : '/api/donations';
  const trpc = donationType === 'monthly' ? '/trpc/subscription.create' : '/trpc/donation.create';
  return (t as TestApp).app.inject({
    method: 'POST',
    url: transport === 'rest' ? rest : trpc,
    headers: { 'x-forwarded-for': ip },
    payload: donationBody({ donationType, amount: 50_000, ...overrides }),
  });
}

describe('the donation budget per client address', () => {
  it('is one budget for REST and tRPC, one-time and monthly alike; verify keeps its own', async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' });
    const ip = '203.0.113.7';
    expect((await create('rest', 'one-time', ip, { email: 'a@example.com' })).statusCode).toBe(200);
    expect((await create('trpc', 'one-time', ip, { email: 'b@example.com' })).statusCode).toBe(200);
    expect((await create('trpc', 'monthly', ip, { email: 'c@example.com' })).statusCode).toBe(200);

    const restRefused = await create('rest', 'monthly', ip, { email: 'd@example.com' });
    expect(restRefused.statusCode).toBe(429);
    expect(restRefused.json().message).toMatch(
      /Too many donations started from this address; try again in \d+ seconds/,
    );
    expect(Number(restRefused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(restRefused.headers['retry-after'])).toBeLessThanOrEqual(60);

    const trpcRefused = await create('trpc', 'one-time', ip, { email: 'e@example.com' });
    expect(trpcRefused.statusCode).toBe(429);
    expect(trpcRefused.json().error.message).toMatch(/Too many donations started from this address/);
    expect(Number(trpcRefused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countDonations()).toBe(3);

    // Another donor is not affected, and verify from the spent address is refused for its input only.
    expect((await create('rest', 'one-time', '203.0.113.8')).statusCode).toBe(200);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      headers: { 'x-forwarded-for': ip },
      payload: {},
    });
    expect(verify.statusCode).toBe(400);
  });

  it("is apart from the rate limit of tRPC's other calls", async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1', TRUST_PROXY: '1' });
    const ip = '203.0.113.10';
    const config = () =>
      (t as TestApp).app.inject({ method: 'GET', url: '/trpc/payment.config', headers: { 'x-forwarded-for': ip } });
    expect((await config()).statusCode).toBe(200);
    expect((await create('trpc', 'one-time', ip)).statusCode).toBe(200);
    expect((await config()).statusCode).toBe(429);
    expect((await create('trpc', 'one-time', ip)).statusCode).toBe(429);
  });

  it('does not count refused input against the budget', async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1', TRUST_PROXY: '1' });
    const ip = '203.0.113.9';
    expect((await create('rest', 'one-time', ip, { email: 'not-an-email' })).statusCode).toBe(400);
    expect((await create('trpc', 'one-time', ip)).statusCode).toBe(200);
    expect((await create('rest', 'one-time', ip)).statusCode).toBe(429);
  });
});

describe('the donation budget per e-mail address', () => {
  it('stops one e-mail rotating addresses and transports, however the e-mail is written', async () => {
    t = await createTestApp({ DONATION_EMAIL_LIMIT_PER_HOUR: '2', TRUST_PROXY: '1' });
    expect((await create('rest', 'one-time', '198.51.100.1', { email: 'Card.Tester+1@gmail.com' })).statusCode).toBe(
      200,
    );
    expect((await create('trpc', 'monthly', '198.51.100.2', { email: 'cardtester+2@GMAIL.com' })).statusCode).toBe(200);

    const refused = await create('rest', 'one-time', '198.51.100.3', { email: 'cardtester@googlemail.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /Too many donations started with this e-mail address; try again in \d+ minutes/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    const refusedTrpc = await create('trpc', 'one-time', '198.51.100.4', { email: 'cardtester@gmail.com' });
    expect(refusedTrpc.statusCode).toBe(429);
    expect(refusedTrpc.headers['retry-after']).toBeDefined();
    expect(await countDonations()).toBe(2);

    // Another e-mail from the same address goes through.
    expect((await create('rest', 'one-time', '198.51.100.3', { email: 'asha@example.com' })).statusCode).toBe(200);
  });
});

describe('monthly amounts', () => {
  it('must be whole rupees, on both transports, naming the amount; one-time may have paise', async () => {
    t = await createTestApp();
    const rest = await create('rest', 'monthly', '192.0.2.1', { amount: 50_050 });
    expect(rest.statusCode).toBe(400);
    expect(rest.json().issues).toEqual([{ path: 'amount', message: 'Monthly amounts must be whole rupees' }]);
    const trpc = await create('trpc', 'monthly', '192.0.2.1', { amount: 50_001 });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.issues).toEqual([
      { path: 'amount', message: 'Monthly amounts must be whole rupees' },
    ]);
    expect(t.emulator.plans).toHaveLength(0);
    expect(await countDonations()).toBe(0);

    expect((await create('rest', 'one-time', '192.0.2.1', { amount: 50_050 })).statusCode).toBe(200);
  });
});

describe('DonationBudget', () => {
  it('refills each budget when its window has passed, and a refusal spends neither', async () => {
    t = await createTestApp();
    let now = Date.parse('2026-11-24T10:00:00Z');
    const start = now;
    const knex = t.db.orm.em.getConnection().getKnex();
    const budget = new DonationBudget(
      counterStore(knex, t.deps.personalDataKey),
      { perClientPerMinute: 2, perEmailPerHour: 3 },
      () => now,
    );
    await budget.spend('a', 'x@example.com');
    await budget.spend('a', 'y@example.com');
    await expect(budget.spend('a', 'z@example.com')).rejects.toThrow(BudgetExceededError);
    now = start + 60_000;
    await budget.spend('a', 'z@example.com');
    await budget.spend('b', 'x@example.com');
    await budget.spend('c', 'x@example.com');
    // x@ has spent 3 this hour; z@ was not charged for its refusal above, so it has spent 1.
    await expect(budget.spend('d', 'x@example.com')).rejects.toThrow(/e-mail/);
    await budget.spend('d', 'z@example.com');
    now = start + 3_600_000;
    await budget.spend('e', 'x@example.com');
  });

  it('treats one inbox written many ways as one e-mail', () => {
    expect(normaliseEmail(' A.Sha+donate@GMail.com ')).toBe('asha@gmail.com');
    expect(normaliseEmail('a.sha@googlemail.com')).toBe('asha@gmail.com');
    expect(normaliseEmail('a.sha+x@example.org')).toBe('a.sha@example.org');
  });
});
