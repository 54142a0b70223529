import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../server/test/donation-fixtures';
import { parseCsv } from '../server/test/statement-fixtures';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors } from './test/page-helpers';
import { createStaffWithCli, query, signInAs } from './test/staff-setup';

/** The accountant matching Razorpay's settlements against the bank, on the real server and site. */
const PASSWORD = 'correct horse battery staple';
const suite = startBrowserSuite({ SANDBOX_DEV_CONTROLS: 'true' });

async function until<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (let tries = 0; tries < 100; tries += 1) {
    const found = await check();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('gave up waiting');
}

const post = (path: string, body?: unknown) =>
  fetch(`${suite.server.url}${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((response) => response.json());

/** A donation paid in the sandbox's checkout, once its webhook has made it paid; its payment id. */
async function paidDonation(amount: number): Promise<string> {
  const created = await post('/api/donations', donationBody({ amount }));
  const paid = await post('/sandbox/checkout/pay', { order_id: created.order.id });
  await until(async () => {
    const [row] = await query<{ status: string }>(suite.db.url, 'select status from donations where id = $1', [
      created.donation.id,
    ]);
    return row?.status === 'paid' ? row : undefined;
  });
  return paid.razorpay_payment_id;
}

let utr: string;

beforeAll(async () => {
  await createStaffWithCli(suite.db.url, 'accountant', 'staff', PASSWORD);
  await paidDonation(100000);
  const refunded = await paidDonation(50050);
  await post(`/sandbox/payments/${refunded}/refund`, { amount: 10050 });
  const { settlement } = await post('/sandbox/settlements');
  utr = settlement.utr;
  await until(async () => {
    const [row] = await query(suite.db.url, 'select 1 from settlements where entries_fetched_at is not null');
    return row;
  });
  await paidDonation(25000);
});

describe('Razorpay settlements, as the accountant at 1280×800', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    page = await context.newPage();
    errors = collectErrors(page);
  });
  afterAll(async () => context?.close());

  it('finds the settlement by its UTR with its payments, refund, fee and GST, and what is not settled yet', async () => {
    await page.goto(`${suite.server.url}/staff/login?redirect=/staff/settlements`);
    await signInAs(page, 'accountant', PASSWORD);
    await page.getByRole('heading', { name: 'Razorpay settlements' }).waitFor();
    await page.getByRole('link', { name: 'Settlements', exact: true }).waitFor();

    const table = page.getByRole('table', { name: /^Settlements of / });
    const row = table.getByRole('row').filter({ hasText: utr });
    // ₹1,000 and ₹500.50 less ₹100.50 refunded; fees ₹20.00 + ₹10.01, GST ₹3.60 + ₹1.80.
    expect(await row.textContent()).toContain('2 / 1');
    expect(await row.textContent()).toContain('₹1,400.00');
    expect(await row.textContent()).toContain('₹30.01');
    expect(await row.textContent()).toContain('₹5.40');
    expect(await row.textContent()).toContain('₹1,364.59');
    expect(await page.getByRole('group', { name: 'Net credited', exact: true }).textContent()).toContain('₹1,364.59');

    await page.getByRole('button', { name: `Show the lines of ${utr}` }).click();
    const lines = page.getByRole('table', { name: /^Lines of settlement / });
    await lines.waitFor();
    expect(await lines.getByRole('row').count()).toBe(4);
    expect(await lines.getByRole('row').filter({ hasText: 'Refund' }).textContent()).toContain('−₹100.50');

    const unsettled = page.getByRole('region', { name: 'Captured, not settled yet' });
    expect(await unsettled.textContent()).toContain('1 payment, ₹250.00, captured but in no settlement yet');
    expect(errors).toEqual([]);
  });

  it('downloads the CSV whose rows add up to the totals shown', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download for the accountant (CSV)' }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [headings, ...rows] = parseCsv(csv);
    const net = headings?.indexOf('Net (₹)') ?? -1;
    const total = rows.reduce((sum, row) => sum + Math.round(Number(row[net]) * 100), 0);
    expect(total).toBe(136459);
    expect(rows.every((row) => row.includes(utr))).toBe(true);
  });
});
