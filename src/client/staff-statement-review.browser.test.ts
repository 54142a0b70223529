import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, seedReceipt } from '../server/test/statement-fixtures';
import { financialYearOf, financialYearStarting } from '../shared/india-time';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors } from './test/page-helpers';
import { createStaffWithCli, query, signInAs } from './test/staff-setup';

/**
 * Issue 32: an outsider gives ₹100 with a donor's PAN and his own name, e-mail and address. The
 * console shows the row as needing review, both receipts side by side; the admin chooses the
 * donor's, and Part B carries her name and address.
 */
const PASSWORD = 'correct horse battery staple';
const KEY = randomBytes(32);
const suite = startBrowserSuite({ DATA_ENCRYPTION_KEY: KEY.toString('hex') });

/** The year the page opens on: the last one closed. */
const closed = financialYearStarting(financialYearOf(new Date()).startYear - 1);
const S = closed.startYear;
const PAN = 'ABCPV1235K';
const victim = { name: 'Priya Venkatesh', email: 'priya.v@example.com', address: '8 Temple Street, Mylapore' };
const outsider = { name: 'Karthik Rao', email: 'karthik@example.net', address: '99 Mount Road, Chennai' };
const receipts: string[] = [];

beforeAll(async () => {
  await createStaffWithCli(suite.db.url, 'admin', 'admin', PASSWORD);
  for (const [at, rupees, person] of [
    [`${S}-06-01T10:00:00+05:30`, 5000, victim],
    [`${S}-07-01T10:00:00+05:30`, 100, outsider],
  ] as const) {
    const receipt = await seedReceipt(suite.db.orm, KEY, { ...person, at, rupees, taxId: { kind: 'pan', value: PAN } });
    receipts.push(receipt.number);
  }
});

let page: Page;
let errors: string[];
let close: () => Promise<void>;

beforeAll(async () => {
  const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
  close = () => context.close();
  page = await context.newPage();
  errors = collectErrors(page);
});
afterAll(async () => close?.());

async function partB(): Promise<{ filename: string; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download Part B (CSV)' }).click(),
  ]);
  const [, ...rows] = parseCsv(readFileSync(await download.path(), 'utf8'));
  return { filename: download.suggestedFilename(), rows };
}

describe('one PAN, two people, in the annual statement', () => {
  it('shows the row as needing review, with both receipts side by side, and warns before the download', async () => {
    await page.goto(`${suite.server.url}/staff/login?redirect=/staff/statement`);
    await signInAs(page, 'admin', PASSWORD);
    const warning = page.getByRole('alert').filter({ hasText: 'Part B row 1: needs review' });
    await warning.waitFor();
    await expect(warning.textContent()).resolves.toContain('PAN XXXXX1235K');
    const card = page.getByRole('article', { name: 'PAN XXXXX1235K, Part B row 1' });
    await card.getByText('Needs review').waitFor();
    const table = page.getByRole('table', { name: 'Receipts of PAN XXXXX1235K' });
    await expect(table.locator('tbody tr').allTextContents()).resolves.toEqual([
      `${receipts[0]}${S}-06-01 10:00${victim.name}${victim.email}${victim.address}₹5,000Online (Razorpay)`,
      `${receipts[1]}${S}-07-01 10:00${outsider.name}${outsider.email}${outsider.address}₹100Online (Razorpay)`,
    ]);
    const before = await partB();
    expect(before.filename).toMatch(/-NEEDS-REVIEW\.csv$/);
    expect(before.rows.map((row) => [row[3], row[7], row[8], row[11]])).toEqual([
      [PAN, outsider.name, outsider.address, '5100'],
    ]);
    await page.screenshot({ path: '/tmp/console-statement-review.png', fullPage: true });
  });

  it("takes the donor's name and address once the admin chooses her receipt, and the warning is gone", async () => {
    await page.getByRole('radio', { name: `Use receipt ${receipts[0]}` }).check();
    await page.getByRole('button', { name: 'Use this receipt’s name and address' }).click();
    const card = page.getByRole('article', { name: 'PAN XXXXX1235K, Part B row 1' });
    await card.getByText('Resolved by admin').waitFor();
    await page.getByRole('alert').filter({ hasText: 'needs review' }).waitFor({ state: 'detached' });
    const after = await partB();
    expect(after.filename).not.toContain('NEEDS-REVIEW');
    expect(after.rows.map((row) => [row[3], row[7], row[8], row[11]])).toEqual([
      [PAN, victim.name, victim.address, '5100'],
    ]);
    const audited = await query<{ details: { receiptNumber: string } }>(
      suite.db.url,
      `select details from staff_audit where action = 'statement_review_resolved'`,
    );
    expect(audited.map((entry) => entry.details.receiptNumber)).toEqual([receipts[0]]);
    // The only failures: the calls made before signing in.
    expect(errors.filter((error) => !/^401 /.test(error))).toEqual([]);
  });
});
