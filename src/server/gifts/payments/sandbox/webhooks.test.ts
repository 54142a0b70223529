// Over 250 lines on purpose: every webhook the sandbox sends, each checked against Razorpay's shape,
// shares one emulator and one SDK client; split, each part would start them again.
import { createHmac } from 'node:crypto';
import type Razorpay from 'razorpay';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestEmulator, monthlySubscription as subscribe, type TestEmulator } from '../../../test/test-emulator';
import {
  EmulatorNotFoundError,
  EmulatorStateError,
  type RazorpayEmulator,
  type RazorpayWebhookBody,
  type WebhookDelivery,
} from './emulator';

const keyId = 'rzp_test_webhooks';
const keySecret = 'webhooks-key-secret';
const webhookSecret = 'webhooks-webhook-secret';

const sign = (body: string, secret = webhookSecret) => createHmac('sha256', secret).update(body).digest('hex');

let sandbox: TestEmulator;
let emulator: RazorpayEmulator;
let client: Razorpay;
let deliveries: WebhookDelivery[];

beforeAll(async () => {
  sandbox = await startTestEmulator({ keyId, keySecret, webhookSecret, webhookRetryDelaysMs: [10, 20, 30] });
  ({ emulator, client } = sandbox);
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

afterAll(() => sandbox.close());

/** A payment as the API lists it under its order (the gateway's only way to see one). */
async function fetchPayment(orderId: string, paymentId: string) {
  const payments = await client.orders.fetchPayments(orderId);
  const found = payments.items.find((payment) => payment.id === paymentId);
  if (!found) throw new Error(`no payment ${paymentId} on ${orderId}`);
  return found;
}

/** A subscription's payment, found through its invoice's order as reconciliation finds it. */
async function subscriptionPayment(subscriptionId: string, paymentId: string) {
  const invoices = await client.invoices.all({ subscription_id: subscriptionId, count: 100 });
  const invoice = invoices.items.find((item) => item.payment_id === paymentId);
  return fetchPayment(invoice?.order_id ?? '', paymentId);
}

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

const monthlySubscription = (amount = 50000, total_count = 120) => subscribe(client, amount, total_count);

describe('webhooks after checkout', () => {
  it('delivers payment.authorized, payment.captured and order.paid for a one-time payment, after the call', async () => {
    const order = await client.orders.create({ amount: 50000, currency: 'INR', notes: { donation_id: '1' } });
    const success = await emulator.completePayment({ orderId: order.id });
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
    const payment = await fetchPayment(order.id, success.razorpay_payment_id);
    expect(captured?.contains).toEqual(['payment']);
    expect(captured?.payload.payment?.entity).toEqual(payment);
    expect(paid?.contains).toEqual(['payment', 'order']);
    expect(paid?.payload.payment?.entity).toEqual(payment);
    expect(paid?.payload.order?.entity).toMatchObject({
      status: 'paid',
      amount_paid: 50000,
      notes: { donation_id: '1' },
    });
  });

  it('delivers payment.failed for a failed one-time payment', async () => {
    const order = await client.orders.create({ amount: 20000, currency: 'INR' });
    const failure = await emulator.failPayment({ orderId: order.id });
    await emulator.webhooksIdle();
    expect(names()).toEqual(['payment.failed']);
    expectRazorpayDeliveries(deliveries);
    expect(bodies()[0]?.payload.payment?.entity).toEqual(
      await fetchPayment(order.id, failure.error.metadata.payment_id),
    );
    expect(bodies()[0]?.payload.payment?.entity).toMatchObject({
      status: 'failed',
      error_description: 'Payment failed',
    });
  });

  it('delivers the five events of a first monthly payment, each with the entities as they were', async () => {
    const subscription = await monthlySubscription(40000);
    const success = await emulator.completePayment({ subscriptionId: subscription.id });
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
    const payment = await subscriptionPayment(subscription.id, success.razorpay_payment_id);
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
    await emulator.failPayment({ subscriptionId: subscription.id });
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
    await emulator.completePayment({ orderId: first.id });
    await emulator.failPayment({ orderId: second.id });
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
    await emulator.completePayment({ orderId: order.id });
    const other = await client.orders.create({ amount: 10000, currency: 'INR' });
    await emulator.failPayment({ orderId: other.id });
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
    await emulator.failPayment({ orderId: order.id });
    await emulator.webhooksIdle();
    expect(names()).toEqual(['payment.failed']);
  });

  it('survives a deliver that throws instead of rejecting', async () => {
    emulator.deliverWebhooksTo((() => {
      throw new Error('not even a promise');
    }) as never);
    const order = await client.orders.create({ amount: 10000, currency: 'INR' });
    await expect(emulator.failPayment({ orderId: order.id })).resolves.toBeDefined();
    await expect(emulator.webhooksIdle()).resolves.toBeUndefined();
  });
});

describe('emulators that deliver nothing', () => {
  it('delivers nothing without a webhook secret', async () => {
    const { emulator: quiet, client: quietClient, close } = await startTestEmulator({ keyId, keySecret });
    try {
      const received: WebhookDelivery[] = [];
      quiet.deliverWebhooksTo(async (delivery) => {
        received.push(delivery);
      });
      const order = await quietClient.orders.create({ amount: 10000, currency: 'INR' });
      await quiet.completePayment({ orderId: order.id });
      await quiet.webhooksIdle();
      expect(received).toEqual([]);
    } finally {
      await close();
    }
  });

  it('stops retrying when closed', async () => {
    const test = await startTestEmulator({ keyId, keySecret, webhookSecret, webhookRetryDelaysMs: [60_000] });
    const closing = test.emulator;
    let attempts = 0;
    closing.deliverWebhooksTo(async () => {
      attempts += 1;
      throw new Error('down');
    });
    const order = await test.client.orders.create({ amount: 10000, currency: 'INR' });
    await closing.completePayment({ orderId: order.id });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    await closing.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(attempts).toBe(1);
    await closing.webhooksIdle();
    await test.close();
  });
});

describe('later charges of a subscription', () => {
  it('charges the next cycle on a new invoice and delivers payment.captured and subscription.charged', async () => {
    const subscription = await monthlySubscription(25000);
    const first = await emulator.completePayment({ subscriptionId: subscription.id }, { email: 'donor@example.org' });
    await emulator.webhooksIdle();
    const before = await client.subscriptions.fetch(subscription.id);
    deliveries = [];

    const charge = await emulator.chargeSubscription(subscription.id);
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
    const payment = await subscriptionPayment(subscription.id, String(charge.razorpay_payment_id));
    const firstPayment = await subscriptionPayment(subscription.id, first.razorpay_payment_id);
    expect(payment).toMatchObject({ amount: 25000, status: 'captured', captured: true, email: 'donor@example.org' });
    expect(payment.invoice_id).not.toBe(firstPayment.invoice_id);
    expect(payment.order_id).not.toBe(firstPayment.order_id);

    const [captured, charged] = bodies();
    expect(captured?.payload.payment?.entity).toEqual(payment);
    expect(charged?.payload).toEqual({ subscription: { entity: after }, payment: { entity: payment } });
  });

  it('completes the subscription on its last charge, then refuses more', async () => {
    const subscription = await monthlySubscription(10000, 2);
    await emulator.completePayment({ subscriptionId: subscription.id });
    await emulator.webhooksIdle();
    deliveries = [];
    await emulator.chargeSubscription(subscription.id);
    await emulator.webhooksIdle();
    expect(names()).toEqual(['payment.captured', 'subscription.charged', 'subscription.completed']);
    expect(bodies()[2]?.payload.subscription?.entity).toMatchObject({ status: 'completed', remaining_count: 0 });
    await expect(emulator.chargeSubscription(subscription.id)).rejects.toThrow(EmulatorStateError);
  });

  it('refuses a subscription never paid for, and an unknown one', async () => {
    const subscription = await monthlySubscription();
    await expect(emulator.chargeSubscription(subscription.id)).rejects.toThrow(/has not been paid for yet/);
    await expect(emulator.chargeSubscription(subscription.id)).rejects.toThrow(EmulatorStateError);
    await expect(emulator.chargeSubscription('sub_ZZZZZZZZZZZZZZ')).rejects.toThrow(EmulatorNotFoundError);
    await emulator.webhooksIdle();
    expect(deliveries).toEqual([]);
  });
});

describe('refunds', () => {
  async function paidOrder(amount = 60000) {
    const order = await client.orders.create({ amount, currency: 'INR' });
    const success = await emulator.completePayment({ orderId: order.id });
    await emulator.webhooksIdle();
    deliveries = [];
    return { order, paymentId: success.razorpay_payment_id };
  }

  it('refunds a payment in full and delivers refund.created and refund.processed', async () => {
    const { order, paymentId } = await paidOrder();
    const refund = await emulator.refundPayment(paymentId);
    expect(refund).toMatchObject({
      entity: 'refund',
      amount: 60000,
      currency: 'INR',
      payment_id: paymentId,
      status: 'processed',
    });
    expect(refund.id).toMatch(/^rfnd_[0-9A-Za-z]{14}$/);

    const payment = await fetchPayment(order.id, paymentId);
    expect(payment).toMatchObject({
      status: 'refunded',
      amount_refunded: 60000,
      refund_status: 'full',
      captured: true,
    });
    expect((await client.orders.fetchPayments(order.id)).items[0]).toEqual(payment);

    await emulator.webhooksIdle();
    expect(names()).toEqual(['refund.created', 'refund.processed']);
    expectRazorpayDeliveries(deliveries);
    const [created, processed] = bodies();
    expect(created?.contains).toEqual(['refund', 'payment']);
    expect(created?.payload.refund?.entity).toMatchObject({ id: refund.id, status: 'pending' });
    expect(processed?.payload).toEqual({ refund: { entity: refund }, payment: { entity: payment } });
  });

  it('refunds in parts until nothing is left', async () => {
    const { order, paymentId } = await paidOrder(60000);
    await emulator.refundPayment(paymentId, 10000);
    expect(await fetchPayment(order.id, paymentId)).toMatchObject({
      status: 'captured',
      amount_refunded: 10000,
      refund_status: 'partial',
    });
    await emulator.webhooksIdle();
    expect(bodies()[1]?.payload.payment?.entity).toMatchObject({ amount_refunded: 10000, refund_status: 'partial' });

    await expect(emulator.refundPayment(paymentId, 50001)).rejects.toThrow(EmulatorStateError);
    const rest = await emulator.refundPayment(paymentId);
    expect(rest.amount).toBe(50000);
    expect(await fetchPayment(order.id, paymentId)).toMatchObject({
      status: 'refunded',
      amount_refunded: 60000,
      refund_status: 'full',
    });
    await expect(emulator.refundPayment(paymentId)).rejects.toThrow(/already fully refunded/);
  });

  it('refunds a subscription payment', async () => {
    const subscription = await monthlySubscription(30000);
    const { razorpay_payment_id } = await emulator.completePayment({ subscriptionId: subscription.id });
    await emulator.webhooksIdle();
    deliveries = [];
    await emulator.refundPayment(razorpay_payment_id);
    await emulator.webhooksIdle();
    expect(names()).toEqual(['refund.created', 'refund.processed']);
    expect(bodies()[1]?.payload.payment?.entity).toMatchObject({ status: 'refunded', amount_refunded: 30000 });
  });

  it('refuses unknown and failed payments and bad amounts', async () => {
    const order = await client.orders.create({ amount: 10000, currency: 'INR' });
    const failure = await emulator.failPayment({ orderId: order.id });
    const paid = await paidOrder();
    const { paymentId } = paid;
    await expect(emulator.refundPayment('pay_ZZZZZZZZZZZZZZ')).rejects.toThrow(EmulatorNotFoundError);
    await expect(emulator.refundPayment(failure.error.metadata.payment_id)).rejects.toThrow(EmulatorStateError);
    await expect(emulator.refundPayment(paymentId, 0)).rejects.toThrow(RangeError);
    await expect(emulator.refundPayment(paymentId, 1.5)).rejects.toThrow(RangeError);
    expect(await fetchPayment(paid.order.id, paymentId)).toMatchObject({ status: 'captured', amount_refunded: 0 });
    await emulator.webhooksIdle();
    expect(deliveries).toEqual([]);
  });
});

describe('invoices over the real SDK', () => {
  it("lists a subscription's paid invoices, newest first", async () => {
    const subscription = await monthlySubscription(35000);
    const first = await emulator.completePayment({ subscriptionId: subscription.id }, { email: 'donor@example.org' });
    const second = await emulator.chargeSubscription(subscription.id);
    const other = await monthlySubscription(35000);
    await emulator.completePayment({ subscriptionId: other.id });

    const invoices = await client.invoices.all({ subscription_id: subscription.id });
    expect(invoices.entity).toBe('collection');
    expect(invoices.count).toBe(2);
    const [latest, earliest] = invoices.items;
    const firstPayment = await subscriptionPayment(subscription.id, first.razorpay_payment_id);
    const secondPayment = await subscriptionPayment(subscription.id, String(second.razorpay_payment_id));
    expect(earliest).toMatchObject({
      id: firstPayment.invoice_id,
      entity: 'invoice',
      subscription_id: subscription.id,
      payment_id: firstPayment.id,
      order_id: firstPayment.order_id,
      amount: 35000,
      currency: 'INR',
      status: 'paid',
    });
    expect(firstPayment.email).toBe('donor@example.org');
    expect(latest).toMatchObject({ id: secondPayment.invoice_id, payment_id: secondPayment.id, status: 'paid' });
    expect(earliest?.created_at).toBe(firstPayment.created_at);
    expect(earliest?.billing_end).toBe(latest?.billing_start);
    expect((latest?.billing_end ?? 0) > (latest?.billing_start ?? 0)).toBe(true);

    expect((await client.invoices.all({ subscription_id: subscription.id, count: 1 })).items).toEqual([latest]);
    expect((await client.invoices.all({ subscription_id: subscription.id, count: 1, skip: 1 })).items).toEqual([
      earliest,
    ]);
    expect(await client.invoices.all({ subscription_id: 'sub_ZZZZZZZZZZZZZZ' })).toEqual({
      entity: 'collection',
      count: 0,
      items: [],
    });
  });

  it('refuses a bad count, or no subscription_id, with 400 on that field', async () => {
    for (const [query, field] of [
      [{ subscription_id: 'sub_ZZZZZZZZZZZZZZ', count: 101 }, 'count'],
      [{ count: 10 }, 'subscription_id'],
    ] as const) {
      await expect(client.invoices.all(query)).rejects.toMatchObject({
        statusCode: 400,
        error: { code: 'BAD_REQUEST_ERROR', field },
      });
    }
  });
});
