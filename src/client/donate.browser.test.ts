// Over 250 lines on purpose: the donor's whole flow at two screen sizes shares one built site, one
// server and one Chromium; split, each file would start all three again.
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { siteContent } from '../shared/site-content';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors, layoutShift, waitForHydration } from './test/page-helpers';
import { query } from './test/staff-setup';

const suite = startBrowserSuite();

const rows = <T>(sql: string, params: unknown[] = []) => query<T>(suite.db.url, sql, params);

/** Records the options the page hands the checkout (functions named by type), and still opens it. */
const RECORD_CHECKOUT_OPTIONS = `
(() => {
  let Real;
  function Recorder(options) {
    window.__checkoutOptions = JSON.parse(JSON.stringify(options));
    window.__checkoutCallbacks = { handler: typeof options.handler, ondismiss: typeof options.modal?.ondismiss };
    return new Real(options);
  }
  Object.defineProperty(window, 'Razorpay', { configurable: true, get: () => (Real ? Recorder : undefined), set: (value) => { Real = value; } });
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI + ' ' + event.sourceFile);
  });
})();`;

const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

describe.each(Object.entries(VIEWPORTS))('the donate page at %s size', (size, viewport) => {
  const phone = size === 'phone';
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let calls: string[];

  beforeAll(async () => {
    context = await suite.browser.newContext({ viewport, isMobile: phone, hasTouch: phone });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await context.addInitScript(RECORD_CHECKOUT_OPTIONS);
  });
  afterAll(async () => context?.close());
  beforeEach(async () => {
    page = await context.newPage();
    errors = collectErrors(page);
    calls = [];
    page.on('request', (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/trpc/')) calls.push(...path.slice('/trpc/'.length).split(','));
    });
    await page.goto(`${suite.server.url}/donate`);
    await waitForHydration(page);
  });

  const form = () => page.locator('form');
  const donateButton = () => form().getByRole('button', { name: /Donate Now|Processing/ });
  const toast = () => page.locator('.mantine-Notifications-root').getByRole('alert');

  async function fillDonor(email = 'asha@example.org') {
    await form().getByLabel('Full Name').fill('Asha Raman');
    await form().getByLabel('Email Address').fill(email);
    await form().getByLabel('Phone Number').fill('+91 98765 43210');
  }

  async function checkoutModal() {
    const modal = page.getByRole('dialog', { name: siteContent.trust.name });
    await modal.waitFor();
    return modal;
  }

  it('shows the heading, the intro, the form, the Impact card, the rescue story and the test-mode notice', async () => {
    await expect(page.locator('h1').allTextContents()).resolves.toEqual(['Help Us Save More Lives']);
    await page.getByText(siteContent.donate.intro).waitFor();
    await page.getByRole('heading', { name: 'Make a Donation' }).waitFor();
    const impact = page.locator('section', { has: page.getByRole('heading', { name: 'Impact', exact: true }) }).last();
    for (const item of siteContent.donate.impactItems) {
      await expect(impact.textContent()).resolves.toContain(`${item.amount} ${item.text}`);
    }
    await page.getByRole('heading', { name: siteContent.donate.rescueTitle }).waitFor();
    await page.getByText(siteContent.donate.rescueStory[0] as string).waitFor();
    // Set once React has mounted the page (components/deferred-video.ts), with its controls.
    const video = page.locator('video[poster]');
    expect(await video.getAttribute('poster')).toBe('/attached-assets/donate-video-poster.webp');
    await expect(video.evaluate((v: HTMLVideoElement) => v.controls)).resolves.toBe(true);
    await page
      .getByText(/test mode/i)
      .first()
      .waitFor();
    await expect(page.getByText('no money moves').first().isVisible()).resolves.toBe(true);
    expect(await layoutShift(page)).toBeLessThan(0.01);
    expect(errors).toEqual([]);
  });

  it('keeps the prerendered ids of the form’s fields through hydration: no second render of every input', async () => {
    const html = await (await fetch(`${suite.server.url}/donate`)).text();
    const servedForm = html.slice(html.indexOf('<form'), html.indexOf('</form>'));
    const servedIds = [...servedForm.matchAll(/<input[^>]*?\sid="([^"]+)"/g)].map((match) => match[1]);
    // Set by an effect, so hydration's commit, and Mantine's layout effects with it, are over.
    await page.locator('video[poster]').waitFor({ state: 'attached' });
    const ids = await form()
      .locator('input[id]')
      .evaluateAll((inputs) => inputs.map((input) => input.id));
    expect(servedIds.length).toBeGreaterThan(3);
    expect(ids).toEqual(servedIds);
  });

  it('has the amount, type, purpose and contact controls; the custom amount appears only with Other', async () => {
    await expect(form().getByRole('radio', { name: 'One-time' }).isChecked()).resolves.toBe(true);
    await expect(form().getByRole('radio', { name: 'Monthly' }).isChecked()).resolves.toBe(false);
    const amounts = form().getByRole('group', { name: 'Amount' }).getByRole('button');
    expect(await amounts.allTextContents()).toEqual(['₹500', '₹1,000', '₹2,000', '₹5,000', '₹10,000', 'Other']);
    expect(await form().getByLabel('Custom Amount (₹)').count()).toBe(0);
    await amounts.filter({ hasText: 'Other' }).click();
    await expect(amounts.filter({ hasText: 'Other' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await form().getByLabel('Custom Amount (₹)').waitFor();
    await amounts.filter({ hasText: '₹1,000' }).click();
    expect(await form().getByLabel('Custom Amount (₹)').count()).toBe(0);
    const purpose = form().getByLabel('Purpose (Optional)');
    expect(
      await purpose
        .locator('option')
        .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent])),
    ).toEqual([
      ['general', 'General Support'],
      ['medical', 'Medical Treatment'],
      ['rescue', 'Emergency Rescue'],
      ['food', 'Food & Shelter'],
      ['vaccination', 'Vaccination Programs'],
    ]);
    const methods = form().getByRole('list').filter({ hasText: 'UPI' });
    expect(await methods.getByRole('listitem').allTextContents()).toEqual([
      'UPI',
      'Credit Card',
      'Debit Card',
      'Net Banking',
      'Wallets',
    ]);
  });

  it('opens from a failed payment’s link with its amount, type and purpose; values it cannot use keep the defaults', async () => {
    await page.goto(`${suite.server.url}/donate?amount=750&type=monthly&purpose=food`);
    await waitForHydration(page);
    await expect.poll(() => form().getByLabel('Custom Amount (₹)').inputValue()).toBe('750');
    await expect(form().getByRole('radio', { name: 'Monthly' }).isChecked()).resolves.toBe(true);
    await expect(form().getByRole('button', { name: 'Other' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(form().getByLabel('Purpose (Optional)').inputValue()).resolves.toBe('food');

    await page.goto(`${suite.server.url}/donate?amount=abc`);
    await waitForHydration(page);
    await expect(form().getByRole('radio', { name: 'One-time' }).isChecked()).resolves.toBe(true);
    await expect(form().getByLabel('Purpose (Optional)').inputValue()).resolves.toBe('general');
    expect(await form().getByRole('button', { pressed: true }).count()).toBe(0);
    expect(await form().getByLabel('Custom Amount (₹)').count()).toBe(0);
    // Applied after hydration: React reports no mismatch with the prerendered page.
    expect(errors).toEqual([]);
  });

  it('shares the donate link: read-only, copied with a toast, and sent to WhatsApp with the share text', async () => {
    const link = form().getByLabel('Share this page');
    await expect(link.inputValue()).resolves.toBe(`${suite.server.url}/donate`);
    await expect(link.getAttribute('readonly')).resolves.not.toBeNull();
    await form().getByRole('button', { name: 'Copy link' }).click();
    await expect(toast().textContent()).resolves.toContain('Copied!');
    await expect(toast().textContent()).resolves.toContain('Donation link copied to clipboard.');
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(`${suite.server.url}/donate`);
    const whatsapp = form().getByRole('link', { name: 'Share on WhatsApp' });
    const href = new URL((await whatsapp.getAttribute('href')) as string);
    expect(href.origin).toBe('https://wa.me');
    expect(href.searchParams.get('text')).toBe(`${siteContent.donate.shareText} ${suite.server.url}/donate`);
  });

  it('validates with the shared schema: messages under the fields, nothing sent', async () => {
    await donateButton().click();
    await form().getByText('Required').waitFor();
    await form().getByText('Invalid email').waitFor();
    await form().getByText('Must be at least 10 characters').waitFor();
    await form().getByText('Must be at least ₹1 (100 paise)').waitFor();
    await expect(form().getByLabel('Email Address').getAttribute('aria-invalid')).resolves.toBe('true');
    expect(calls.filter((call) => call !== 'payment.config')).toEqual([]);
  });

  it('refuses a custom amount under ₹1 with the Invalid Amount toast and sends nothing', async () => {
    await fillDonor();
    await form().getByRole('button', { name: 'Other' }).click();
    await form().getByLabel('Custom Amount (₹)').fill('0.5');
    await donateButton().click();
    await expect(toast().textContent()).resolves.toContain('Invalid Amount');
    await expect(toast().textContent()).resolves.toContain('Please enter a valid donation amount.');
    expect(calls.filter((call) => call !== 'payment.config')).toEqual([]);
  });

  it('one-time: pays in the sandbox, verifies, thanks, resets the form; the donation is stored as paid', async () => {
    const email = `one-time-${size}@example.org`;
    await fillDonor(email);
    await form().getByRole('button', { name: '₹500' }).click();
    await form().getByLabel('Purpose (Optional)').selectOption('medical');
    await donateButton().click();
    const modal = await checkoutModal();
    await expect(donateButton().textContent()).resolves.toBe('Processing...');
    await expect(donateButton().isDisabled()).resolves.toBe(true);
    const options = await page.evaluate(
      () => (window as unknown as { __checkoutOptions: Record<string, unknown> }).__checkoutOptions,
    );
    const [donation] = await rows<{ id: number; razorpay_order_id: string }>(
      'select id, razorpay_order_id from donations where email = $1',
      [email],
    );
    expect(options).toEqual({
      key: expect.stringMatching(/^rzp_test_/),
      amount: 50000,
      currency: 'INR',
      order_id: donation?.razorpay_order_id,
      name: siteContent.trust.name,
      description: 'One-time donation for Medical Treatment',
      prefill: { name: 'Asha Raman', email, contact: '+91 98765 43210' },
      theme: { color: '#1b5e20' },
      modal: {},
    });
    await expect(
      page.evaluate(() => (window as unknown as { __checkoutCallbacks: unknown }).__checkoutCallbacks),
    ).resolves.toEqual({
      handler: 'function',
      ondismiss: 'function',
    });
    await modal.getByTestId('sandbox-pay').click();
    await expect(toast().textContent()).resolves.toContain('Thank you!');
    await expect(toast().textContent()).resolves.toContain('Your donation has been processed successfully.');
    // Beside the toast, a thank-you panel stays, the donor having skipped the 80G details.
    await page.getByRole('region', { name: 'Thank you for your donation!' }).waitFor();
    // The whole flow runs under the site's Content-Security-Policy without a single violation.
    await expect(cspViolations(page)).resolves.toEqual([]);
    await expect(donateButton().textContent()).resolves.toBe('Donate Now');
    await expect(form().getByLabel('Full Name').inputValue()).resolves.toBe('');
    await expect(form().getByRole('button', { name: '₹500' }).getAttribute('aria-pressed')).resolves.toBe('false');
    expect(calls).toEqual(expect.arrayContaining(['donation.create', 'payment.verify']));
    const [stored] = await rows<Record<string, unknown>>('select * from donations where email = $1', [email]);
    expect(stored).toMatchObject({
      amount: 50000,
      donation_type: 'one-time',
      purpose: 'medical',
      status: 'paid',
      razorpay_payment_id: expect.stringMatching(/^pay_/),
    });
    expect(errors).toEqual([]);
  });

  it('monthly with a custom amount: rupees × 100 as paise, a subscription, verified and stored', async () => {
    const email = `monthly-${size}@example.org`;
    await form().getByRole('radio', { name: 'Monthly' }).check();
    await form().getByRole('button', { name: 'Other' }).click();
    await form().getByLabel('Custom Amount (₹)').fill('750');
    await fillDonor(email);
    await donateButton().click();
    const modal = await checkoutModal();
    const options = await page.evaluate(
      () => (window as unknown as { __checkoutOptions: Record<string, unknown> }).__checkoutOptions,
    );
    expect(options).toMatchObject({
      subscription_id: expect.stringMatching(/^sub_/),
      description: 'Monthly donation for General Support',
      theme: { color: '#1b5e20' },
    });
    expect(options).not.toHaveProperty('order_id');
    await modal.getByTestId('sandbox-pay').click();
    await expect(toast().textContent()).resolves.toContain('Thank you!');
    expect(calls).toEqual(expect.arrayContaining(['subscription.create', 'payment.verify']));
    const [stored] = await rows<Record<string, unknown>>(
      'select d.amount, d.donation_type, d.status, s.razorpay_subscription_id from donations d join subscriptions s on s.donation_id = d.id where d.email = $1',
      [email],
    );
    expect(stored).toMatchObject({
      amount: 75000,
      donation_type: 'monthly',
      status: 'paid',
      razorpay_subscription_id: options.subscription_id,
    });
  });

  it('a failed payment keeps the checkout open; closing it ends processing and verifies nothing', async () => {
    const email = `failed-${size}@example.org`;
    await fillDonor(email);
    await form().getByRole('button', { name: '₹2,000' }).click();
    await donateButton().click();
    const modal = await checkoutModal();
    await modal.getByTestId('sandbox-fail').click();
    await modal.getByText('Payment failed').waitFor();
    await expect(donateButton().textContent()).resolves.toBe('Processing...');
    await modal.getByTestId('sandbox-close').click();
    await modal.waitFor({ state: 'detached' });
    await expect(donateButton().textContent()).resolves.toBe('Donate Now');
    await expect(donateButton().isEnabled()).resolves.toBe(true);
    expect(calls).not.toContain('payment.verify');
    const [stored] = await rows<{ status: string }>('select status from donations where email = $1', [email]);
    expect(stored?.status).not.toBe('paid');
    // The donor's entries stay for another try.
    await expect(form().getByLabel('Full Name').inputValue()).resolves.toBe('Asha Raman');
  });

  it('a dismissed checkout ends processing and sends nothing more', async () => {
    const email = `dismissed-${size}@example.org`;
    await fillDonor(email);
    await form().getByRole('button', { name: '₹1,000' }).click();
    await donateButton().click();
    const modal = await checkoutModal();
    await modal.getByTestId('sandbox-close').click();
    await expect(donateButton().textContent()).resolves.toBe('Donate Now');
    expect(calls.filter((call) => call !== 'payment.config')).toEqual(['donation.create']);
    const [stored] = await rows<{ status: string }>('select status from donations where email = $1', [email]);
    expect(stored?.status).toBe('pending');
  });

  it('without the checkout script: the Payment Error toast, and processing ends', async () => {
    const blocked = await context.newPage();
    await blocked.route('**/sandbox/checkout.js', (route) => route.abort());
    await blocked.goto(`${suite.server.url}/donate`);
    await waitForHydration(blocked);
    page = blocked;
    await fillDonor('no-script@example.org');
    await form().getByRole('button', { name: '₹500' }).click();
    await donateButton().click();
    await expect(toast().textContent()).resolves.toContain('Payment Error');
    await expect(toast().textContent()).resolves.toContain('Unable to load payment gateway. Please try again.');
    await expect(donateButton().textContent()).resolves.toBe('Donate Now');
    // Nothing was created that the donor could not pay.
    await expect(rows('select id from donations where email = $1', ['no-script@example.org'])).resolves.toEqual([]);
  });

  it('after a failed load of the checkout, pressing Donate Now again works once the network is back', async () => {
    const flaky = await context.newPage();
    await flaky.route('**/trpc/payment.config**', (route) => route.abort());
    await flaky.route('**/sandbox/checkout.js', (route) => route.abort());
    await flaky.goto(`${suite.server.url}/donate`);
    await waitForHydration(flaky);
    page = flaky;
    const email = `flaky-${size}@example.org`;
    await fillDonor(email);
    await form().getByRole('button', { name: '₹500' }).click();
    await donateButton().click();
    await expect(toast().textContent()).resolves.toContain('Payment Error');
    await expect(donateButton().textContent()).resolves.toBe('Donate Now');

    await flaky.unrouteAll();
    await donateButton().click();
    const modal = await checkoutModal();
    await modal.getByTestId('sandbox-pay').click();
    // The earlier Payment Error toast may still be fading out: wait for the thank-you itself.
    await toast().filter({ hasText: 'Thank you!' }).waitFor();
    const stored = await rows<{ status: string }>('select status from donations where email = $1', [email]);
    expect(stored).toEqual([{ status: 'paid' }]);
  });
});

describe('the donate page rendered by the browser itself', () => {
  it('has the WhatsApp link the server sent: hydration finds the same href (production React would not say)', async () => {
    const page = await suite.browser.newPage({ viewport: VIEWPORTS.desktop });
    const errors = collectErrors(page);
    const served = await (await fetch(`${suite.server.url}/donate`)).text();
    const servedHref = /href="(https:\/\/wa\.me\/[^"]+)"/
      .exec(served)?.[1]
      ?.replaceAll('&#x27;', "'")
      .replaceAll('&amp;', '&');
    expect(servedHref).toBeDefined();
    // Hydration keeps the server's attributes without a word in a production build: the browser's own
    // render is the router's app, opened at /donate from another React page's link.
    await page.goto(`${suite.server.url}/my-giving`);
    await waitForHydration(page);
    await page.locator('header a.nav-donate:visible').first().click();
    const whatsapp = page.getByRole('link', { name: 'Share on WhatsApp' });
    await whatsapp.waitFor();
    expect(new URL(page.url()).pathname).toBe('/donate');
    expect(await whatsapp.getAttribute('href')).toBe(servedHref);
    expect(errors).toEqual([]);
    await page.close();
  });
});
