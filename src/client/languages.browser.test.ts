import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors, layoutShift, waitForHydration } from './test/page-helpers';

/**
 * A Tamil-speaking donor on a phone who follows a shared link to /ta/: the page is in Tamil, in
 * Noto Sans Tamil, and the menu's language switch goes to the same page in Hindi and in English.
 */

const suite = startBrowserSuite();

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
    // The page's Tamil is set in Noto Sans Tamil (the phone's own or the site's subset).
    await page.evaluate(() => document.fonts.ready);
    const tamilFaces = await page.evaluate(() =>
      [...document.fonts].filter((face) => face.family.includes('Noto Sans Tamil')).map((face) => face.status),
    );
    expect(tamilFaces).toContain('loaded');
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

  it('a Tamil page English has only (/ta/donate) is the Tamil 404 page, whose switch goes home', async () => {
    page = await context.newPage();
    const response = await page.goto(`${suite.server.url}/ta/donate`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'பக்கம் கிடைக்கவில்லை' }).waitFor();
    await switchTo('English');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });
});
