import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import chromium from '@sparticuz/chromium';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Browser, type Page, chromium as playwright } from 'playwright-core';
import type Razorpay from 'razorpay';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../../../test/test-emulator';

/**
 * checkout.js in a real Chromium, on a page with the strict Content-Security-Policy the site uses
 * (script-src 'self'; style-src 'self'), paying through the real sandbox routes and emulator.
 */

const PUBLIC_FONTS = fileURLToPath(new URL('../../../../../public/fonts', import.meta.url));
const keyId = 'rzp_test_browser';
const keySecret = 'browser-secret';
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'";

/** Records CSP violations where the page's own (allowed) script can see them. */
const PAGE_SCRIPT = `
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI);
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Donate</title><script src="/page.js"></script></head>
<body><main><h1>Donate</h1><button id="donate" type="button">Donate</button></main>
<script src="/sandbox/checkout.js"></script></body>
</html>`;

let sandbox: TestEmulator | undefined;
let client: Razorpay;
let site: FastifyInstance;
let siteUrl: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  sandbox = await startTestEmulator({ keyId, keySecret });
  client = sandbox.client;

  const axe = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  site = Fastify();
  site.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', CSP);
  });
  await site.register(sandbox.emulator.routes);
  site.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  site.get('/page.js', async (_request, reply) => reply.type('application/javascript').send(PAGE_SCRIPT));
  site.get('/axe.js', async (_request, reply) => reply.type('application/javascript').send(axe));
  // The site's fonts, as the site serves them (public/fonts).
  site.get<{ Params: { file: string } }>('/fonts/:file', async (request, reply) =>
    /^[a-z-]+-\d{3}\.woff2$/.test(request.params.file)
      ? reply.type('font/woff2').send(await readFile(join(PUBLIC_FONTS, request.params.file)))
      : reply.code(404).send(),
  );
  siteUrl = await site.listen({ host: '127.0.0.1', port: 0 });

  const executablePath = process.env.CHROMIUM_PATH || (await chromium.executablePath());
  browser = await playwright.launch({ executablePath, args: chromium.args, headless: true });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await sandbox?.close();
});

const consoleErrors: string[] = [];

beforeEach(async () => {
  page = await browser.newPage();
  consoleErrors.length = 0;
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(siteUrl);
});

/** Opens the checkout the way the donation page does, recording what its callbacks receive. */
async function openCheckout(options: Record<string, unknown>) {
  await page.evaluate((opts) => {
    const w = window as unknown as Record<string, unknown> & {
      Razorpay: new (o: object) => { open(): void; on(e: string, cb: (r: unknown) => void): unknown };
    };
    w.paid = null;
    w.failures = [];
    w.dismissed = 0;
    const rzp = new w.Razorpay({
      ...opts,
      handler: (response: unknown) => {
        w.paid = response;
      },
      modal: {
        ondismiss: () => {
          w.dismissed = (w.dismissed as number) + 1;
        },
      },
    });
    rzp.on('payment.failed', (response) => (w.failures as unknown[]).push(response));
    document.getElementById('donate')?.focus();
    rzp.open();
  }, options);
}

describe('checkout.js in Chromium under a strict CSP', () => {
  it('shows a styled, accessible modal, and Pay hands the signed response to the handler', async () => {
    const order = await client.orders.create({ amount: 150000, currency: 'INR' });
    await openCheckout({
      key: keyId,
      amount: 150000,
      currency: 'INR',
      order_id: order.id,
      name: 'Chennai Animal Rescue',
      description: 'One-time donation for Medical Treatment',
      prefill: { name: 'Asha', email: 'asha@example.org', contact: '+919876543210' },
      theme: { color: '#1b5e20' },
    });

    const dialog = page.getByRole('dialog', { name: 'Chennai Animal Rescue' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('₹1,500');
    expect(await dialog.textContent()).toContain('Test mode: no money moves');
    // The stylesheet loaded under the CSP, and the theme colour set through CSSOM took effect.
    expect(await page.locator('.rzp-sandbox-backdrop').evaluate((node) => getComputedStyle(node).position)).toBe(
      'fixed',
    );
    expect(await page.getByTestId('sandbox-pay').evaluate((node) => getComputedStyle(node).backgroundColor)).toBe(
      'rgb(27, 94, 32)',
    );
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('sandbox-pay');

    // Accessibility, contrast included, checked by axe-core on the open modal.
    await page.addScriptTag({ url: '/axe.js' });
    const audit = await page.evaluate(async () => {
      type Results = Record<'violations' | 'passes', Array<{ id: string; nodes: Array<{ target: string[] }> }>>;
      const axe = (window as unknown as { axe: { run(context: string): Promise<Results> } }).axe;
      const result = await axe.run('.rzp-sandbox-backdrop');
      return {
        violations: result.violations.map((rule) => `${rule.id}: ${rule.nodes.map((node) => node.target).join(' ')}`),
        passes: result.passes.map((rule) => rule.id),
      };
    });
    expect(audit.violations).toEqual([]);
    // Guard against a vacuous audit: contrast and the dialog's name were really checked.
    expect(audit.passes).toEqual(expect.arrayContaining(['color-contrast', 'aria-dialog-name', 'button-name']));

    await page.getByTestId('sandbox-pay').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { paid: unknown }).paid)).not.toBeNull();
    const paid = (await page.evaluate(() => (window as unknown as { paid: unknown }).paid)) as Record<string, string>;
    expect(paid.razorpay_order_id).toBe(order.id);
    expect(paid.razorpay_signature).toBe(
      createHmac('sha256', keySecret).update(`${order.id}|${paid.razorpay_payment_id}`).digest('hex'),
    );
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('donate');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(await client.orders.fetchPayments(order.id)).toMatchObject({ items: [{ status: 'captured' }] });
  });

  it('Fail keeps the modal open for a retry; Tab stays inside; Escape dismisses', async () => {
    const order = await client.orders.create({ amount: 50000, currency: 'INR' });
    await openCheckout({ key: keyId, amount: 50000, order_id: order.id, name: 'Trust', description: 'Test' });

    await page.getByTestId('sandbox-fail').click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Payment failed. You can try again.');
    const failures = (await page.evaluate(() => (window as unknown as { failures: unknown[] }).failures)) as Array<{
      error: { reason: string; metadata: { order_id: string } };
    }>;
    expect(failures).toHaveLength(1);
    expect(failures[0]?.error).toMatchObject({ reason: 'payment_failed', metadata: { order_id: order.id } });
    expect(await page.getByRole('dialog').isVisible()).toBe(true);

    await page.getByTestId('sandbox-close').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('sandbox-pay');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('sandbox-close');

    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { dismissed: number }).dismissed)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(await client.orders.fetchPayments(order.id)).toMatchObject({ count: 1, items: [{ status: 'failed' }] });
  });

  it('draws Tamil and Devanagari with the site’s Noto faces (this machine may have neither)', async () => {
    const order = await client.orders.create({ amount: 100000, currency: 'INR' });
    await openCheckout({
      key: keyId,
      amount: 100000,
      currency: 'INR',
      order_id: order.id,
      name: 'விலங்கு மீட்பு அறக்கட்டளை',
      description: 'एक बार का दान · ஒருமுறை நன்கொடை',
    });
    await page.getByRole('dialog').waitFor();
    const loaded = () =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts]
          .filter((face) => face.status === 'loaded')
          .map((face) => `${face.family} ${face.weight}`);
      });
    // The title is bold, the description regular: each script's face in the weight it is drawn in.
    await expect
      .poll(loaded)
      .toEqual(expect.arrayContaining(['Noto Sans Tamil 700', 'Noto Sans Tamil 400', 'Noto Sans Devanagari 400']));
    if (process.env.CHECKOUT_SCREENSHOT) await page.screenshot({ path: process.env.CHECKOUT_SCREENSHOT });
  });
});
