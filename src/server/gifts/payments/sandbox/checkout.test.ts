// @vitest-environment jsdom
// Over 250 lines on purpose: the stand-in checkout.js's whole contract (open, handler, dismiss,
// payment.failed, focus and keyboard) in one jsdom page.
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type Razorpay from 'razorpay';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../../../test/test-emulator';

/**
 * checkout.js in a DOM, its fetch calls answered by the real sandbox routes and emulator
 * (through `app.inject`), so Pay and Fail go all the way to the emulated Razorpay.
 */

const scriptPath = join(dirname(fileURLToPath(import.meta.url)), 'checkout.js');
const keyId = 'rzp_test_checkout';
const keySecret = 'checkout-secret';

interface CheckoutOptions {
  key: string;
  amount?: number;
  currency?: string;
  order_id?: string;
  subscription_id?: string;
  name?: string;
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  theme?: { color?: string };
  handler?: (response: Record<string, string>) => void;
  modal?: { ondismiss?: () => void };
}
interface Checkout {
  open(): Checkout;
  close(): void;
  on(event: string, callback: (response: { error: Record<string, unknown> }) => void): Checkout;
}
type CheckoutConstructor = new (options: CheckoutOptions) => Checkout;

let sandbox: TestEmulator;
let client: Razorpay;
let app: FastifyInstance;
let RazorpayCheckout: CheckoutConstructor;
const requests: Array<{ method: string; url: string; body: unknown }> = [];

beforeAll(async () => {
  sandbox = await startTestEmulator({ keyId, keySecret });
  client = sandbox.client;
  app = Fastify();
  await app.register(sandbox.emulator.routes);
  await app.ready();

  vi.stubGlobal('fetch', async (url: string, init: { method?: string; body?: string } = {}) => {
    const method = (init.method ?? 'GET') as 'GET' | 'POST';
    requests.push({ method, url, body: init.body ? JSON.parse(init.body) : undefined });
    const response = await app.inject({
      method,
      url,
      ...(init.body ? { payload: init.body, headers: { 'content-type': 'application/json' } } : {}),
    });
    return {
      ok: response.statusCode < 400,
      status: response.statusCode,
      json: async () => JSON.parse(response.body),
    };
  });

  const script = await readFile(scriptPath, 'utf8');
  new Function(script)();
  RazorpayCheckout = (window as unknown as { Razorpay: CheckoutConstructor }).Razorpay;
});

afterEach(() => {
  for (const node of document.querySelectorAll('.rzp-sandbox-backdrop')) node.remove();
  requests.length = 0;
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await app.close();
  await sandbox.close();
});

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const button = (testId: string) => {
  const found = document.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`);
  if (!found) throw new Error(`no ${testId} button`);
  return found;
};
const pressKey = (key: string, shiftKey = false) =>
  document.activeElement?.dispatchEvent(
    new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true }),
  );

async function newOrder(amount = 500000) {
  return client.orders.create({ amount, currency: 'INR' });
}

describe('the sandbox checkout.js', () => {
  it('defines window.Razorpay with the checkout contract', () => {
    expect(typeof RazorpayCheckout).toBe('function');
    expect(() => new RazorpayCheckout({ key: '' })).toThrow(/key/);
  });

  it('opens an accessible modal naming the charity, the purpose and the amount in ₹', async () => {
    const order = await newOrder(500000);
    new RazorpayCheckout({
      key: keyId,
      amount: 500000,
      currency: 'INR',
      order_id: order.id,
      name: 'Chennai Animal Rescue',
      description: 'One-time donation for General Support',
      theme: { color: '#1b5e20' },
    }).open();

    const modal = dialog();
    expect(modal).not.toBeNull();
    expect(modal?.getAttribute('aria-modal')).toBe('true');
    const heading = document.getElementById(modal?.getAttribute('aria-labelledby') ?? '');
    expect(heading?.tagName).toBe('H2');
    expect(heading?.textContent).toBe('Chennai Animal Rescue');
    expect(modal?.textContent).toContain('One-time donation for General Support');
    expect(modal?.textContent).toContain('Test mode: no money moves');
    expect(button('sandbox-amount').textContent).toBe('₹5,000');
    expect(document.activeElement).toBe(button('sandbox-pay'));
    expect(button('sandbox-pay').style.backgroundColor).toBe('rgb(27, 94, 32)');
    expect(button('sandbox-pay').style.color).toBe('rgb(255, 255, 255)');
    expect(document.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe('/sandbox/checkout.css');
    expect(requests).toEqual([]);
  });

  it('Pay: closes the modal and hands Razorpay signed response to the handler', async () => {
    const order = await newOrder(250000);
    const handler = vi.fn();
    const ondismiss = vi.fn();
    new RazorpayCheckout({
      key: keyId,
      amount: 250000,
      order_id: order.id,
      name: 'Trust',
      prefill: { email: 'donor@example.org', contact: '+919876543210' },
      handler,
      modal: { ondismiss },
    }).open();

    button('sandbox-pay').click();
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
    const response = handler.mock.calls[0]?.[0] as Record<string, string>;
    expect(response.razorpay_order_id).toBe(order.id);
    expect(response.razorpay_signature).toBe(
      createHmac('sha256', keySecret).update(`${order.id}|${response.razorpay_payment_id}`).digest('hex'),
    );
    expect(dialog()).toBeNull();
    expect(ondismiss).not.toHaveBeenCalled();
    expect(requests).toEqual([
      {
        method: 'POST',
        url: '/sandbox/checkout/pay',
        body: { order_id: order.id, email: 'donor@example.org', contact: '+919876543210' },
      },
    ]);
    expect(await client.orders.fetchPayments(order.id)).toMatchObject({ items: [{ status: 'captured' }] });
  });

  it('Fail: keeps the modal open with a message, calls payment.failed, and lets the donor retry', async () => {
    const order = await newOrder();
    const handler = vi.fn();
    const failed = vi.fn();
    new RazorpayCheckout({ key: keyId, amount: 500000, order_id: order.id, name: 'Trust', handler })
      .on('payment.failed', failed)
      .open();

    button('sandbox-fail').click();
    await vi.waitFor(() => expect(failed).toHaveBeenCalledTimes(1));
    const failure = failed.mock.calls[0]?.[0] as { error: { description: string; metadata: { order_id: string } } };
    expect(failure.error.description).toBe('Payment failed');
    expect(failure.error.metadata.order_id).toBe(order.id);
    expect(dialog()).not.toBeNull();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Payment failed. You can try again.');
    expect(handler).not.toHaveBeenCalled();

    button('sandbox-pay').click();
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
    expect(dialog()).toBeNull();
    expect((await client.orders.fetchPayments(order.id)).items.map((payment) => payment.status)).toEqual([
      'failed',
      'captured',
    ]);
  });

  it('Close and Escape: remove the modal and call ondismiss', async () => {
    const order = await newOrder();
    const ondismiss = vi.fn();
    const opener = document.createElement('button');
    document.body.appendChild(opener);
    opener.focus();
    const checkout = new RazorpayCheckout({ key: keyId, amount: 500000, order_id: order.id, modal: { ondismiss } });

    checkout.open();
    button('sandbox-close').click();
    expect(dialog()).toBeNull();
    expect(ondismiss).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(opener);

    checkout.open();
    pressKey('Escape');
    expect(dialog()).toBeNull();
    expect(ondismiss).toHaveBeenCalledTimes(2);
    expect(requests).toEqual([]);
    opener.remove();
  });

  it('keeps Tab inside the modal', async () => {
    const order = await newOrder();
    new RazorpayCheckout({ key: keyId, amount: 500000, order_id: order.id }).open();
    button('sandbox-close').focus();
    pressKey('Tab');
    expect(document.activeElement).toBe(button('sandbox-pay'));
    pressKey('Tab', true);
    expect(document.activeElement).toBe(button('sandbox-close'));
  });

  it('shows a subscription amount fetched from the sandbox, and pays it with the subscription signature', async () => {
    const plan = await client.plans.create({
      period: 'monthly',
      interval: 1,
      item: { name: 'Monthly donation', amount: 10000000, currency: 'INR' },
    });
    const subscription = await client.subscriptions.create({ plan_id: plan.id, total_count: 120 });
    const handler = vi.fn();
    new RazorpayCheckout({ key: keyId, subscription_id: subscription.id, name: 'Trust', handler }).open();

    await vi.waitFor(() => expect(button('sandbox-amount').textContent).toBe('₹1,00,000'));
    expect(requests[0]).toMatchObject({
      method: 'GET',
      url: `/sandbox/checkout/details?subscription_id=${subscription.id}`,
    });

    button('sandbox-pay').click();
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
    const response = handler.mock.calls[0]?.[0] as Record<string, string>;
    expect(response.razorpay_subscription_id).toBe(subscription.id);
    expect(response.razorpay_signature).toBe(
      createHmac('sha256', keySecret).update(`${response.razorpay_payment_id}|${subscription.id}`).digest('hex'),
    );
  });

  it('tells the donor when the sandbox refuses, keeping the modal open', async () => {
    const handler = vi.fn();
    new RazorpayCheckout({ key: keyId, amount: 500000, order_id: 'order_ZZZZZZZZZZZZZZ', handler }).open();
    button('sandbox-pay').click();
    await vi.waitFor(() => expect(document.querySelector('[role="alert"]')?.textContent).toMatch(/could not be made/));
    expect(dialog()).not.toBeNull();
    expect(handler).not.toHaveBeenCalled();
  });

  it('uses nothing a strict CSP blocks: no inline styles set as attributes, no injected markup', async () => {
    const script = await readFile(scriptPath, 'utf8');
    expect(script).not.toMatch(/setAttribute\(\s*['"]style/);
    expect(script).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|cssText|eval\(/);
    expect(script).not.toMatch(/import\s|require\(/);
  });
});
