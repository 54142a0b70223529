import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../server/test/donation-fixtures';
import { axeViolations } from './test/axe';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors } from './test/page-helpers';
import { createStaffWithCli, query, signInAs } from './test/staff-setup';

/** A volunteer calls a first-time donor from the thank-you queue on a phone, on the real server and site. */
const PASSWORD = 'correct horse battery staple';
const suite = startBrowserSuite();

async function until<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (let tries = 0; tries < 100; tries += 1) {
    const found = await check();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('gave up waiting');
}

const post = (path: string, body: unknown) =>
  fetch(`${suite.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((response) => response.json());

beforeAll(async () => {
  await createStaffWithCli(suite.db.url, 'volunteer', 'staff', PASSWORD);
  const created = await post(
    '/api/donations',
    donationBody({ name: 'Lakshmi Iyer', email: 'lakshmi@example.com', phone: '+91 98401 23456', amount: 150000 }),
  );
  await post('/sandbox/checkout/pay', { order_id: created.order.id });
  await until(async () => {
    const [row] = await query<{ donor_id: number | null }>(
      suite.db.url,
      `select donor_id from donations where id = $1 and status = 'paid'`,
      [created.donation.id],
    );
    return row?.donor_id ? row : undefined;
  });
});

describe('the thank-you queue, as a volunteer on a phone (390×844)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    // axe is injected as an inline script, which the site's CSP rightly refuses.
    context = await suite.browser.newContext({
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
      bypassCSP: true,
    });
    page = await context.newPage();
    errors = collectErrors(page);
  });
  afterAll(async () => context?.close());

  it('finds the first-time donor from the overview, dials them, ticks them off and sees who called', async () => {
    await page.goto(`${suite.server.url}/staff/login?redirect=/staff`);
    await signInAs(page, 'volunteer', PASSWORD);
    const line = page.getByRole('alert').filter({ hasText: 'Thank-you calls' });
    await line.waitFor();
    expect(await line.textContent()).toContain('1 gift waits for a thank-you call');
    await line.getByRole('link', { name: 'Open the thank-you queue' }).click();

    const queue = page.getByRole('list', { name: 'Gifts to thank' });
    await queue.waitFor();
    const card = queue.getByRole('listitem').filter({ hasText: 'Lakshmi Iyer' });
    expect(await axeViolations(page)).toEqual([]);
    expect(await card.textContent()).toContain('First gift');
    expect(await card.textContent()).toContain('₹1,500, Online (Razorpay)');
    const dial = card.getByRole('link', { name: 'Call Lakshmi Iyer on +91 98401 23456' });
    expect(await dial.getAttribute('href')).toBe('tel:+919840123456');
    // The card fits the phone's width: nothing to scroll sideways to reach the button.
    const box = await card.getByRole('button', { name: 'I called Lakshmi Iyer' }).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(VIEWPORTS.phone.width);

    await card.getByRole('button', { name: 'I called Lakshmi Iyer' }).click();
    await page.getByText('Every gift is thanked').waitFor();
    await page.getByText('Called', { exact: true }).click();
    const thanked = page.getByRole('list', { name: 'Gifts thanked' });
    await thanked.waitFor();
    expect(await thanked.textContent()).toContain('Called by volunteer');
    expect(await axeViolations(page)).toEqual([]);
    const [call] = await query<{ called_by: string }>(suite.db.url, 'select called_by from thank_you_calls');
    expect(call?.called_by).toBe('volunteer');
    expect(errors).toEqual([]);
  });
});
