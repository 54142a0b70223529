import { createHmac } from 'node:crypto';
import Razorpay from 'razorpay';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EmulatorNotFoundError,
  EmulatorStateError,
  type RazorpayEmulator,
  type RazorpayWebhookBody,
  startRazorpayEmulator,
  type WebhookDelivery,
} from './emulator';

const keyId = 'rzp_test_webhooks';
const keySecret = 'webhooks-key-secret';
const webhookSecret = 'webhooks-webhook-secret';

function sdkClient(url: string): Razorpay {
  const client = new Razorpay({ key_id: keyId, key_secret: keySecret });
  (client as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = url;
  return client;
}

const sign = (body: string, secret = webhookSecret) => createHmac('sha256', secret).update(body).digest('hex');

let emulator: RazorpayEmulator;
let client: Razorpay;
let deliveries: WebhookDelivery[];

beforeAll(async () => {
  emulator = await startRazorpayEmulator({ keyId, keySecret, webhookSecret, webhookRetryDelaysMs: [10, 20, 30] });
  client = sdkClient(emulator.url);
});

beforeEach(() => {
  deliveries = [];
  emulator.deliverWebhooksTo(async (delivery) => {
    deliveries.push(delivery);
  });
});

afterEach(async () => {
  await emulator.webhooksIdle();
});

afterAll(async () => {
  await emulator.close();
});

const names = () => deliveries.map((delivery) => delivery.event);
const bodies = () => deliveries.map((delivery) => JSON.parse(delivery.body) as RazorpayWebhookBody);

/** Every delivery is Razorpay's: signed body, event id header, documented envelope. */
function expectRazorpayDeliveries(list: WebhookDelivery[]): void {
  for (const delivery of list) {
    expect(delivery.eventId).toMatch(/^evt_[0-9A-Za-z]{14}$/);
    expect(delivery.headers).toEqual({
      'content-type': 'application/json',
      'x-razorpay-signature': sign(delivery.body),
      'x-razorpay-event-id': delivery.eventId,
    });
    const body = JSON.parse(delivery.body) as RazorpayWebhookBody;
    expect(Object.keys(body)).toEqual(['entity', 'account_id', 'event', 'contains', 'payload', 'created_at']);
    expect(body.entity).toBe('event');
    expect(body.account_id).toMatch(/^acc_[0-9A-Za-z]{14}$/);
    expect(body.event).toBe(delivery.event);
    expect(body.contains).toEqual(Object.keys(body.payload));
    expect(Math.abs(body.created_at - Date.now() / 1000)).toBeLessThan(5);
    for (const key of body.contains) expect(body.payload[key]?.entity).toMatchObject({ entity: key });
  }
  expect(new Set(list.map((delivery) => delivery.eventId)).size).toBe(list.length);
  expect(new Set(list.map((delivery) => JSON.parse(delivery.body).account_id)).size).toBeLessThanOrEqual(1);
}

async function monthlySubscription(amount = 50000, total_count = 120) {
  const plan = await client.plans.create({
    period: 'monthly',
    interval: 1,
    item: { name: 'Monthly donation', amount, currency: 'INR' },
  });
  return client.subscriptions.create({ plan_id: plan.id, total_count, notes: { donation_id: '42' } });
}

describe('webhooks after checkout', () => {
  it('delivers payment.authorized, payment.captured and order.paid for a one-time payment, after the call', async () => {
    const order = await client.orders.create({ amount: 50000, currency: 'INR', notes: { donation_id: '1' } });
    const success = emulator.completePayment({ orderId: order.id });
    expect(deliveries).toHaveLength(0);
    await emulator.webhooksIdle();

    expect(names()).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
    expectRazorpayDeliveries(deliveries);
    const [authorized, captured, paid] = bodies();
    expect(authorized?.contains).toEqual(['payment']);
    expect(authorized?.payload.payment?.entity).toMatchObject({
      id: success.razorpay_payment_id,
      status: 'authorized',
      captured: false,
      order_id: order.id,
      amount: 50000,
    });
    const payment = await client.payments.fetch(success.razorpay_payment_id);
    expect(captured?.contains).toEqual(['payment']);
    expect(captured?.payload.payment?.entity).toEqual(payment);
    expect(paid?.contains).toEqual(['payment', 'order']);
    expect(paid?.payload.payment?.entity).toEqual(payment);
    expect(paid?.payload.order?.entity).toEqual(await client.orders.fetch(order.id));
    expect(paid?.payload.order?.entity).toMatchObject({
      status: 'paid',
      amount_paid: 50000,
      notes: { donation_id: '1' },
    });
  });

  it('delivers payment.failed for a failed one-time payment', async () => {
    const order = await client.orders.create({ amount: 20000, currency: 'INR' });
    const failure = emulator.failPayment({ orderId: order.id });
    await emulator.webhooksIdle();
    expect(names()).toEqual(['payment.failed']);
    expectRazorpayDeliveries(deliveries);
    expect(bodies()[0]?.payload.payment?.entity).toEqual(
      await client.payments.fetch(failure.error.metadata.payment_id),
    );
    expect(bodies()[0]?.payload.payment?.entity).toMatchObject({ status: 'failed', error_reason: 'payment_failed' });
  });

  it('delivers the five events of a first monthly payment, each with the entities as they were', async () => {
    const subscription = await monthlySubscription(40000);
    const success = emulator.completePayment({ subscriptionId: subscription.id });
    await emulator.webhooksIdle();

    expect(names()).toEqual([
      'subscription.authenticated',
      'payment.authorized',
      'payment.captured',
      'subscription.activated',
      'subscription.charged',
    ]);
    expectRazorpayDeliveries(deliveries);
    const [authenticated, authorized, captured, activated, charged] = bodies();
    expect(authenticated?.contains).toEqual(['subscription']);
    expect(authenticated?.payload.subscription?.entity).toMatchObject({
      id: subscription.id,
      status: 'authenticated',
      paid_count: 0,
    });
    const payment = await client.payments.fetch(success.razorpay_payment_id);
    // The payments carry the invoice's order, which the app never created.
    expect(payment.order_id).toMatch(/^order_/);
    expect(payment.invoice_id).toMatch(/^inv_/);
    expect(authorized?.payload.payment?.entity).toMatchObject({ id: payment.id, status: 'authorized' });
    expect(captured?.payload.payment?.entity).toEqual(payment);
    const current = await client.subscriptions.fetch(subscription.id);
    for (const body of [activated, charged]) {
      expect(body?.contains).toEqual(['subscription', 'payment']);
      expect(body?.payload.subscription?.entity).toEqual(current);
      expect(body?.payload.payment?.entity).toEqual(payment);
    }
    expect(charged?.payload.subscription?.entity).toMatchObject({
      status: 'active',
      paid_count: 1,
      remaining_count: 119,
    });
    expect(charged?.payload.payment?.entity).toMatchObject({ amount: 40000, notes: { donation_id: '42' } });
  });

  it('delivers payment.failed for a failed monthly payment', async () => {
    const subscription = await monthlySubscription();
    emulator.failPayment({ subscriptionId: subscription.id });
    await emulator.webhooksIdle();
    expect(names()).toEqual(['payment.failed']);
    expectRazorpayDeliveries(deliveries);
  });

  it('delivers one webhook at a time, in order', async () => {
    let inFlight = 0;
    let most = 0;
    emulator.deliverWebhooksTo(async (delivery) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      deliveries.push(delivery);
      inFlight -= 1;
    });
    const first = await client.orders.create({ amount: 10000, currency: 'INR' });
    const second = await client.orders.create({ amount: 10000, currency: 'INR' });
    emulator.completePayment({ orderId: first.id });
    emulator.failPayment({ orderId: second.id });
    await emulator.webhooksIdle();
    expect(most).toBe(1);
    expect(names()).toEqual(['payment.authorized', 'payment.captured', 'order.paid', 'payment.failed']);
  });
});

describe('failed deliveries', () => {
  it('retries a refused webhook with the same id and body, then drops it and goes on', async () => {
    const attempts: WebhookDelivery[] = [];
    emulator.deliverWebhooksTo(async (delivery) => {
      attempts.push(delivery);
      if (delivery.event !== 'payment.failed') throw new Error('503 from the app');
    });
    const order = await client.orders.create({ amount: 10000, currency: 'INR' });
    emulator.completePayment({ orderId: order.id });
    const other = await client.orders.create({ amount: 10000, currency: 'INR' });
    emulator.failPayment({ orderId: other.id });
    await expect(emulator.webhooksIdle()).resolves.toBeUndefined();

    // Three events refused four times each (once and three retries), then the next one delivered.
    expect(attempts.map((attempt) => attempt.event)).toEqual([
      ...Array(4).fill('payment.authorized'),
      ...Array(4).fill('payment.captured'),
      ...Array(4).fill('order.paid'),
      'payment.failed',
    ]);
    expect(new Set(attempts.slice(0, 4).map((attempt) => attempt.eventId)).size).toBe(1);
    expect(new Set(attempts.slice(0, 4).map((attempt) => attempt.body)).size).toBe(1);
  });

  it('delivers on a retry after a refusal', async () => {
    let refusals = 1;
    emulator.deliverWebhooksTo(async (delivery) => {
      if (refusals-- > 0) throw new Error('connection refused');
      deliveries.push(delivery);
    });
    const order = await client.orders.create({ amount: 10000, currency: 'INR' });
    emulator.failPayment({ orderId: order.id });
    await emulator.webhooksIdle();
    expect(names()).toEqual(['payment.failed']);
  });

  it('survives a deliver that throws instead of rejecting', async () => {
    emulator.deliverWebhooksTo((() => {
      throw new Error('not even a promise');
    }) as never);
    const order = await client.orders.create({ amount: 10000, currency: 'INR' });
    expect(() => emulator.failPayment({ orderId: order.id })).not.toThrow();
    await expect(emulator.webhooksIdle()).resolves.toBeUndefined();
  });
});

describe('emulators that deliver nothing', () => {
  it('delivers nothing without a webhook secret', async () => {
    const quiet = await startRazorpayEmulator({ keyId, keySecret });
    try {
      const received: WebhookDelivery[] = [];
      quiet.deliverWebhooksTo(async (delivery) => {
        received.push(delivery);
      });
      const order = await sdkClient(quiet.url).orders.create({ amount: 10000, currency: 'INR' });
      quiet.completePayment({ orderId: order.id });
      await quiet.webhooksIdle();
      expect(received).toEqual([]);
    } finally {
      await quiet.close();
    }
  });

  it('stops retrying when closed', async () => {
    const closing = await startRazorpayEmulator({ keyId, keySecret, webhookSecret, webhookRetryDelaysMs: [60_000] });
    let attempts = 0;
    closing.deliverWebhooksTo(async () => {
      attempts += 1;
      throw new Error('down');
    });
    const order = await sdkClient(closing.url).orders.create({ amount: 10000, currency: 'INR' });
    closing.completePayment({ orderId: order.id });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    await closing.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(attempts).toBe(1);
    await closing.webhooksIdle();
  });
});

describe('later charges of a subscription', () => {
  it('charges the next cycle on a new invoice and delivers payment.captured and subscription.charged', async () => {
    const subscription = await monthlySubscription(25000);
    const first = emulator.completePayment({ subscriptionId: subscription.id }, { email: 'donor@example.org' });
    await emulator.webhooksIdle();
    const before = await client.subscriptions.fetch(subscription.id);
    deliveries = [];

    const charge = emulator.chargeSubscription(subscription.id);
    expect(charge).toEqual({
      razorpay_payment_id: expect.stringMatching(/^pay_/),
      razorpay_subscription_id: subscription.id,
    });
    await emulator.webhooksIdle();
    expect(names()).toEqual(['payment.captured', 'subscription.charged']);
    expectRazorpayDeliveries(deliveries);

    const after = await client.subscriptions.fetch(subscription.id);
    expect(after).toMatchObject({ status: 'active', paid_count: 2, remaining_count: 118 });
    expect(after.current_start).toBe(before.current_end);
    const payment = await client.payments.fetch(charge.razorpay_payment_id);
    const firstPayment = await client.payments.fetch(first.razorpay_payment_id);
    expect(payment).toMatchObject({ amount: 25000, status: 'captured', captured: true, email: 'donor@example.org' });
    expect(payment.invoice_id).not.toBe(firstPayment.invoice_id);
    expect(payment.order_id).not.toBe(firstPayment.order_id);
    expect(await client.orders.fetch(payment.order_id)).toMatchObject({ status: 'paid', amount_paid: 25000 });

    const [captured, charged] = bodies();
    expect(captured?.payload.payment?.entity).toEqual(payment);
    expect(charged?.payload).toEqual({ subscription: { entity: after }, payment: { entity: payment } });
  });

  it('completes the subscription on its last charge, then refuses more', async () => {
    const subscription = await monthlySubscription(10000, 2);
    emulator.completePayment({ subscriptionId: subscription.id });
    await emulator.webhooksIdle();
    deliveries = [];
    emulator.chargeSubscription(subscription.id);
    await emulator.webhooksIdle();
    expect(names()).toEqual(['payment.captured', 'subscription.charged', 'subscription.completed']);
    expect(bodies()[2]?.payload.subscription?.entity).toMatchObject({ status: 'completed', remaining_count: 0 });
    expect(() => emulator.chargeSubscription(subscription.id)).toThrow(EmulatorStateError);
  });

  it('refuses a subscription never paid for, and an unknown one', async () => {
    const subscription = await monthlySubscription();
    expect(() => emulator.chargeSubscription(subscription.id)).toThrow(/has not been paid for yet/);
    expect(() => emulator.chargeSubscription(subscription.id)).toThrow(EmulatorStateError);
    expect(() => emulator.chargeSubscription('sub_ZZZZZZZZZZZZZZ')).toThrow(EmulatorNotFoundError);
    await emulator.webhooksIdle();
    expect(deliveries).toEqual([]);
  });
});

describe('refunds', () => {
  async function paidOrder(amount = 60000) {
    const order = await client.orders.create({ amount, currency: 'INR' });
    const success = emulator.completePayment({ orderId: order.id });
    await emulator.webhooksIdle();
    deliveries = [];
    return { order, paymentId: success.razorpay_payment_id };
  }

  it('refunds a payment in full and delivers refund.created and refund.processed', async () => {
    const { order, paymentId } = await paidOrder();
    const refund = emulator.refundPayment(paymentId);
    expect(refund).toMatchObject({
      entity: 'refund',
      amount: 60000,
      currency: 'INR',
      payment_id: paymentId,
      status: 'processed',
    });
    expect(refund.id).toMatch(/^rfnd_[0-9A-Za-z]{14}$/);

    const payment = await client.payments.fetch(paymentId);
    expect(payment).toMatchObject({
      status: 'refunded',
      amount_refunded: 60000,
      refund_status: 'full',
      captured: true,
    });
    expect((await client.orders.fetchPayments(order.id)).items[0]).toEqual(payment);
    expect(await client.payments.fetchMultipleRefund(paymentId)).toEqual({
      entity: 'collection',
      count: 1,
      items: [refund],
    });
    expect(await client.refunds.fetch(refund.id)).toEqual(refund);

    await emulator.webhooksIdle();
    expect(names()).toEqual(['refund.created', 'refund.processed']);
    expectRazorpayDeliveries(deliveries);
    const [created, processed] = bodies();
    expect(created?.contains).toEqual(['refund', 'payment']);
    expect(created?.payload.refund?.entity).toMatchObject({ id: refund.id, status: 'pending' });
    expect(processed?.payload).toEqual({ refund: { entity: refund }, payment: { entity: payment } });
  });

  it('refunds in parts until nothing is left', async () => {
    const { paymentId } = await paidOrder(60000);
    emulator.refundPayment(paymentId, 10000);
    expect(await client.payments.fetch(paymentId)).toMatchObject({
      status: 'captured',
      amount_refunded: 10000,
      refund_status: 'partial',
    });
    await emulator.webhooksIdle();
    expect(bodies()[1]?.payload.payment?.entity).toMatchObject({ amount_refunded: 10000, refund_status: 'partial' });

    expect(() => emulator.refundPayment(paymentId, 50001)).toThrow(EmulatorStateError);
    const rest = emulator.refundPayment(paymentId);
    expect(rest.amount).toBe(50000);
    expect(await client.payments.fetch(paymentId)).toMatchObject({
      status: 'refunded',
      amount_refunded: 60000,
      refund_status: 'full',
    });
    expect((await client.payments.fetchMultipleRefund(paymentId)).count).toBe(2);
    expect(() => emulator.refundPayment(paymentId)).toThrow(/already fully refunded/);
  });

  it('refunds a subscription payment', async () => {
    const subscription = await monthlySubscription(30000);
    const { razorpay_payment_id } = emulator.completePayment({ subscriptionId: subscription.id });
    await emulator.webhooksIdle();
    deliveries = [];
    emulator.refundPayment(razorpay_payment_id);
    await emulator.webhooksIdle();
    expect(names()).toEqual(['refund.created', 'refund.processed']);
    expect(bodies()[1]?.payload.payment?.entity).toMatchObject({ status: 'refunded', amount_refunded: 30000 });
  });

  it('refuses unknown and failed payments and bad amounts', async () => {
    const order = await client.orders.create({ amount: 10000, currency: 'INR' });
    const failure = emulator.failPayment({ orderId: order.id });
    const { paymentId } = await paidOrder();
    expect(() => emulator.refundPayment('pay_ZZZZZZZZZZZZZZ')).toThrow(EmulatorNotFoundError);
    expect(() => emulator.refundPayment(failure.error.metadata.payment_id)).toThrow(EmulatorStateError);
    expect(() => emulator.refundPayment(paymentId, 0)).toThrow(RangeError);
    expect(() => emulator.refundPayment(paymentId, 1.5)).toThrow(RangeError);
    expect(await client.payments.fetch(paymentId)).toMatchObject({ status: 'captured', amount_refunded: 0 });
    await emulator.webhooksIdle();
    expect(deliveries).toEqual([]);
  });
});

describe('invoices over the real SDK', () => {
  it("lists a subscription's paid invoices, newest first", async () => {
    const subscription = await monthlySubscription(35000);
    const first = emulator.completePayment({ subscriptionId: subscription.id }, { email: 'donor@example.org' });
    const second = emulator.chargeSubscription(subscription.id);
    const other = await monthlySubscription(35000);
    emulator.completePayment({ subscriptionId: other.id });

    const invoices = await client.invoices.all({ subscription_id: subscription.id });
    expect(invoices.entity).toBe('collection');
    expect(invoices.count).toBe(2);
    const [latest, earliest] = invoices.items;
    const firstPayment = await client.payments.fetch(first.razorpay_payment_id);
    const secondPayment = await client.payments.fetch(second.razorpay_payment_id);
    expect(earliest).toMatchObject({
      id: firstPayment.invoice_id,
      entity: 'invoice',
      type: 'invoice',
      subscription_id: subscription.id,
      payment_id: firstPayment.id,
      order_id: firstPayment.order_id,
      amount: 35000,
      amount_paid: 35000,
      amount_due: 0,
      currency: 'INR',
      status: 'paid',
      customer_details: { email: 'donor@example.org' },
      line_items: [expect.objectContaining({ amount: 35000, quantity: 1, type: 'plan' })],
    });
    expect(latest).toMatchObject({ id: secondPayment.invoice_id, payment_id: secondPayment.id, status: 'paid' });
    expect(earliest?.paid_at).toBe(firstPayment.created_at);
    expect(earliest?.billing_end).toBe(latest?.billing_start);
    expect((latest?.billing_end ?? 0) > (latest?.billing_start ?? 0)).toBe(true);
    expect(await client.invoices.fetch(latest?.id ?? '')).toEqual(latest);

    expect((await client.invoices.all({ subscription_id: subscription.id, count: 1 })).items).toEqual([latest]);
    expect((await client.invoices.all({ subscription_id: subscription.id, count: 1, skip: 1 })).items).toEqual([
      earliest,
    ]);
    expect(await client.invoices.all({ payment_id: secondPayment.id })).toMatchObject({ count: 1, items: [latest] });
    expect(await client.invoices.all({ subscription_id: 'sub_ZZZZZZZZZZZZZZ' })).toEqual({
      entity: 'collection',
      count: 0,
      items: [],
    });
  });

  it('refuses a bad count with 400 on count', async () => {
    await expect(client.invoices.all({ count: 101 })).rejects.toMatchObject({
      statusCode: 400,
      error: { code: 'BAD_REQUEST_ERROR', field: 'count' },
    });
  });
});
