// Over 250 lines on purpose: each emulated Razorpay call, driven by the real SDK, shares one emulator;
// the file reads as the list of what the sandbox answers.
import { createHmac } from 'node:crypto';
import type Razorpay from 'razorpay';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  monthlySubscription,
  sdkClient,
  sdkError,
  startTestEmulator,
  type TestEmulator,
} from '../../../test/test-emulator';
import { EmulatorNotFoundError, EmulatorStateError, type RazorpayEmulator, type WebhookDelivery } from './emulator';

const keyId = 'rzp_test_emulator';
const keySecret = 'emulator-secret';
const hmac = (data: string) => createHmac('sha256', keySecret).update(data).digest('hex');

let sandbox: TestEmulator;
let emulator: RazorpayEmulator;
let client: Razorpay;
let deliveries: WebhookDelivery[];
const events = () => deliveries.map((delivery) => delivery.event);
const payloadOf = (index: number) => JSON.parse(deliveries[index]?.body ?? '{}').payload;

beforeAll(async () => {
  sandbox = await startTestEmulator({ keyId, keySecret, webhookSecret: 'emulator-webhooks' });
  ({ emulator, client } = sandbox);
});
beforeEach(() => {
  deliveries = [];
  emulator.deliverWebhooksTo(async (delivery) => {
    deliveries.push(delivery);
  });
});
afterAll(() => sandbox.close());

describe('the Razorpay API the gateway calls, driven by the real SDK', () => {
  it('listens on a loopback port of its own', () => {
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('creates an order and lists its payments', async () => {
    const order = await client.orders.create({
      amount: 50000,
      currency: 'INR',
      receipt: 'donation-1',
      notes: { donation_id: '1' },
    });
    expect(order).toMatchObject({
      entity: 'order',
      amount: 50000,
      amount_paid: 0,
      amount_due: 50000,
      currency: 'INR',
      receipt: 'donation-1',
      status: 'created',
      attempts: 0,
      notes: { donation_id: '1' },
    });
    expect(order.id).toMatch(/^order_[0-9A-Za-z]{14}$/);
    expect(Math.abs(order.created_at - Date.now() / 1000)).toBeLessThan(5);
    expect(await client.orders.fetchPayments(order.id)).toEqual({ entity: 'collection', count: 0, items: [] });
  });

  it('answers empty notes as [] like Razorpay', async () => {
    const order = await client.orders.create({ amount: 100, currency: 'INR' });
    expect(order.notes).toEqual([]);
    expect(order.receipt).toBeNull();
  });

  it('refuses a wrong key with 401', async () => {
    const wrong = sdkClient(emulator.url, keyId, 'not-the-secret');
    const error = await sdkError(wrong.orders.create({ amount: 50000, currency: 'INR' }));
    expect(error.statusCode).toBe(401);
    expect(error.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' });
  });

  it.each([
    [{ amount: 99, currency: 'INR' }, 'amount', 'The amount must be atleast INR 1.00'],
    [{ amount: 150.5, currency: 'INR' }, 'amount', 'The amount must be an integer.'],
    [{ amount: 50000, currency: 'USD' }, 'currency', 'The selected currency is invalid.'],
    [{ amount: 50000, currency: 'INR', receipt: 'r'.repeat(41) }, 'receipt', undefined],
    [{ amount: 50000, currency: 'INR', colour: 'green' }, 'colour', undefined],
  ])('refuses the order %j with 400 on %s', async (body, field, description) => {
    const error = await sdkError(client.orders.create(body as never));
    expect(error.statusCode).toBe(400);
    expect(error.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', field, ...(description ? { description } : {}) });
  });

  it('answers unknown ids with 400 "The id provided does not exist"', async () => {
    for (const call of [
      () => client.orders.fetchPayments('order_ZZZZZZZZZZZZZZ'),
      () => client.subscriptions.fetch('sub_ZZZZZZZZZZZZZZ'),
      () => client.subscriptions.cancel('sub_ZZZZZZZZZZZZZZ'),
    ]) {
      const error = await sdkError(call());
      expect(error.statusCode).toBe(400);
      expect(error.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' });
    }
  });

  it('answers what the gateway does not call with 400, as Razorpay answers an unknown URL', async () => {
    const error = await sdkError(client.payments.fetch('pay_ZZZZZZZZZZZZZZ'));
    expect(error.statusCode).toBe(400);
    expect(error.error.code).toBe('BAD_REQUEST_ERROR');
  });

  it('answers one 500 SERVER_ERROR after failNextRequests(1), then works again', async () => {
    emulator.failNextRequests(1);
    const error = await sdkError(client.orders.create({ amount: 50000, currency: 'INR' }));
    expect(error.statusCode).toBe(500);
    expect(error.error.code).toBe('SERVER_ERROR');
    expect((await client.orders.create({ amount: 50000, currency: 'INR' })).status).toBe('created');
  });

  it('waits the latency before answering', async () => {
    emulator.setLatency(120);
    try {
      const started = performance.now();
      await client.orders.create({ amount: 50000, currency: 'INR' });
      expect(performance.now() - started).toBeGreaterThanOrEqual(120);
    } finally {
      emulator.setLatency(0);
    }
  });

  it('creates monthly plans and subscriptions, and fetches a subscription', async () => {
    const before = (await emulator.plans()).length;
    const plan = await client.plans.create({
      period: 'monthly',
      interval: 1,
      item: { name: 'Monthly donation', amount: 25000, currency: 'INR' },
    });
    expect(plan).toMatchObject({
      entity: 'plan',
      period: 'monthly',
      interval: 1,
      item: { amount: 25000, currency: 'INR' },
    });
    expect(plan.id).toMatch(/^plan_[0-9A-Za-z]{14}$/);
    expect(await emulator.plans()).toHaveLength(before + 1);
    expect((await emulator.plans()).at(-1)).toEqual({ id: plan.id, amount: 25000 });

    const subscription = await client.subscriptions.create({ plan_id: plan.id, total_count: 120, customer_notify: 1 });
    expect(subscription).toMatchObject({
      entity: 'subscription',
      plan_id: plan.id,
      status: 'created',
      total_count: 120,
      paid_count: 0,
      remaining_count: 120,
      current_start: null,
      current_end: null,
    });
    expect(subscription.id).toMatch(/^sub_[0-9A-Za-z]{14}$/);
    expect(await client.subscriptions.fetch(subscription.id)).toEqual(subscription);
  });

  it.each([
    [{ period: 'weekly', interval: 1, item: { name: 'x', amount: 50000, currency: 'INR' } }, 'period'],
    [{ period: 'monthly', interval: 2, item: { name: 'x', amount: 50000, currency: 'INR' } }, 'interval'],
    [{ period: 'monthly', interval: 1 }, 'item'],
    [{ period: 'monthly', interval: 1, item: { name: 'x', amount: 10, currency: 'INR' } }, 'item.amount'],
    [{ period: 'monthly', interval: 1, item: { amount: 50000, currency: 'INR' } }, 'item.name'],
  ])('refuses the plan %j with 400 on %s', async (body, field) => {
    const error = await sdkError(client.plans.create(body as never));
    expect(error.statusCode).toBe(400);
    expect(error.error.field).toBe(field);
  });

  it('refuses a subscription with an unknown plan or a bad total_count', async () => {
    const unknownPlan = await sdkError(
      client.subscriptions.create({ plan_id: 'plan_ZZZZZZZZZZZZZZ', total_count: 12 }),
    );
    expect(unknownPlan.statusCode).toBe(400);
    expect(unknownPlan.error).toMatchObject({ description: 'The id provided does not exist', field: 'plan_id' });
    const { plan_id } = await monthlySubscription(client);
    for (const total_count of [0, 1.5, 5000, undefined]) {
      const error = await sdkError(client.subscriptions.create({ plan_id, total_count } as never));
      expect(error.statusCode).toBe(400);
      expect(error.error.field).toBe('total_count');
    }
  });

  it('cancels a subscription at once, with its webhook, and only once', async () => {
    const subscription = await monthlySubscription(client);
    expect(await client.subscriptions.cancel(subscription.id)).toMatchObject({
      id: subscription.id,
      status: 'cancelled',
    });
    expect(await client.subscriptions.fetch(subscription.id)).toMatchObject({ status: 'cancelled', charge_at: null });
    await emulator.webhooksIdle();
    expect(events()).toEqual(['subscription.cancelled']);
    expect((await sdkError(client.subscriptions.cancel(subscription.id))).statusCode).toBe(400);
    const atCycleEnd = await monthlySubscription(client);
    // At the cycle's end needs a running cycle (subscription-changes.test.ts has the rest).
    expect((await sdkError(client.subscriptions.cancel(atCycleEnd.id, true))).error.description).toBe(
      'Subscription cannot be cancelled at cycle end in created status.',
    );
    await expect(emulator.completePayment({ subscriptionId: subscription.id })).rejects.toThrow(EmulatorStateError);
  });
});

describe('payments made in the emulator', () => {
  it('completes an order payment with a Razorpay signature, and its webhooks', async () => {
    const order = await client.orders.create({ amount: 75000, currency: 'INR', notes: { donation_id: '7' } });
    const success = await emulator.completePayment({ orderId: order.id });
    expect(success.razorpay_order_id).toBe(order.id);
    expect(success.razorpay_payment_id).toMatch(/^pay_[0-9A-Za-z]{14}$/);
    expect(success.razorpay_signature).toBe(hmac(`${order.id}|${success.razorpay_payment_id}`));

    const payments = await client.orders.fetchPayments(order.id);
    expect(payments.count).toBe(1);
    expect(payments.items[0]).toMatchObject({
      id: success.razorpay_payment_id,
      entity: 'payment',
      amount: 75000,
      currency: 'INR',
      status: 'captured',
      captured: true,
      order_id: order.id,
      method: 'upi',
      notes: { donation_id: '7' },
      error_code: null,
      error_description: null,
    });
    await emulator.webhooksIdle();
    expect(events()).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
    expect(payloadOf(0).payment.entity).toMatchObject({ status: 'authorized', captured: false });
    expect(payloadOf(2).order.entity).toMatchObject({ status: 'paid', amount_paid: 75000, amount_due: 0, attempts: 1 });
    await expect(emulator.completePayment({ orderId: order.id })).rejects.toThrow(EmulatorStateError);
  });

  it('fails an order payment, then lets the donor retry', async () => {
    const order = await client.orders.create({ amount: 30000, currency: 'INR' });
    const failure = await emulator.failPayment({ orderId: order.id });
    expect(failure.error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment failed',
      source: 'customer',
      step: 'payment_authorization',
      reason: 'payment_failed',
      metadata: { order_id: order.id },
    });
    const [failed] = (await client.orders.fetchPayments(order.id)).items;
    expect(failed).toMatchObject({ id: failure.error.metadata.payment_id, status: 'failed', captured: false });
    expect(failed).toMatchObject({ error_code: 'BAD_REQUEST_ERROR', error_description: 'Payment failed' });

    const payer = { email: 'donor@example.org', contact: '+919876543210' };
    const success = await emulator.completePayment({ orderId: order.id }, payer);
    const payments = await client.orders.fetchPayments(order.id);
    expect(payments.items.map((payment) => payment.status)).toEqual(['failed', 'captured']);
    expect(payments.items[1]).toMatchObject({ id: success.razorpay_payment_id, ...payer });
    await emulator.webhooksIdle();
    expect(payloadOf(3).order.entity).toMatchObject({ status: 'paid', attempts: 2 });
  });

  it('completes a subscription payment with the subscription signature', async () => {
    const subscription = await monthlySubscription(client, 40000);
    expect(await emulator.describe({ subscriptionId: subscription.id })).toEqual({ amount: 40000, currency: 'INR' });
    const failure = await emulator.failPayment({ subscriptionId: subscription.id });
    expect(failure.error.metadata.subscription_id).toBe(subscription.id);
    expect(await client.subscriptions.fetch(subscription.id)).toMatchObject({ status: 'created' });

    const success = await emulator.completePayment({ subscriptionId: subscription.id });
    expect(success.razorpay_subscription_id).toBe(subscription.id);
    expect(success.razorpay_order_id).toBeUndefined();
    expect(success.razorpay_signature).toBe(hmac(`${success.razorpay_payment_id}|${subscription.id}`));
    const active = await client.subscriptions.fetch(subscription.id);
    expect(active).toMatchObject({ status: 'active', paid_count: 1, remaining_count: 119 });
    expect(active.current_end).toBeGreaterThan(active.current_start ?? Number.POSITIVE_INFINITY);
    expect(active.charge_at).toBe(active.current_end);
  });

  it('charges a subscription cycle by cycle and completes it after total_count', async () => {
    const subscription = await monthlySubscription(client, 10000, 2);
    await emulator.completePayment({ subscriptionId: subscription.id });
    const first = await client.subscriptions.fetch(subscription.id);
    await emulator.completePayment({ subscriptionId: subscription.id });
    expect(first).toMatchObject({ status: 'active', paid_count: 1, remaining_count: 1 });
    const completed = await client.subscriptions.fetch(subscription.id);
    expect(completed).toMatchObject({ status: 'completed', paid_count: 2, remaining_count: 0, charge_at: null });
    // The second cycle starts where the first ended.
    expect(completed.current_start).toBe(first.current_end);
    await emulator.webhooksIdle();
    expect(events()).toEqual([
      'subscription.authenticated',
      'payment.authorized',
      'payment.captured',
      'subscription.activated',
      'subscription.charged',
      'payment.captured',
      'subscription.charged',
      'subscription.completed',
    ]);
    expect(payloadOf(0).subscription.entity).toMatchObject({ status: 'authenticated', paid_count: 0 });
    expect(payloadOf(4).subscription.entity).toMatchObject({ id: subscription.id, paid_count: 1 });
    expect(payloadOf(4).payment.entity.amount).toBe(10000);
    // Each event shows the subscription as it was then: charged while active, then completed.
    expect(payloadOf(6).subscription.entity.status).toBe('active');
    expect(payloadOf(7).subscription.entity.status).toBe('completed');
    await expect(emulator.completePayment({ subscriptionId: subscription.id })).rejects.toThrow(EmulatorStateError);
  });

  it('describes orders and throws EmulatorNotFoundError for unknown ids', async () => {
    const order = await client.orders.create({ amount: 12345, currency: 'INR' });
    expect(await emulator.describe({ orderId: order.id })).toEqual({ amount: 12345, currency: 'INR' });
    await expect(emulator.completePayment({ orderId: 'order_ZZZZZZZZZZZZZZ' })).rejects.toThrow(EmulatorNotFoundError);
    await expect(emulator.failPayment({ subscriptionId: 'sub_ZZZZZZZZZZZZZZ' })).rejects.toThrow(EmulatorNotFoundError);
    await expect(emulator.describe({ orderId: 'order_ZZZZZZZZZZZZZZ' })).rejects.toThrow(EmulatorNotFoundError);
  });

  it('takes one payment when the donor presses Pay twice at once', async () => {
    const order = await client.orders.create({ amount: 20000, currency: 'INR' });
    const results = await Promise.allSettled([
      emulator.completePayment({ orderId: order.id }),
      emulator.completePayment({ orderId: order.id }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await client.orders.fetchPayments(order.id)).count).toBe(1);
  });
});
