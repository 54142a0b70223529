import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../platform/core/config';
import { type Orm, openDatabase } from '../../../platform/db/orm';
import { donationBody } from '../../../test/donation-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { createContextInner } from '../../../transports/trpc/context';
import { createCaller } from '../../../transports/trpc/router';
import { buildDependencies, type ServerDependencies } from '../../../wiring/composition-root';
import { ENTITIES } from '../../../wiring/entities';
import { Donation } from '../../donations/donation.entity';
import { Subscription } from '../../donations/subscription.entity';
import { reconcilePendingDonations } from '../../reconciliation/reconcile';
import { RazorpayPlan } from '../plan.entity';

/**
 * The sandbox behaves like the real provider across a restart of the app: what it made before
 * (plans, orders, subscriptions) is still there after, so a checkout opened before the restart is
 * paid, verified and reconciled after it; and a plan it lost is made again, not fatal.
 */

const config = loadConfig({
  NODE_ENV: 'test',
  RATE_LIMIT_PER_MINUTE: '100000',
  DONATION_EMAIL_LIMIT_PER_HOUR: '100000',
});
const silentLog = { info() {}, warn() {}, error() {} } as never;

interface Running {
  orm: Orm;
  deps: ServerDependencies;
  app: FastifyInstance;
  caller: ReturnType<typeof createCaller>;
}

let db: TestDatabase;
let running: Running;

/** The app as main.ts starts it, on the test database. */
async function start(orm: Orm): Promise<Running> {
  const deps = await buildDependencies(config, orm);
  const app = await buildApp({ config, deps });
  return { orm, deps, app, caller: createCaller(createContextInner(deps)) };
}

async function restart(): Promise<void> {
  await running.app.close();
  await running.deps.close();
  await running.orm.close();
  running = await start(await openDatabase(db.url, ENTITIES));
}

const emulator = () => {
  if (!running.deps.emulator) throw new Error('the app is not in sandbox mode');
  return running.deps.emulator;
};
const em = () => running.orm.em.fork();
const statusOf = async (id: number) => (await em().findOneOrFail(Donation, id)).status;

beforeAll(async () => {
  db = await createTestDatabase();
  running = await start(db.orm);
});
afterAll(async () => {
  await running.app.close();
  await running.deps.close();
  await running.orm.close();
  await db.drop().catch(() => undefined);
});

describe('the sandbox across a restart of the app', () => {
  it('pays, verifies and reconciles one-time and monthly checkouts opened before the restart', async () => {
    const oneTime = await running.caller.donation.create(donationBody({ amount: 120000 }));
    const oneTimeUnverified = await running.caller.donation.create(donationBody({ amount: 130000 }));
    const monthly = await running.caller.subscription.create(donationBody({ donationType: 'monthly', amount: 70000 }));
    const monthlyUnverified = await running.caller.subscription.create(
      donationBody({ donationType: 'monthly', amount: 70000 }),
    );

    await restart();

    expect(await emulator().describe({ orderId: oneTime.order.id })).toEqual({ amount: 120000, currency: 'INR' });
    const paidOnce = await emulator().completePayment({ orderId: oneTime.order.id });
    await running.caller.payment.verify({ ...paidOnce, donation_id: oneTime.donation.id });
    expect(await statusOf(oneTime.donation.id)).toBe('paid');

    const subscriptionId = monthly.subscription.id;
    const paidMonthly = await emulator().completePayment({ subscriptionId });
    await running.caller.payment.verify({ ...paidMonthly, donation_id: monthly.donation.id });
    expect(await statusOf(monthly.donation.id)).toBe('paid');
    expect((await em().findOneOrFail(Subscription, { razorpaySubscriptionId: subscriptionId })).status).toBe('active');

    // Paid after the restart, never verified and no webhook: only reconciliation can settle these.
    await emulator().completePayment({ orderId: oneTimeUnverified.order.id });
    await emulator().completePayment({ subscriptionId: monthlyUnverified.subscription.id });
    const unverified = [oneTimeUnverified.donation.id, monthlyUnverified.donation.id];
    await em().nativeUpdate(Donation, { id: { $in: unverified } }, { createdAt: new Date(Date.now() - 10 * 60_000) });
    await reconcilePendingDonations({
      orm: running.orm,
      gateway: running.deps.gateway,
      donorLinks: running.deps.donorLinks,
      log: silentLog,
    });
    expect(await statusOf(oneTimeUnverified.donation.id)).toBe('paid');
    expect(await statusOf(monthlyUnverified.donation.id)).toBe('paid');
  });

  it('makes a plan the provider lost again, so the same monthly amount still succeeds', async () => {
    const first = await running.caller.subscription.create(donationBody({ donationType: 'monthly', amount: 90000 }));
    const lost = (await em().findOneOrFail(RazorpayPlan, { amount: 90000 })).razorpayPlanId;
    // A provider that lost its plans (a wiped sandbox database, plans removed from the account).
    await em().execute(`delete from razorpay_sandbox.entities where kind = 'plan'`);

    const second = await running.caller.subscription.create(donationBody({ donationType: 'monthly', amount: 90000 }));
    expect(second.subscription.id).not.toBe(first.subscription.id);
    const stored = (await em().findOneOrFail(RazorpayPlan, { amount: 90000 })).razorpayPlanId;
    expect(stored).not.toBe(lost);
    expect(await emulator().plans()).toEqual([{ id: stored, amount: 90000 }]);
    expect(await emulator().describe({ subscriptionId: second.subscription.id })).toEqual({
      amount: 90000,
      currency: 'INR',
    });
  });

  it('offers no development controls unless SANDBOX_DEV_CONTROLS=true', async () => {
    for (const url of [
      '/sandbox/subscriptions/sub_ZZZZZZZZZZZZZZ/charge',
      '/sandbox/payments/pay_ZZZZZZZZZZZZZZ/refund',
    ]) {
      const response = await running.app.inject({ method: 'POST', url });
      expect(response.statusCode).toBe(404);
      // Fastify's own 404: no such route, not an unknown id.
      expect(response.json().message).not.toMatch(/^No (subscription|payment) with id/);
    }
    expect((await running.app.inject({ method: 'GET', url: '/sandbox/checkout.js' })).statusCode).toBe(200);
  });
});
