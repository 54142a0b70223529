import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDonationOutputSchema, createSubscriptionOutputSchema } from '../../../shared/donation.schema';
import { buildApp } from '../../app';
import { Donation } from '../../gifts/donations/donation.entity';
import type { RazorpayEmulator } from '../../gifts/payments/sandbox/emulator';
import { donationBody } from '../../test/donation-fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { buildDependencies, type ServerDependencies } from '../../wiring/composition-root';
import { loadConfig } from '../core/config';

/** The app as createTestApp builds it, with its log captured. */
let db: TestDatabase;
let deps: ServerDependencies;
let app: FastifyInstance;
const logLines: string[] = [];
beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    RATE_LIMIT_PER_MINUTE: '100000',
    DONATION_EMAIL_LIMIT_PER_HOUR: '100000',
  });
  db = await createTestDatabase();
  deps = await buildDependencies(config, db.orm);
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ config, deps, logger: pino({ level: 'warn' }, sink) });
});
afterAll(async () => {
  await app.close();
  await deps.close();
  await db.drop();
});

const emulator = () => deps.emulator as RazorpayEmulator;
const countDonations = () => db.orm.em.fork().count(Donation);
const bot = donationBody({ name: 'Bot Name', email: 'bot.mail@example.com', phone: '9123456789', website: 'x.io' });

describe('the honeypot field', () => {
  it('answers a one-time create like a success and creates nothing: no row, no Razorpay call', async () => {
    // The next Razorpay call fails: if the bot's create made one, it would answer 502.
    emulator().failNextRequests(1);
    const response = await app.inject({ method: 'POST', url: '/api/donations', payload: bot });
    expect(response.statusCode).toBe(200);
    const answer = createDonationOutputSchema.parse(response.json());
    expect(answer.order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(answer.donation).toMatchObject({ name: 'Bot Name', amount: bot.amount, donationType: 'one-time' });
    expect(await countDonations()).toBe(0);
    await expect(emulator().completePayment({ orderId: answer.order.id })).rejects.toThrow();

    // The failure is still waiting for the first real call.
    const person = await app.inject({ method: 'POST', url: '/api/donations', payload: donationBody() });
    expect(person.statusCode).toBe(502);

    // The decoy's donation id points at nothing.
    const verify = await app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      payload: {
        donation_id: answer.donation.id,
        razorpay_order_id: answer.order.id,
        razorpay_payment_id: 'pay_Abc123',
        razorpay_signature: 'a'.repeat(64),
      },
    });
    expect(verify.statusCode).toBe(404);
  });

  it('answers a monthly create over tRPC like a success: no row, no plan', async () => {
    const rowsBefore = await countDonations();
    const plansBefore = (await emulator().plans()).length;
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/subscription.create',
      payload: { ...bot, donationType: 'monthly' },
    });
    expect(response.statusCode).toBe(200);
    const answer = createSubscriptionOutputSchema.parse(response.json().result.data);
    expect(answer.subscription.id).toMatch(/^sub_[A-Za-z0-9]{14}$/);
    expect(await countDonations()).toBe(rowsBefore);
    expect(await emulator().plans()).toHaveLength(plansBefore);
  });

  it('takes people who leave it empty as people, and logs bots without their personal data', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/donations',
      payload: donationBody({ website: '' }),
    });
    expect(response.statusCode).toBe(200);
    expect(await db.orm.em.fork().count(Donation, { id: response.json().donation.id })).toBe(1);

    const warnings = logLines.filter((line) => line.includes('honeypot'));
    expect(warnings).toHaveLength(2);
    for (const line of warnings) {
      expect(JSON.parse(line).level).toBe(40);
      for (const personal of ['Bot Name', 'bot.mail', '9123456789', 'x.io']) expect(line).not.toContain(personal);
    }
  });
});
