import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfTextAsCopied } from '../server/test/pdf-text';
import { siteContent } from '../shared/site-content';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors, layoutShift, waitForHydration } from './test/page-helpers';
import { query } from './test/staff-setup';

/**
 * A Tamil-speaking donor on a phone who follows a shared link to /ta/: the page is in Tamil, in
 * Noto Sans Tamil, and the menu's language switch goes to the same page in Hindi and in English.
 * Then the gift itself on /ta/donate, a Hindi receipt, and the offer of their language to a visitor
 * whose phone asks for it. One server and one Chromium for all.
 */

const suite = startBrowserSuite();

const rows = <T>(sql: string, params: unknown[] = []) => query<T>(suite.db.url, sql, params);

/** Records the checkout's description (the donor reads it in Razorpay's window). */
const RECORD_CHECKOUT_DESCRIPTION = `
(() => {
  let Real;
  function Recorder(options) {
    window.__checkoutDescription = options.description;
    return new Real(options);
  }
  Object.defineProperty(window, 'Razorpay', { configurable: true, get: () => (Real ? Recorder : undefined), set: (value) => { Real = value; } });
})();`;

describe('the site in Tamil and Hindi, on a phone', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await suite.browser.newContext({
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
      // Whatever the phone's language, the address decides: no redirect by Accept-Language.
      locale: 'en-IN',
    });
  });
  afterAll(async () => context?.close());

  async function switchTo(name: string) {
    await page
      .getByRole('button', { name: /மெனு|मेन्यू|menu/i })
      .first()
      .click();
    const menu = page.getByRole('dialog');
    await menu.waitFor();
    await Promise.all([page.waitForURL(/./, { waitUntil: 'load' }), menu.getByRole('link', { name }).click()]);
    await waitForHydration(page);
  }

  it('/ta/ shows Tamil; the switch goes to /hi/ and to /, keeping the page', async () => {
    page = await context.newPage();
    const errors = collectErrors(page);
    const response = await page.goto(`${suite.server.url}/ta/`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('ta-IN');
    await page.getByRole('link', { name: 'இப்போதே நன்கொடை அளியுங்கள்' }).waitFor();
    await page.getByRole('heading', { name: 'எங்களைத் தொடர்பு கொள்ளுங்கள்' }).waitFor();
    // The page's Tamil is set in Noto Sans Tamil (the phone's own or the site's subset), both weights,
    // the files requested only after the page had painted (nothing on its first paint waits for them).
    await page.waitForFunction(
      () =>
        [...document.fonts].filter((face) => face.family.includes('Noto Sans Tamil') && face.status === 'loaded')
          .length === 2,
    );
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      fonts: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/fonts/noto-sans-tamil-'))
        .map((entry) => entry.startTime),
    }));
    expect(timing.fonts).toHaveLength(2);
    for (const start of timing.fonts) expect(start).toBeGreaterThan(timing.firstPaint);
    expect(await layoutShift(page)).toBeLessThan(0.1);

    await switchTo('हिन्दी');
    expect(new URL(page.url()).pathname).toBe('/hi/');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('hi-IN');
    await page.getByRole('link', { name: 'अभी दान करें' }).waitFor();

    await switchTo('English');
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en-IN');
    await page.getByRole('link', { name: 'Donate Now' }).waitFor();

    await switchTo('தமிழ்');
    expect(new URL(page.url()).pathname).toBe('/ta/');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a Tamil address that is no page is the Tamil 404 page, whose switch goes home', async () => {
    page = await context.newPage();
    const response = await page.goto(`${suite.server.url}/ta/no-such-page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'பக்கம் கிடைக்கவில்லை' }).waitFor();
    await switchTo('English');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it('/ta/donate on a phone: Tamil messages, the switch keeps what was typed, the gift is paid and kept in Tamil', async () => {
    await context.addInitScript(RECORD_CHECKOUT_DESCRIPTION);
    page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${suite.server.url}/ta/donate`);
    await waitForHydration(page);
    const form = page.locator('form');
    await page.getByRole('heading', { name: 'நன்கொடை அளியுங்கள்', level: 2 }).waitFor();

    // Nothing filled in: each field says what it wants, in Tamil.
    await form.getByRole('button', { name: '₹500' }).click();
    await form.getByRole('button', { name: 'இப்போதே நன்கொடை அளியுங்கள்' }).click();
    await form.getByText('உங்கள் பெயரை உள்ளிடுங்கள்.').waitFor();
    await form.getByText('சரியான மின்னஞ்சல் முகவரியை உள்ளிடுங்கள் (எ.கா. name@example.com).').waitFor();
    await form.getByText(/10 முதல் 15 இலக்கங்கள்/).waitFor();
    await expect(form.textContent()).resolves.not.toMatch(/Required|Invalid email/);

    const email = 'anitha.tamil@example.org';
    await form.getByLabel('முழுப் பெயர்').fill('அனிதா ராமன்');
    await form.getByLabel('மின்னஞ்சல் முகவரி').fill(email);
    await form.getByLabel('தொலைபேசி எண்').fill('+91 98400 12345');
    await form.getByLabel('நோக்கம் (விருப்பத்துக்கு)').selectOption('medical');

    // The switch to Hindi and back keeps every value, the amount chosen too.
    await switchTo('हिन्दी');
    expect(new URL(page.url()).pathname).toBe('/hi/donate');
    const hindiForm = page.locator('form');
    await expect(hindiForm.getByLabel('पूरा नाम').inputValue()).resolves.toBe('அனிதா ராமன்');
    await expect(hindiForm.getByLabel('ईमेल पता').inputValue()).resolves.toBe(email);
    await expect(hindiForm.getByLabel('फ़ोन नंबर').inputValue()).resolves.toBe('+91 98400 12345');
    await expect(hindiForm.getByRole('button', { name: '₹500' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(hindiForm.getByLabel('उद्देश्य (वैकल्पिक)').inputValue()).resolves.toBe('medical');
    await switchTo('தமிழ்');
    expect(new URL(page.url()).pathname).toBe('/ta/donate');
    await expect(form.getByLabel('முழுப் பெயர்').inputValue()).resolves.toBe('அனிதா ராமன்');
    // Carried once, then forgotten: nothing of it stays in the tab's storage.
    await expect(page.evaluate(() => sessionStorage.length)).resolves.toBe(0);

    await form.getByRole('button', { name: 'இப்போதே நன்கொடை அளியுங்கள்' }).click();
    const modal = page.getByRole('dialog', { name: siteContent.trust.name });
    await modal.waitFor();
    await expect(
      page.evaluate(() => (window as unknown as { __checkoutDescription: string }).__checkoutDescription),
    ).resolves.toBe('மருத்துவ சிகிச்சை - ஒருமுறை நன்கொடை');
    await modal.getByTestId('sandbox-pay').click();
    const panel = page.getByRole('region', { name: 'உங்கள் நன்கொடைக்கு நன்றி!' });
    await panel.waitFor();
    await page.locator('.mantine-Notifications-root').getByText('நன்றி!').waitFor();
    await expect(panel.textContent()).resolves.toMatch(/உங்கள் ரசீது எண் [A-Z]+\/\d{4}-\d{2}\/\d+/);
    const [stored] = await rows<{ status: string; language: string; amount: number }>(
      'select status, language, amount from donations where email = $1',
      [email],
    );
    expect(stored).toEqual({ status: 'paid', language: 'ta', amount: 50_000 });
    // The page fits the phone.
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/hi/donate: the Hindi receipt PDF holds the donor’s name and the amount in words in Hindi and English', async () => {
    page = await context.newPage();
    await page.goto(`${suite.server.url}/hi/donate`);
    await waitForHydration(page);
    const form = page.locator('form');
    await form.getByRole('button', { name: 'अन्य राशि' }).click();
    await form.getByLabel('अपनी राशि (₹)').fill('1500');
    await form.getByLabel('पूरा नाम').fill('प्रिया शर्मा');
    await form.getByLabel('ईमेल पता').fill('priya.hindi@example.org');
    await form.getByLabel('फ़ोन नंबर').fill('9876501234');
    await form.getByRole('button', { name: 'अभी दान करें' }).click();
    await page.getByRole('dialog', { name: siteContent.trust.name }).getByTestId('sandbox-pay').click();
    const download = page.getByRole('link', { name: 'अपनी रसीद डाउनलोड करें (PDF)' });
    await download.waitFor();
    const pdf = await page.request.get(
      new URL((await download.getAttribute('href')) ?? '', suite.server.url).toString(),
    );
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    // As a reader copies it: the name and the amount in words in Hindi as written, and in English.
    const text = await pdfTextAsCopied(await pdf.body());
    for (const expected of [
      'प्रिया शर्मा',
      'एक हज़ार पांच सौ रुपये मात्र',
      'Rupees One Thousand Five Hundred Only',
      'दान रसीद',
    ]) {
      expect(text).toContain(expected);
    }
    await page.close();
  });

  it('a phone that asks for Tamil is offered the Tamil page, never sent there; “no, thanks” is remembered', async () => {
    const tamilPhone = await suite.browser.newContext({
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
      locale: 'ta-IN',
    });
    page = await tamilPhone.newPage();
    const response = await page.goto(`${suite.server.url}/donate`);
    // Opened as shared: English, at its own address.
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/donate');
    await waitForHydration(page);
    const offer = page.getByRole('complementary', { name: 'தமிழில் படிக்க' });
    await offer.waitFor();
    await expect(offer.getByRole('link', { name: 'தமிழில் படிக்க' }).getAttribute('href')).resolves.toBe('/ta/donate');
    await offer.getByRole('button', { name: 'வேண்டாம், நன்றி' }).click();
    await offer.waitFor({ state: 'detached' });
    await page.goto(`${suite.server.url}/`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.language-offer').count()).resolves.toBe(0);
    // A Tamil page offers nothing to a Tamil phone.
    await tamilPhone.clearCookies();
    const fresh = await tamilPhone.newPage();
    await fresh.goto(`${suite.server.url}/ta/`);
    await waitForHydration(fresh);
    await fresh.waitForLoadState('networkidle');
    await expect(fresh.locator('.language-offer').count()).resolves.toBe(0);
    await tamilPhone.close();
  });
});
