// Over 250 lines on purpose: a donor's whole visit (asking for a link, opening it, downloads,
// cancelling, their data) runs on one server with one seeded donor; split, each part would seed again.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { donorToken } from '../server/gifts/donor-keys/donor-link';
import { resolveDataEncryptionKey } from '../server/platform/personal-data/data-encryption-key';
import { pdfText, seedPaidGift } from '../server/test/donor-fixtures';
import { LINK_SENT } from '../server/transports/routes/link-request';
import { axeViolations } from './test/axe';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors, waitForHydration } from './test/page-helpers';
import { giveMonthly, query } from './test/staff-setup';

const suite = startBrowserSuite();
/** A small phone: the page must work at this width, where donors open their e-mail's link. */
const PHONE = { width: 360, height: 740 };
const EMAIL = 'asha.raman@example.org';

let key: Buffer;
let token: string;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  // The key the server under test resolves too (its environment, else the development key file).
  key = resolveDataEncryptionKey({ env: 'test', dataEncryptionKey: process.env.DATA_ENCRYPTION_KEY });
  token = donorToken(EMAIL, key);
  const asha = { name: 'Asha Raman', email: EMAIL, address: '12 Beach Road, Chennai 600001' };
  const orm = suite.db.orm;
  await seedPaidGift(orm, key, { ...asha, at: '2025-06-10T10:00:00+05:30', rupees: 1500, purpose: 'food' });
  await seedPaidGift(orm, key, { ...asha, at: '2026-05-01T10:00:00+05:30', rupees: 100000, purpose: 'medical' });
  await seedPaidGift(orm, key, { ...asha, at: '2026-06-01T10:00:00+05:30', rupees: 700, refunded: true });
  await seedPaidGift(orm, key, {
    name: 'Ravi',
    email: 'ravi@example.org',
    at: '2026-06-02T10:00:00+05:30',
    rupees: 999,
  });
  context = await suite.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
});
afterAll(async () => context?.close());
beforeEach(async () => {
  page = await context.newPage();
  errors = collectErrors(page);
});

/** Opens the page as the e-mail's link does, and waits for the donor's gifts. */
async function openFromLink(withToken = token) {
  await page.goto(`${suite.server.url}/my-giving?token=${withToken}`);
  await waitForHydration(page);
}

const linkForm = () => page.getByRole('form', { name: 'Get a link to your page' });
const noSidewaysScroll = () =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('without a link', () => {
  it('is served as a page that says what it is and that it needs JavaScript', async () => {
    const response = await page.request.get(`${suite.server.url}/my-giving?token=anything`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>My giving');
    expect(html).toContain('noindex');
    expect(html).toContain('This page needs JavaScript');
    const noScript = await suite.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(`${suite.server.url}/my-giving`);
    await expect(plain.getByRole('heading', { level: 1, name: 'My giving' }).isVisible()).resolves.toBe(true);
    await expect(plain.getByText('This page needs JavaScript').isVisible()).resolves.toBe(true);
    await noScript.close();
  });

  it('asks for the e-mail, names a typo under the field, answers an unknown address like any other, then asks to wait', async () => {
    await page.goto(`${suite.server.url}/my-giving`);
    await waitForHydration(page);
    await expect(page.title()).resolves.toMatch(/^My giving/);
    const field = linkForm().getByLabel('Enter the e-mail you gave with');
    await field.fill('not-an-address');
    await linkForm().getByRole('button', { name: 'Send me a link' }).click();
    await linkForm().getByText('Enter an e-mail address such as name@example.com').waitFor();
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');

    await field.fill('nobody@example.org');
    await linkForm().getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your e-mail' }).textContent()).resolves.toContain(
      LINK_SENT,
    );
    const mailed = await query(suite.db.url, `select 1 from mail_outbox where recipient = 'nobody@example.org'`);
    expect(mailed).toEqual([]);

    // One request a minute from one address: the second is refused, and says so.
    await field.fill(EMAIL);
    await linkForm().getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Not sent' }).textContent()).resolves.toContain(
      'One link a minute',
    );
    await expect(noSidewaysScroll()).resolves.toBe(true);
    expect(errors).toEqual([`429 ${suite.server.url}/api/my-giving/link`]);
  });

  it('says an altered or expired link has expired, forgets it, and offers the form', async () => {
    const [body, signature] = token.split('.') as [string, string];
    const altered = `${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const expired = donorToken(EMAIL, key, new Date(Date.now() - 25 * 60 * 60 * 1000));
    for (const bad of [altered, expired]) {
      await openFromLink(bad);
      await page.getByRole('alert').filter({ hasText: 'This link has expired' }).waitFor();
      await expect(linkForm().isVisible()).resolves.toBe(true);
      expect(new URL(page.url()).search).toBe('');
      await expect(page.evaluate(() => sessionStorage.length)).resolves.toBe(0);
    }
    expect(errors.every((error) => error.startsWith('401 '))).toBe(true);
  });
});

describe('accessibility', () => {
  it('axe-core finds no violations on the link form, the expired message, the gifts and the erasure’s confirm step', async () => {
    // axe is injected as an inline script, which the site's CSP rightly refuses.
    const axeContext = await suite.browser.newContext({ viewport: PHONE, isMobile: true, bypassCSP: true });
    const checked = await axeContext.newPage();
    await checked.goto(`${suite.server.url}/my-giving?token=altered.token`);
    await checked.getByRole('alert').filter({ hasText: 'This link has expired' }).waitFor();
    expect(await axeViolations(checked)).toEqual([]);

    await checked.goto(`${suite.server.url}/my-giving?token=${token}`);
    await checked.getByRole('region', { name: 'Your gifts and receipts' }).waitFor();
    await checked.getByRole('button', { name: 'Ask us to erase my data' }).click();
    await checked.getByRole('group', { name: 'Erase your data?' }).waitFor();
    expect(await axeViolations(checked)).toEqual([]);
    await axeContext.close();
  });
});

describe('opened from the link in an e-mail', () => {
  it('lists the gifts and receipts by financial year, and takes the token off the address', async () => {
    await openFromLink();
    const gifts = page.getByRole('region', { name: 'Your gifts and receipts' });
    await gifts.waitFor();
    expect(page.url()).toBe(`${suite.server.url}/my-giving`);

    const text = (await gifts.textContent()) ?? '';
    expect(text).toContain('Financial year 2026-27');
    expect(text).toContain('Financial year 2025-26');
    // Newest year first; Indian digit grouping; the day in India.
    expect(text.indexOf('2026-27')).toBeLessThan(text.indexOf('2025-26'));
    expect(text).toContain('₹1,00,000');
    expect(text).toContain('1 May 2026 · One-time gift · Medical Treatment');
    expect(text).not.toContain('₹999');
    const refunded = gifts.getByRole('listitem').filter({ hasText: '₹700' });
    await expect(refunded.textContent()).resolves.toMatch(/Refunded.*Receipt \S+\/2026-27\/\d+.*Cancelled/);
    for (const year of ['2026-27', '2025-26']) {
      await gifts.getByRole('link', { name: `Download statement for ${year} (PDF)` }).waitFor();
    }
    await expect(page.getByText(`Gifts given with ${EMAIL}`).isVisible()).resolves.toBe(true);

    // A reload in the same tab keeps the page open without the token in the address.
    await page.reload();
    await waitForHydration(page);
    await gifts.waitFor();
    await expect(noSidewaysScroll()).resolves.toBe(true);
    expect(errors).toEqual([]);
    // The token reached the server in the address once, and no log line wrote it.
    expect(suite.server.output()).not.toContain(token);
  });

  it('downloads a receipt and the year’s statement as PDFs', async () => {
    await openFromLink();
    const gift = page.getByRole('listitem').filter({ hasText: '₹1,00,000' });
    const receiptLink = gift.getByRole('link', { name: /^Download receipt / });
    const number = ((await receiptLink.getAttribute('aria-label')) ?? '').replace('Download receipt ', '');
    const response = await page.request.get(new URL((await receiptLink.getAttribute('href')) ?? '', page.url()).href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    const [receipt] = await Promise.all([page.waitForEvent('download'), receiptLink.click()]);
    expect(receipt.suggestedFilename()).toBe(`receipt-${number.replace(/\//g, '-')}.pdf`);
    expect(
      readFileSync(await receipt.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const statementLink = page.getByRole('link', { name: 'Download statement for 2026-27 (PDF)' });
    const [statement] = await Promise.all([page.waitForEvent('download'), statementLink.click()]);
    expect(statement.suggestedFilename()).toBe('donations-2026-27.pdf');
    const pages = await pdfText(readFileSync(await statement.path()));
    expect(pages.join(' ')).toContain(number);
    expect(errors).toEqual([]);
  });

  it('cancels a monthly gift after a confirm step, through the sandbox, and points to a new one', async () => {
    await giveMonthly(page, suite.server.url, EMAIL);
    await openFromLink();
    const monthly = page.getByRole('article', { name: 'Monthly gift of ₹600 a month' });
    await expect(monthly.textContent()).resolves.toContain('Active');
    // To look at (not compared): the whole page on a small phone, every section filled.
    await page.screenshot({ path: '/tmp/my-giving-phone.png', fullPage: true });
    await monthly.getByRole('button', { name: 'Cancel monthly gift' }).click();
    await monthly.getByText('Stop this monthly gift of ₹600 a month?').waitFor();
    await monthly.getByRole('button', { name: 'Keep it' }).click();
    await monthly.getByRole('button', { name: 'Cancel monthly gift' }).click();
    await monthly.getByRole('button', { name: 'Yes, cancel it' }).click();
    await monthly.getByRole('status').filter({ hasText: 'Monthly gift cancelled' }).waitFor();
    await expect(monthly.textContent()).resolves.toContain('Cancelled');
    await expect(monthly.getByRole('button', { name: 'Cancel monthly gift' }).count()).resolves.toBe(0);
    const rows = await query<{ status: string }>(
      suite.db.url,
      `select s.status from subscriptions s join donations d on d.id = s.donation_id where d.email = $1`,
      [EMAIL],
    );
    expect(rows).toEqual([{ status: 'cancelled' }]);

    await page.getByText('Change the amount, pause, resume or cancel each monthly gift below, or').waitFor();
    await expect(page.getByRole('link', { name: 'Start a new monthly gift' }).getAttribute('href')).resolves.toBe(
      '/donate?type=monthly',
    );
    // After a reload the list says the same, from the database.
    await page.reload();
    await expect(page.getByRole('article', { name: 'Monthly gift of ₹600 a month' }).textContent()).resolves.toContain(
      'Cancelled',
    );
    expect(errors).toEqual([]);
  });

  it('downloads the donor’s data as JSON and takes their request to be erased', async () => {
    await openFromLink();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(data.email).toBe(EMAIL);
    expect(data.receipts.map((receipt: { email: string }) => receipt.email)).toContain(EMAIL);

    await page.getByRole('button', { name: 'Ask us to erase my data' }).click();
    const confirm = page.getByRole('group', { name: 'Erase your data?' });
    await expect(confirm.textContent()).resolves.toContain('for eight years after the end of their financial year');
    await confirm.getByRole('button', { name: 'Yes, erase my data' }).click();
    const answer = page.getByRole('status').filter({ hasText: 'We have your request to erase your data' });
    await expect(answer.textContent()).resolves.toMatch(/Your request number is \d+/);
    const requests = await query<{ status: string }>(
      suite.db.url,
      'select status from erasure_requests where email = $1',
      [EMAIL],
    );
    expect(requests).toEqual([{ status: 'requested' }]);

    await page.reload();
    await page.getByRole('status').filter({ hasText: 'We have your request to erase your data' }).waitFor();
    await expect(page.getByRole('button', { name: 'Ask us to erase my data' }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });
});
