import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './test/axe';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { waitForHydration } from './test/page-helpers';

const suite = startBrowserSuite();

describe.each(Object.entries(VIEWPORTS))('accessibility at %s size', (size, viewport) => {
  const phone = size === 'phone';
  let context: BrowserContext;

  beforeAll(async () => {
    // axe is injected as an inline script, which the site's CSP rightly refuses.
    context = await suite.browser.newContext({ viewport, isMobile: phone, hasTouch: phone, bypassCSP: true });
  });
  afterAll(async () => context?.close());

  it.each([
    '/',
    '/donate',
    '/no-such-page',
    '/ta/',
    '/hi/',
    '/ta/donate',
    '/hi/donate',
    '/ta/no-such-page',
    '/hi/no-such-page',
  ])('axe-core finds no violations on %s', async (path) => {
    const page = await context.newPage();
    await page.goto(`${suite.server.url}${path}`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    // Landmarks and one h1.
    expect(await page.locator('h1').count()).toBe(1);
    for (const selector of ['header', 'main', 'footer', 'nav'])
      expect(await page.locator(selector).count()).toBeGreaterThan(0);
    await page.close();
  });

  it('axe-core finds no violations on the donate form while it shows its validation messages', async () => {
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/donate`);
    await waitForHydration(page);
    await page.locator('form').getByLabel('Email Address').fill('not-an-email');
    await page.locator('form').getByRole('button', { name: 'Donate Now' }).click();
    await page.getByText('Invalid email').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('the keyboard alone reaches the content, the navigation and (on phones) the menu', async () => {
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/`);
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
    // The focus ring is visible.
    await expect(
      page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle),
    ).resolves.not.toBe('none');
    if (phone) {
      const opener = page.getByRole('button', { name: 'Open menu' });
      await opener.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.waitFor();
      await expect(menu.evaluate((dialog) => dialog.contains(document.activeElement))).resolves.toBe(true);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      // React hears the dialog's (asynchronous) close event and updates the button.
      await page.waitForFunction(
        () => document.querySelector('[aria-controls="site-menu"]')?.getAttribute('aria-expanded') === 'false',
      );
      await opener.focus();
      await page.keyboard.press('Enter');
      await menu.waitFor();
      // Tab to "Services" and choose it with Enter: the menu closes and the page scrolls there.
      for (let i = 0; i < 12; i += 1) {
        if ((await page.evaluate(() => document.activeElement?.textContent)) === 'Services') break;
        await page.keyboard.press('Tab');
      }
      await page.keyboard.press('Enter');
      await menu.waitFor({ state: 'hidden' });
      await page.waitForURL(`${suite.server.url}/#services`);
    } else {
      for (let i = 0; i < 12; i += 1) {
        if ((await page.evaluate(() => document.activeElement?.textContent)) === 'Donate') break;
        await page.keyboard.press('Tab');
      }
      await page.keyboard.press('Enter');
      await page.waitForURL(`${suite.server.url}/donate`);
    }
    await page.close();
  });

  it('the donation form works by keyboard alone, up to the open checkout', async () => {
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/donate`);
    await waitForHydration(page);
    await page.locator('input[type="radio"][value="one-time"]').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Monthly' }).isChecked()).resolves.toBe(true);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('₹500');
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: '₹500' }).getAttribute('aria-pressed')).resolves.toBe('true');
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement).autocomplete)).resolves.toBe('name');
    await page.keyboard.type('Kavya Iyer');
    await page.keyboard.press('Tab');
    await page.keyboard.type('kavya@example.org');
    await page.keyboard.press('Tab');
    await page.keyboard.type('9876543210');
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog');
    await modal.getByTestId('sandbox-pay').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Donate Now' }).waitFor();
    await page.close();
  });
});
