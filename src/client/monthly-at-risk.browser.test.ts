import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors } from './test/page-helpers';
import { createStaffWithCli, query, signInAs } from './test/staff-setup';

/**
 * The Monthly gifts at risk page on a 390×844 phone: one card per gift (no wide table to scroll),
 * the donor's phone a tap away and "Send again" on the card; on a laptop, the table.
 */
const PASSWORD = 'correct horse battery staple';
const SHOTS = 'test-results/monthly-at-risk';
const suite = startBrowserSuite();

let page: Page;
let errors: string[];
let close: () => Promise<void>;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  await createStaffWithCli(suite.db.url, 'meena', 'staff', PASSWORD);
  const [gift] = await query<{ id: number }>(
    suite.db.url,
    `insert into donations (name, email, phone, amount, donation_type, status, language)
     values ('Lakshmi Narayanaswamy', 'lakshmi.narayanaswamy@office.example.com', '+91 98400 12345', 150000, 'monthly', 'paid', 'ta')
     returning id`,
  );
  const [subscription] = await query<{ id: number }>(
    suite.db.url,
    `insert into subscriptions (donation_id, razorpay_subscription_id, status) values ($1, 'sub_AtRisk0001', 'halted') returning id`,
    [(gift as { id: number }).id],
  );
  await query(suite.db.url, `insert into monthly_risk_episodes (subscription_id, status) values ($1, 'halted')`, [
    (subscription as { id: number }).id,
  ]);
  const context = await suite.browser.newContext({ viewport: VIEWPORTS.phone });
  close = () => context.close();
  page = await context.newPage();
  errors = collectErrors(page);
});
afterAll(async () => close?.());

describe('monthly gifts at risk', () => {
  it('on a phone: a card per gift, nothing wider than the screen; on a laptop: the table', async () => {
    await page.goto(`${suite.server.url}/staff/login?redirect=/staff/monthly-at-risk`);
    await signInAs(page, 'meena', PASSWORD);
    const cards = page.getByRole('list', { name: 'Monthly gifts at risk' });
    await cards.getByRole('listitem').first().waitFor();
    const card = cards.getByRole('listitem').first();
    expect(await card.textContent()).toContain('Lakshmi Narayanaswamy');
    expect(await card.getByRole('link', { name: '+91 98400 12345' }).getAttribute('href')).toBe('tel:+919840012345');
    expect(await page.getByRole('table').count()).toBe(0);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: document.documentElement.clientWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
    const box = await card.getByRole('button', { name: /Send the mail again/ }).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/at-risk-phone.png`, fullPage: true });

    await page.setViewportSize({ width: 1366, height: 657 });
    await page.getByRole('table', { name: 'Monthly gifts at risk' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/at-risk-laptop.png`, fullPage: true });
    expect(errors).toEqual([]);
  });
});
