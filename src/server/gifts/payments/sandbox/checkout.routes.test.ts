// Over 250 lines on purpose: every checkout route (Pay, Fail, details, static files) against one
// emulator and app; split, each part would start them again.
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type Razorpay from 'razorpay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../../../test/test-emulator';
import type { CheckoutFailure, CheckoutSuccess, RazorpayEmulator, WebhookDelivery } from './emulator';

const PUBLIC_FONTS = fileURLToPath(new URL('../../../../../public/fonts', import.meta.url));
const keyId = 'rzp_test_routes';
const keySecret = 'routes-secret';

let sandbox: TestEmulator;
let client: Razorpay;
let app: FastifyInstance;

/** The orders and payments as the gateway sees them: through an order's payments. */
async function paymentsOf(orderId: string) {
  return (await client.orders.fetchPayments(orderId)).items;
}

beforeAll(async () => {
  sandbox = await startTestEmulator({ keyId, keySecret });
  client = sandbox.client;
  app = Fastify();
  await app.register(sandbox.emulator.routes);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await sandbox.close();
});

describe('sandbox checkout routes', () => {
  it('serves the stand-in checkout.js, which defines window.Razorpay', async () => {
    const response = await app.inject({ method: 'GET', url: '/sandbox/checkout.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('window.Razorpay = Razorpay');

    // Evaluate it against a minimal window: it must install a constructor with the checkout API.
    const fakeWindow: { Razorpay?: new (options: object) => Record<string, unknown> } = {};
    new Function('window', 'document', response.body)(fakeWindow, { currentScript: null });
    expect(typeof fakeWindow.Razorpay).toBe('function');
    const rzp = new (fakeWindow.Razorpay as NonNullable<typeof fakeWindow.Razorpay>)({
      key: keyId,
      order_id: 'order_x',
    });
    expect(typeof rzp.open).toBe('function');
    expect(typeof rzp.close).toBe('function');
    expect(typeof rzp.on).toBe('function');
  });

  it('serves its stylesheet', async () => {
    const response = await app.inject({ method: 'GET', url: '/sandbox/checkout.css' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('.rzp-sandbox-dialog');
  });

  it('draws Tamil and Devanagari with the site’s Noto faces, not as boxes on a machine without them', async () => {
    const css = (await app.inject({ method: 'GET', url: '/sandbox/checkout.css' })).body;
    for (const [family, file] of [
      ['Noto Sans Tamil', 'noto-sans-tamil'],
      ['Noto Sans Devanagari', 'noto-sans-devanagari'],
    ]) {
      for (const weight of [400, 700]) {
        expect(css).toMatch(
          new RegExp(
            `@font-face\\{font-family:"${family}";[^}]*font-weight:${weight};[^}]*url\\(/fonts/${file}-${weight}\\.woff2\\)`,
          ),
        );
        // The site serves that file.
        expect(existsSync(join(PUBLIC_FONTS, `${file}-${weight}.woff2`))).toBe(true);
      }
    }
    // The modal's text: those scripts in them, the rest (unicode-range) in the system's font.
    expect(css).toContain(
      '.rzp-sandbox-backdrop{font-family:"Noto Sans Tamil","Noto Sans Devanagari",system-ui,sans-serif}',
    );
  });

  it('pays an order and returns the Razorpay checkout response', async () => {
    const order = await client.orders.create({ amount: 50000, currency: 'INR' });
    const response = await app.inject({
      method: 'POST',
      url: '/sandbox/checkout/pay',
      payload: { order_id: order.id, email: 'donor@example.org', contact: '+919876543210' },
    });
    expect(response.statusCode).toBe(200);
    const success = response.json<CheckoutSuccess>();
    expect(success.razorpay_order_id).toBe(order.id);
    const expected = createHmac('sha256', keySecret).update(`${order.id}|${success.razorpay_payment_id}`).digest('hex');
    expect(success.razorpay_signature).toBe(expected);
    const [payment] = await paymentsOf(order.id);
    expect(payment).toMatchObject({ id: success.razorpay_payment_id, status: 'captured', email: 'donor@example.org' });

    const again = await app.inject({ method: 'POST', url: '/sandbox/checkout/pay', payload: { order_id: order.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already paid');
  });

  it('pays a subscription', async () => {
    const plan = await client.plans.create({
      period: 'monthly',
      interval: 1,
      item: { name: 'Monthly donation', amount: 100000, currency: 'INR' },
    });
    const subscription = await client.subscriptions.create({ plan_id: plan.id, total_count: 120 });

    const details = await app.inject({
      method: 'GET',
      url: `/sandbox/checkout/details?subscription_id=${subscription.id}`,
    });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({ amount: 100000, currency: 'INR' });

    const response = await app.inject({
      method: 'POST',
      url: '/sandbox/checkout/pay',
      payload: { subscription_id: subscription.id },
    });
    expect(response.statusCode).toBe(200);
    const success = response.json<CheckoutSuccess>();
    expect(success.razorpay_subscription_id).toBe(subscription.id);
    const expected = createHmac('sha256', keySecret)
      .update(`${success.razorpay_payment_id}|${subscription.id}`)
      .digest('hex');
    expect(success.razorpay_signature).toBe(expected);
    expect(await client.subscriptions.fetch(subscription.id)).toMatchObject({ status: 'active', paid_count: 1 });
  });

  it('fails a payment and returns the checkout failure object', async () => {
    const order = await client.orders.create({ amount: 20000, currency: 'INR' });
    const response = await app.inject({
      method: 'POST',
      url: '/sandbox/checkout/fail',
      payload: { order_id: order.id },
    });
    expect(response.statusCode).toBe(200);
    const failure = response.json<CheckoutFailure>();
    expect(failure.error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment failed',
      reason: 'payment_failed',
      metadata: { order_id: order.id },
    });
    expect(await paymentsOf(order.id)).toMatchObject([{ id: failure.error.metadata.payment_id, status: 'failed' }]);
  });

  it('describes an order', async () => {
    const order = await client.orders.create({ amount: 1234567, currency: 'INR' });
    const response = await app.inject({ method: 'GET', url: `/sandbox/checkout/details?order_id=${order.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ amount: 1234567, currency: 'INR' });
  });

  it.each([
    ['pay', {}],
    ['pay', { order_id: 'order_a', subscription_id: 'sub_b' }],
    ['pay', { order_id: 42 }],
    ['fail', { order_id: '' }],
    ['fail', { order_id: 'order_a', amount: 1 }],
  ])('answers 400 with issues to POST /sandbox/checkout/%s %j', async (action, payload) => {
    const response = await app.inject({ method: 'POST', url: `/sandbox/checkout/${action}`, payload });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; issues: Array<{ path: string; message: string }> }>();
    expect(body.message).toBe('Invalid request');
    expect(body.issues.length).toBeGreaterThan(0);
    for (const issue of body.issues) {
      expect(typeof issue.path).toBe('string');
      expect(issue.message).toBeTruthy();
    }
  });

  it('names the field in the issues', async () => {
    const response = await app.inject({ method: 'POST', url: '/sandbox/checkout/pay', payload: { order_id: 42 } });
    expect(response.json().issues).toEqual([expect.objectContaining({ path: 'order_id' })]);
  });

  it('answers 400 for details without an id', async () => {
    const response = await app.inject({ method: 'GET', url: '/sandbox/checkout/details' });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toHaveLength(1);
  });

  it.each([
    ['POST', '/sandbox/checkout/pay', { order_id: 'order_ZZZZZZZZZZZZZZ' }],
    ['POST', '/sandbox/checkout/fail', { subscription_id: 'sub_ZZZZZZZZZZZZZZ' }],
    ['GET', '/sandbox/checkout/details?order_id=order_ZZZZZZZZZZZZZZ', undefined],
  ] as const)('answers 404 to %s %s for an unknown id', async (method, url, payload) => {
    const response = await app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/^No (order|subscription) with id/);
  });
});

describe('sandbox dev controls', () => {
  let devSandbox: TestEmulator;
  let devEmulator: RazorpayEmulator;
  let devClient: Razorpay;
  let devApp: FastifyInstance;
  const delivered: WebhookDelivery[] = [];

  beforeAll(async () => {
    devSandbox = await startTestEmulator({
      keyId,
      keySecret,
      webhookSecret: 'routes-webhook-secret',
      devControls: true,
    });
    ({ emulator: devEmulator, client: devClient } = devSandbox);
    devEmulator.deliverWebhooksTo(async (delivery) => {
      delivered.push(delivery);
    });
    devApp = Fastify();
    await devApp.register(devEmulator.routes);
    await devApp.ready();
  });

  afterAll(async () => {
    await devApp.close();
    await devSandbox.close();
  });

  async function paidSubscription(total_count = 120) {
    const plan = await devClient.plans.create({
      period: 'monthly',
      interval: 1,
      item: { name: 'Monthly donation', amount: 50000, currency: 'INR' },
    });
    const subscription = await devClient.subscriptions.create({ plan_id: plan.id, total_count });
    await devEmulator.completePayment({ subscriptionId: subscription.id });
    await devEmulator.webhooksIdle();
    return subscription;
  }

  it('charges a subscription and answers the new payment id', async () => {
    const subscription = await paidSubscription();
    delivered.length = 0;
    const response = await devApp.inject({ method: 'POST', url: `/sandbox/subscriptions/${subscription.id}/charge` });
    expect(response.statusCode).toBe(200);
    const charge = response.json<{ razorpay_payment_id: string; razorpay_subscription_id: string }>();
    expect(charge.razorpay_subscription_id).toBe(subscription.id);
    const invoices = await devClient.invoices.all({ subscription_id: subscription.id });
    expect(invoices.items[0]).toMatchObject({ payment_id: charge.razorpay_payment_id, status: 'paid' });
    expect(await devClient.subscriptions.fetch(subscription.id)).toMatchObject({ paid_count: 2 });
    await devEmulator.webhooksIdle();
    expect(delivered.map((delivery) => delivery.event)).toEqual(['payment.captured', 'subscription.charged']);
  });

  it('answers 404 for an unknown subscription and 409 for one that cannot be charged', async () => {
    const unknown = await devApp.inject({ method: 'POST', url: '/sandbox/subscriptions/sub_ZZZZZZZZZZZZZZ/charge' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/^No subscription with id/);

    const plan = await devClient.plans.create({
      period: 'monthly',
      interval: 1,
      item: { name: 'Monthly donation', amount: 50000, currency: 'INR' },
    });
    const unpaid = await devClient.subscriptions.create({ plan_id: plan.id, total_count: 12 });
    const never = await devApp.inject({ method: 'POST', url: `/sandbox/subscriptions/${unpaid.id}/charge` });
    expect(never.statusCode).toBe(409);

    const last = await paidSubscription(1);
    const completed = await devApp.inject({ method: 'POST', url: `/sandbox/subscriptions/${last.id}/charge` });
    expect(completed.statusCode).toBe(409);
    expect(completed.json().message).toContain('completed');
  });

  it('refunds a payment in full or in part', async () => {
    const order = await devClient.orders.create({ amount: 80000, currency: 'INR' });
    const { razorpay_payment_id: paymentId } = await devEmulator.completePayment({ orderId: order.id });
    await devEmulator.webhooksIdle();
    delivered.length = 0;

    const part = await devApp.inject({
      method: 'POST',
      url: `/sandbox/payments/${paymentId}/refund`,
      payload: { amount: 30000 },
    });
    expect(part.statusCode).toBe(200);
    expect(part.json()).toMatchObject({ entity: 'refund', amount: 30000, payment_id: paymentId, status: 'processed' });

    const rest = await devApp.inject({ method: 'POST', url: `/sandbox/payments/${paymentId}/refund` });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ amount: 50000 });
    const [refunded] = (await devClient.orders.fetchPayments(order.id)).items;
    expect(refunded).toMatchObject({ id: paymentId, status: 'refunded', amount_refunded: 80000 });

    const again = await devApp.inject({ method: 'POST', url: `/sandbox/payments/${paymentId}/refund` });
    expect(again.statusCode).toBe(409);
    await devEmulator.webhooksIdle();
    expect(delivered.map((delivery) => delivery.event)).toEqual([
      'refund.created',
      'refund.processed',
      'refund.created',
      'refund.processed',
    ]);
  });

  it('answers 404 for an unknown payment, 409 for a failed one and 400 for a bad amount', async () => {
    const unknown = await devApp.inject({ method: 'POST', url: '/sandbox/payments/pay_ZZZZZZZZZZZZZZ/refund' });
    expect(unknown.statusCode).toBe(404);

    const order = await devClient.orders.create({ amount: 10000, currency: 'INR' });
    const failure = await devEmulator.failPayment({ orderId: order.id });
    const failed = await devApp.inject({
      method: 'POST',
      url: `/sandbox/payments/${failure.error.metadata.payment_id}/refund`,
    });
    expect(failed.statusCode).toBe(409);

    const { razorpay_payment_id: paymentId } = await devEmulator.completePayment({ orderId: order.id });
    const tooMuch = await devApp.inject({
      method: 'POST',
      url: `/sandbox/payments/${paymentId}/refund`,
      payload: { amount: 10001 },
    });
    expect(tooMuch.statusCode).toBe(409);
    for (const payload of [{ amount: 0 }, { amount: 1.5 }, { amount: '100' }, { amount: 100, speed: 'optimum' }]) {
      const bad = await devApp.inject({ method: 'POST', url: `/sandbox/payments/${paymentId}/refund`, payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Invalid request');
    }
    const payments = (await devClient.orders.fetchPayments(order.id)).items;
    expect(payments.find((payment) => payment.id === paymentId)).toMatchObject({
      status: 'captured',
      amount_refunded: 0,
    });
  });

  it('are absent without devControls', async () => {
    for (const url of [
      '/sandbox/subscriptions/sub_ZZZZZZZZZZZZZZ/charge',
      '/sandbox/payments/pay_ZZZZZZZZZZZZZZ/refund',
    ]) {
      const response = await app.inject({ method: 'POST', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toMatch(/^Route POST/);
    }
  });
});
