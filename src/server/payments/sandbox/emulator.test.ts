import { createHmac } from 'node:crypto';
import Razorpay from 'razorpay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EmulatorEvent,
  EmulatorNotFoundError,
  EmulatorStateError,
  type RazorpayEmulator,
  startRazorpayEmulator,
} from './emulator';

const keyId = 'rzp_test_emulator';
const keySecret = 'emulator-secret';

/** The SDK's error: `{ statusCode, error }`, thrown as a plain object. */
interface SdkError {
  statusCode: number;
  error: { code: string; description: string; field?: string; source?: string; reason?: string };
}

function sdkClient(url: string, secret = keySecret): Razorpay {
  const client = new Razorpay({ key_id: keyId, key_secret: secret });
  (client as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = url;
  return client;
}

async function sdkError(promise: Promise<unknown>): Promise<SdkError> {
  try {
    await promise;
  } catch (error) {
    return error as SdkError;
  }
  throw new Error('expected the SDK call to fail');
}

const hmac = (data: string) => createHmac('sha256', keySecret).update(data).digest('hex');

let emulator: RazorpayEmulator;
let client: Razorpay;

beforeAll(async () => {
  emulator = await startRazorpayEmulator({ keyId, keySecret });
  client = sdkClient(emulator.url);
});

afterAll(async () => {
  await emulator.close();
});

async function createMonthlySubscription(amount = 50000) {
  const plan = await client.plans.create({
    period: 'monthly',
    interval: 1,
    item: { name: 'Monthly donation', amount, currency: 'INR' },
  });
  const subscription = await client.subscriptions.create({ plan_id: plan.id, total_count: 120, customer_notify: 1 });
  return { plan, subscription };
}

describe('the Razorpay emulator driven by the real SDK', () => {
  it('listens on a loopback port of its own', () => {
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('creates and fetches an order', async () => {
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
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: { donation_id: '1' },
    });
    expect(order.id).toMatch(/^order_[0-9A-Za-z]{14}$/);
    expect(Math.abs(order.created_at - Date.now() / 1000)).toBeLessThan(5);
    expect(await client.orders.fetch(order.id)).toEqual(order);
    expect(await client.orders.fetchPayments(order.id)).toEqual({ entity: 'collection', count: 0, items: [] });
  });

  it('answers empty notes as [] like Razorpay', async () => {
    const order = await client.orders.create({ amount: 100, currency: 'INR' });
    expect(order.notes).toEqual([]);
    expect(order.receipt).toBeNull();
  });

  it('refuses a wrong key with 401', async () => {
    const wrong = sdkClient(emulator.url, 'not-the-secret');
    const error = await sdkError(wrong.orders.create({ amount: 50000, currency: 'INR' }));
    expect(error.statusCode).toBe(401);
    expect(error.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' });
  });

  it.each([
    [{ amount: 99, currency: 'INR' }, 'amount', 'The amount must be atleast INR 1.00'],
    [{ amount: 150.5, currency: 'INR' }, 'amount', 'The amount must be an integer.'],
    [{ currency: 'INR' }, 'amount', 'The amount field is required.'],
    [{ amount: 50000, currency: 'USD' }, 'currency', 'The selected currency is invalid.'],
    [
      { amount: 50000, currency: 'INR', receipt: 'r'.repeat(41) },
      'receipt',
      'The receipt may not be greater than 40 characters.',
    ],
    [
      { amount: 50000, currency: 'INR', colour: 'green' },
      'colour',
      'colour is/are not required and should not be sent',
    ],
  ])('refuses the order %j with 400 on %s', async (body, field, description) => {
    const error = await sdkError(client.orders.create(body as never));
    expect(error.statusCode).toBe(400);
    expect(error.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', field, description });
  });

  it('answers unknown ids with 400 "The id provided does not exist"', async () => {
    for (const call of [
      () => client.orders.fetch('order_ZZZZZZZZZZZZZZ'),
      () => client.orders.fetchPayments('order_ZZZZZZZZZZZZZZ'),
      () => client.plans.fetch('plan_ZZZZZZZZZZZZZZ'),
      () => client.subscriptions.fetch('sub_ZZZZZZZZZZZZZZ'),
      () => client.payments.fetch('pay_ZZZZZZZZZZZZZZ'),
    ]) {
      const error = await sdkError(call());
      expect(error.statusCode).toBe(400);
      expect(error.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' });
    }
  });

  it('answers one 500 SERVER_ERROR after failNextRequests(1), then works again', async () => {
    emulator.failNextRequests(1);
    const error = await sdkError(client.orders.create({ amount: 50000, currency: 'INR' }));
    expect(error.statusCode).toBe(500);
    expect(error.error.code).toBe('SERVER_ERROR');
    const order = await client.orders.create({ amount: 50000, currency: 'INR' });
    expect(order.status).toBe('created');
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

  it('creates plans and subscriptions', async () => {
    const before = emulator.plans.length;
    const { plan, subscription } = await createMonthlySubscription(25000);
    expect(plan).toMatchObject({
      entity: 'plan',
      period: 'monthly',
      interval: 1,
      item: { name: 'Monthly donation', amount: 25000, unit_amount: 25000, currency: 'INR', active: true },
    });
    expect(plan.id).toMatch(/^plan_[0-9A-Za-z]{14}$/);
    expect(plan.item.id).toMatch(/^item_[0-9A-Za-z]{14}$/);
    expect(await client.plans.fetch(plan.id)).toEqual(plan);
    expect(emulator.plans).toHaveLength(before + 1);
    expect(emulator.plans.at(-1)).toEqual({ id: plan.id, amount: 25000 });

    expect(subscription).toMatchObject({
      entity: 'subscription',
      plan_id: plan.id,
      status: 'created',
      quantity: 1,
      total_count: 120,
      paid_count: 0,
      remaining_count: 120,
      customer_notify: true,
      current_start: null,
      current_end: null,
      auth_attempts: 0,
      has_scheduled_changes: false,
    });
    expect(subscription.id).toMatch(/^sub_[0-9A-Za-z]{14}$/);
    expect(subscription.short_url).toMatch(/^https:\/\//);
    // 120 monthly cycles end about ten years after the start.
    expect(subscription.end_at - subscription.start_at).toBeGreaterThan(119 * 28 * 86400);
    expect(await client.subscriptions.fetch(subscription.id)).toEqual(subscription);
  });

  it.each([
    [{ period: 'fortnightly', interval: 1, item: { name: 'x', amount: 50000, currency: 'INR' } }, 'period'],
    [{ period: 'monthly', interval: 0, item: { name: 'x', amount: 50000, currency: 'INR' } }, 'interval'],
    [{ period: 'daily', interval: 1, item: { name: 'x', amount: 50000, currency: 'INR' } }, 'interval'],
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

    const plan = await client.plans.create({
      period: 'monthly',
      interval: 1,
      item: { name: 'x', amount: 50000, currency: 'INR' },
    });
    for (const total_count of [0, 1.5, 5000, undefined]) {
      const error = await sdkError(client.subscriptions.create({ plan_id: plan.id, total_count } as never));
      expect(error.statusCode).toBe(400);
      expect(error.error.field).toBe('total_count');
    }
  });
});

describe('payments made in the emulator', () => {
  it('completes an order payment with a Razorpay signature', async () => {
    const events: EmulatorEvent[] = [];
    const stop = emulator.onEvent((event) => events.push(event));
    const order = await client.orders.create({ amount: 75000, currency: 'INR', notes: { donation_id: '7' } });
    const success = emulator.completePayment({ orderId: order.id });
    stop();

    expect(success.razorpay_order_id).toBe(order.id);
    expect(success.razorpay_payment_id).toMatch(/^pay_[0-9A-Za-z]{14}$/);
    expect(success.razorpay_signature).toBe(hmac(`${order.id}|${success.razorpay_payment_id}`));

    expect(await client.orders.fetch(order.id)).toMatchObject({
      status: 'paid',
      amount_paid: 75000,
      amount_due: 0,
      attempts: 1,
    });
    const payment = await client.payments.fetch(success.razorpay_payment_id);
    expect(payment).toMatchObject({
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
    const payments = await client.orders.fetchPayments(order.id);
    expect(payments.count).toBe(1);
    expect(payments.items[0]?.id).toBe(payment.id);
    expect(events.map((event) => event.event)).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
    expect(events[0]?.payload.payment?.entity).toMatchObject({ status: 'authorized', captured: false });
    expect(events[2]?.payload.order?.entity.status).toBe('paid');

    expect(() => emulator.completePayment({ orderId: order.id })).toThrow(EmulatorStateError);
  });

  it('fails an order payment, then lets the donor retry', async () => {
    const order = await client.orders.create({ amount: 30000, currency: 'INR' });
    const failure = emulator.failPayment({ orderId: order.id });
    expect(failure.error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment failed',
      source: 'customer',
      step: 'payment_authorization',
      reason: 'payment_failed',
      metadata: { order_id: order.id },
    });
    expect(await client.orders.fetch(order.id)).toMatchObject({ status: 'attempted', attempts: 1, amount_paid: 0 });
    const failed = await client.payments.fetch(failure.error.metadata.payment_id);
    expect(failed).toMatchObject({
      status: 'failed',
      captured: false,
      order_id: order.id,
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Payment failed',
      error_source: 'customer',
      error_step: 'payment_authorization',
      error_reason: 'payment_failed',
    });

    const success = emulator.completePayment(
      { orderId: order.id },
      { email: 'donor@example.org', contact: '+919876543210' },
    );
    expect(await client.orders.fetch(order.id)).toMatchObject({ status: 'paid', attempts: 2 });
    expect(await client.payments.fetch(success.razorpay_payment_id)).toMatchObject({
      email: 'donor@example.org',
      contact: '+919876543210',
    });
    const payments = await client.orders.fetchPayments(order.id);
    expect(payments.items.map((payment) => payment.status)).toEqual(['failed', 'captured']);
  });

  it('completes a subscription payment with the subscription signature', async () => {
    const { subscription } = await createMonthlySubscription(40000);
    expect(emulator.describe({ subscriptionId: subscription.id })).toEqual({ amount: 40000, currency: 'INR' });

    const failure = emulator.failPayment({ subscriptionId: subscription.id });
    expect(failure.error.metadata.subscription_id).toBe(subscription.id);
    expect(await client.subscriptions.fetch(subscription.id)).toMatchObject({ status: 'created', auth_attempts: 1 });

    const success = emulator.completePayment({ subscriptionId: subscription.id });
    expect(success.razorpay_subscription_id).toBe(subscription.id);
    expect(success.razorpay_order_id).toBeUndefined();
    expect(success.razorpay_signature).toBe(hmac(`${success.razorpay_payment_id}|${subscription.id}`));

    const active = await client.subscriptions.fetch(subscription.id);
    expect(active).toMatchObject({ status: 'active', paid_count: 1, remaining_count: 119 });
    expect(active.current_end).toBeGreaterThan(active.current_start ?? Number.POSITIVE_INFINITY);
    expect(active.charge_at).toBe(active.current_end);

    const payment = await client.payments.fetch(success.razorpay_payment_id);
    expect(payment).toMatchObject({ amount: 40000, status: 'captured', captured: true });
    expect(payment.invoice_id).toMatch(/^inv_/);
    expect(await client.orders.fetch(payment.order_id)).toMatchObject({ status: 'paid', amount: 40000 });
  });

  it('charges a subscription cycle by cycle, tells listeners, and completes it after total_count', async () => {
    const plan = await client.plans.create({
      period: 'monthly',
      interval: 1,
      item: { name: 'Monthly donation', amount: 10000, currency: 'INR' },
    });
    const subscription = await client.subscriptions.create({ plan_id: plan.id, total_count: 2, quantity: 3 });
    expect(emulator.describe({ subscriptionId: subscription.id })).toEqual({ amount: 30000, currency: 'INR' });
    const events: EmulatorEvent[] = [];
    const stop = emulator.onEvent((event) => events.push(event));

    emulator.completePayment({ subscriptionId: subscription.id });
    const first = await client.subscriptions.fetch(subscription.id);
    emulator.completePayment({ subscriptionId: subscription.id });
    stop();

    expect(first).toMatchObject({ status: 'active', paid_count: 1, remaining_count: 1 });
    const completed = await client.subscriptions.fetch(subscription.id);
    expect(completed).toMatchObject({ status: 'completed', paid_count: 2, remaining_count: 0, charge_at: null });
    // The second cycle starts where the first ended.
    expect(completed.current_start).toBe(first.current_end);
    expect(events.map((event) => event.event)).toEqual([
      'subscription.authenticated',
      'payment.authorized',
      'payment.captured',
      'subscription.activated',
      'subscription.charged',
      'payment.captured',
      'subscription.charged',
      'subscription.completed',
    ]);
    expect(events[0]?.payload.subscription?.entity).toMatchObject({ status: 'authenticated', paid_count: 0 });
    expect(events[4]?.payload.subscription?.entity).toMatchObject({ id: subscription.id, paid_count: 1 });
    expect(events[4]?.payload.payment?.entity.amount).toBe(30000);
    // Each event shows the subscription as it was then: charged while active, then completed.
    expect(events[6]?.payload.subscription?.entity.status).toBe('active');
    expect(events[7]?.payload.subscription?.entity.status).toBe('completed');
    expect(() => emulator.completePayment({ subscriptionId: subscription.id })).toThrow(EmulatorStateError);
  });

  it('describes orders and throws EmulatorNotFoundError for unknown ids', async () => {
    const order = await client.orders.create({ amount: 12345, currency: 'INR' });
    expect(emulator.describe({ orderId: order.id })).toEqual({ amount: 12345, currency: 'INR' });
    expect(() => emulator.completePayment({ orderId: 'order_ZZZZZZZZZZZZZZ' })).toThrow(EmulatorNotFoundError);
    expect(() => emulator.failPayment({ subscriptionId: 'sub_ZZZZZZZZZZZZZZ' })).toThrow(EmulatorNotFoundError);
    expect(() => emulator.describe({ orderId: 'order_ZZZZZZZZZZZZZZ' })).toThrow(EmulatorNotFoundError);
  });
});
