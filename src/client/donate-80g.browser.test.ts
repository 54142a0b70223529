import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { siteContent } from '../shared/site-content';
import { axeViolations } from './test/axe';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors, waitForHydration } from './test/page-helpers';

const suite = startBrowserSuite();
const ADDRESS = '12 Beach Road, Besant Nagar, Chennai 600090';

async function donationStatus(email: string): Promise<string | undefined> {
  const client = new pg.Client(suite.db.url);
  await client.connect();
  try {
    return (await client.query('select status from donations where email = $1', [email])).rows[0]?.status;
  } finally {
    await client.end();
  }
}

const form = (page: Page) => page.locator('form');

/** The donor's details, ₹500, and the 80G receipt asked for with a PAN typed in lower case. */
async function fillWith80g(page: Page, email: string) {
  await form(page).getByLabel('Full Name').fill('Asha Raman');
  await form(page).getByLabel('Email Address').fill(email);
  await form(page).getByLabel('Phone Number').fill('+91 98765 43210');
  await form(page).getByRole('button', { name: '₹500' }).click();
  await form(page).getByRole('checkbox', { name: 'I want an 80G tax receipt' }).check();
  await form(page).getByLabel('Your PAN').pressSequentially('abcde1234f');
  await form(page).getByLabel('Postal address').fill(ADDRESS);
}

describe('giving with the 80G details on a phone', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await suite.browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
  });
  afterAll(async () => context?.close());
  beforeEach(async () => {
    page = await context.newPage();
    errors = collectErrors(page);
    await page.goto(`${suite.server.url}/donate`);
    await waitForHydration(page);
  });

  it('sends the details, pays, and thanks the donor in a panel with the receipt (or its promise by e-mail)', async () => {
    const email = 'eighty-g@example.org';
    await fillWith80g(page, email);
    await expect(form(page).getByLabel('Your PAN').inputValue()).resolves.toBe('ABCDE1234F');
    await expect(page.getByRole('note').filter({ hasText: 'Why we ask for these' }).textContent()).resolves.toMatch(
      /Income-tax Department.*eight years, as the tax law requires/,
    );

    const created = page.waitForRequest((request) => new URL(request.url()).pathname === '/trpc/donation.create');
    await form(page).getByRole('button', { name: 'Donate Now' }).click();
    expect((await created).postDataJSON()).toMatchObject({ wants80g: true, pan: 'ABCDE1234F', address: ADDRESS });
    const modal = page.getByRole('dialog', { name: siteContent.trust.name });
    await modal.getByTestId('sandbox-pay').click();

    const panel = page.getByRole('region', { name: 'Thank you for your donation!' });
    await panel.waitFor();
    // The specification's toast and reset stay.
    await page.locator('.mantine-Notifications-root').getByText('Thank you!').waitFor();
    await expect(form(page).getByLabel('Full Name').inputValue()).resolves.toBe('');
    // Focus moves to the panel, so a screen reader reads it out.
    await expect(panel.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await expect(panel.isVisible()).resolves.toBe(true);

    const download = panel.getByRole('link', { name: 'Download your receipt (PDF)' });
    if ((await download.count()) > 0) {
      await expect(panel.textContent()).resolves.toMatch(/Your receipt number is [A-Z]+\/\d{4}-\d{2}\/\d+\./);
      // White on the button's green, not the site's green link colour on it.
      await expect(download.evaluate((link) => getComputedStyle(link).color)).resolves.toBe('rgb(255, 255, 255)');
      const href = (await download.getAttribute('href')) ?? '';
      const pdf = await page.request.get(new URL(href, suite.server.url).toString());
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
    } else {
      await expect(panel.textContent()).resolves.toContain('Your receipt will arrive by e-mail shortly.');
    }

    // It fits the phone: nothing sticks out sideways.
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= VIEWPORTS.phone.width).toBe(true);
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).resolves.toBe(true);

    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
    await expect(donationStatus(email)).resolves.toBe('paid');
    expect(errors).toEqual([]);
  });

  it('shows the Aadhaar checksum error under the field and sends nothing', async () => {
    await fillWith80g(page, 'aadhaar-typo@example.org');
    await form(page).getByRole('radio', { name: 'Aadhaar (if you have no PAN)' }).check();
    await form(page).getByLabel('Your Aadhaar number').fill('9999 4105 7059');
    await form(page).getByRole('button', { name: 'Donate Now' }).click();
    await form(page).getByText('Is not a valid Aadhaar number (its check digit does not match)').waitFor();
    await expect(form(page).getByLabel('Your Aadhaar number').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(donationStatus('aadhaar-typo@example.org')).resolves.toBeUndefined();
  });
});

describe('accessibility of the 80G fields and the thank-you panel', () => {
  it('axe-core finds no violations on the form with the 80G fields open and in error, nor on the panel', async () => {
    // axe is injected as an inline script, which the site's CSP rightly refuses.
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/donate`);
    await waitForHydration(page);
    await fillWith80g(page, 'axe@example.org');
    await form(page).getByLabel('Your PAN').fill('ABC');
    await form(page).getByRole('button', { name: 'Donate Now' }).click();
    await form(page)
      .getByText(/Must be a PAN like/)
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await form(page).getByLabel('Your PAN').fill('ABCDE1234F');
    await form(page).getByRole('button', { name: 'Donate Now' }).click();
    await page.getByRole('dialog', { name: siteContent.trust.name }).getByTestId('sandbox-pay').click();
    await page.getByRole('region', { name: 'Thank you for your donation!' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
