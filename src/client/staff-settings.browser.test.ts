import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors } from './test/page-helpers';
import { createStaffWithCli, query, signInAs } from './test/staff-setup';

/** An admin setting Razorpay's keys on a phone, on the real server and site (sandbox mode). */
const PASSWORD = 'correct horse battery staple';
const KEY_SECRET = 'BrowserKeySecret0000abcd';
// The environment sets the webhook secret: the page must say so, and keep the field shut.
const suite = startBrowserSuite({ RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-from-the-environment' });

beforeAll(async () => {
  await createStaffWithCli(suite.db.url, 'meena', 'admin', PASSWORD);
});

describe('Settings, as an admin on a phone', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await suite.browser.newContext({ viewport: VIEWPORTS.phone });
    page = await context.newPage();
    errors = collectErrors(page);
  });
  afterAll(async () => context?.close());

  it('saves test keys, never shows the secret back, and checks them against the sandbox', async () => {
    await page.goto(`${suite.server.url}/staff/login?redirect=/staff/settings`);
    await signInAs(page, 'meena', PASSWORD);
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await page.getByText('Set by the server’s environment: RAZORPAY_WEBHOOK_SECRET').waitFor();
    expect(await page.getByLabel('Webhook secret').isDisabled()).toBe(true);

    await page.getByLabel('Key Id').fill('rzp_test_Browser00000001');
    await page.getByLabel('Key Secret').fill(KEY_SECRET);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved: in force now').waitFor();
    await page.getByText('Saved: ends in abcd').waitFor();
    expect(await page.getByLabel('Key Secret').inputValue()).toBe('');
    expect(await page.content()).not.toContain(KEY_SECRET);

    await page.getByRole('button', { name: 'Check the keys' }).click();
    await page.getByRole('status').filter({ hasText: 'The sandbox accepted the keys' }).waitFor();

    // Nothing wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('names what is wrong with a field, and saves nothing', async () => {
    await page.getByLabel('SMTP server').fill('smtp://mail.example.org');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Must be a host name such as smtp.gmail.com, without smtp:// or a port').waitFor();
    await page.getByText('Correct the fields marked in red, then save again.').waitFor();
    const [saved] = await query<{ smtp_host: string | null }>(suite.db.url, 'select smtp_host from console_settings');
    expect(saved?.smtp_host).toBeNull();
    expect(errors.filter((error) => !/400/.test(error))).toEqual([]);
  });
});
