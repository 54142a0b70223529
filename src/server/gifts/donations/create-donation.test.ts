import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createContextInner } from '../../transports/trpc/context';
import { createCaller } from '../../transports/trpc/router';
import { RazorpayPlan } from '../payments/plan.entity';
import { Donation } from './donation.entity';
import { Subscription } from './subscription.entity';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
const findDonation = (id: number) => t.db.orm.em.fork().findOneOrFail(Donation, id);

describe('POST /api/donations (one-time)', () => {
  it('stores a pending donation, creates its Razorpay order and answers the documented shape', async () => {
    const response = await post('/api/donations', donationBody({ amount: 250000, purpose: 'food' }));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      donation: {
        id: expect.any(Number),
        name: 'Asha Raman',
        email: 'asha@example.com',
        phone: '9876543210',
        amount: 250000,
        donationType: 'one-time',
        purpose: 'food',
      },
      razorpayKeyId: t.config.payments.keyId,
      order: { id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/) },
    });

    const row = await findDonation(body.donation.id);
    expect(row).toMatchObject({ status: 'pending', amount: 250000, razorpayOrderId: body.order.id });
    expect(row.razorpayPaymentId).toBeNull();
    expect(await t.emulator.describe({ orderId: body.order.id })).toEqual({ amount: 250000, currency: 'INR' });
  });

  it('is the same procedure as the typed donation.create', async () => {
    const result = await t.caller.donation.create(donationBody({ purpose: undefined }));
    expect(result.order.id).toMatch(/^order_/);
    expect(result.donation.purpose).toBeNull();
    expect((await findDonation(result.donation.id)).razorpayOrderId).toBe(result.order.id);
  });

  it('answers the same over tRPC HTTP at /trpc', async () => {
    const response = await post('/trpc/donation.create', donationBody());
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data.order.id).toMatch(/^order_/);
  });

  it('marks the donation failed and answers 502 when Razorpay fails, leaving no order id', async () => {
    const before = await t.db.orm.em.fork().count(Donation);
    t.emulator.failNextRequests(1);
    const response = await post('/api/donations', donationBody({ name: 'Provider Down' }));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: expect.stringMatching(/payment provider/i) });
    const rows = await t.db.orm.em.fork().find(Donation, { name: 'Provider Down' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', razorpayOrderId: null });
    expect(await t.db.orm.em.fork().count(Donation)).toBe(before + 1);
  });

  it('sends a monthly body to the subscriptions path', async () => {
    const response = await post('/api/donations', donationBody({ donationType: 'monthly' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('/api/subscriptions');
  });
});

describe('while Razorpay answers', () => {
  it('no database connection is held, so more donors than the pool has connections can wait on it', async () => {
    const knex = t.db.orm.em.getConnection().getKnex();
    const pool = knex.client.pool as { max: number; numUsed(): number };
    const waiting = pool.max + 2;
    // Razorpay answers only once every create is waiting on it: with a connection held per call,
    // the pool's last donors could never get this far.
    let release = () => {};
    const answer = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived = 0;
    let allArrived = () => {};
    const everyoneWaits = new Promise<void>((resolve) => {
      allArrived = resolve;
    });
    const gateway = {
      ...t.deps.gateway,
      createOrder: async (input: Parameters<typeof t.deps.gateway.createOrder>[0]) => {
        arrived += 1;
        if (arrived === waiting) allArrived();
        await answer;
        return t.deps.gateway.createOrder(input);
      },
    };
    const caller = createCaller(createContextInner({ ...t.deps, gateway }));
    const creates = Array.from({ length: waiting }, (_, index) =>
      caller.donation.create(donationBody({ name: `Waiting Donor ${index}` })),
    );

    await everyoneWaits;
    // Every one of them got this far at once, and the pool is (near) idle: the app's own
    // background work (the mail worker's polling) may hold one connection for a moment.
    expect(arrived).toBe(waiting);
    expect(pool.numUsed()).toBeLessThan(pool.max);
    release();
    const results = await Promise.all(creates);
    for (const [index, result] of results.entries()) {
      // Each donor's answer names their own row, which holds their own details and order.
      expect(await findDonation(result.donation.id)).toMatchObject({
        name: `Waiting Donor ${index}`,
        razorpayOrderId: result.order.id,
      });
    }
  });
});

describe('POST /api/subscriptions (monthly)', () => {
  it('stores the donation, a subscription on a plan for the amount, and answers the documented shape', async () => {
    const response = await post('/api/subscriptions', donationBody({ donationType: 'monthly', amount: 200000 }));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      donation: expect.objectContaining({ id: expect.any(Number), donationType: 'monthly', amount: 200000 }),
      razorpayKeyId: t.config.payments.keyId,
      subscription: { id: expect.stringMatching(/^sub_[A-Za-z0-9]{14}$/) },
    });
    const em = t.db.orm.em.fork();
    const subscription = await em.findOneOrFail(Subscription, { donation: body.donation.id });
    expect(subscription).toMatchObject({
      razorpaySubscriptionId: body.subscription.id,
      razorpayPlanId: expect.stringMatching(/^plan_/),
      status: 'created',
    });
    expect((await findDonation(body.donation.id)).status).toBe('pending');
  });

  it('reuses one plan per amount, also when requests for a new amount race', async () => {
    const plansBefore = (await t.emulator.plans()).length;
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        post('/api/subscriptions', donationBody({ donationType: 'monthly', amount: 77700 })),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await t.emulator.plans()).length).toBe(plansBefore + 1);
    const planIds = new Set(
      (await t.db.orm.em.fork().find(Subscription, { razorpaySubscriptionId: { $ne: null } })).map(
        (s) => s.razorpayPlanId,
      ),
    );
    const plan = await t.db.orm.em.fork().findOneOrFail(RazorpayPlan, { amount: 77700 });
    expect(planIds.has(plan.razorpayPlanId)).toBe(true);

    await post('/api/subscriptions', donationBody({ donationType: 'monthly', amount: 77700 }));
    expect((await t.emulator.plans()).length).toBe(plansBefore + 1);
  });

  it('marks the donation failed and answers 502 when Razorpay fails', async () => {
    t.emulator.failNextRequests(1);
    const response = await post('/api/subscriptions', donationBody({ donationType: 'monthly', name: 'Sub Down' }));
    expect(response.statusCode).toBe(502);
    const [row] = await t.db.orm.em.fork().find(Donation, { name: 'Sub Down' });
    expect(row?.status).toBe('failed');
    expect(await t.db.orm.em.fork().count(Subscription, { donation: row?.id })).toBe(0);
  });

  it('sends a one-time body to the donations path', async () => {
    const response = await post('/api/subscriptions', donationBody({ donationType: 'one-time' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('/api/donations');
  });
});
