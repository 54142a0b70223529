// Over 250 lines on purpose: the accountant's day in the console (sign-in to sign-out, then receipts)
// runs in order on one server and one browser; split, each part would set them up again.
import { mkdirSync, readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteContent } from '../shared/site-content';
import { axeViolations } from './test/axe';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors, waitForHydration } from './test/page-helpers';
import { createStaffWithCli, giveMonthly, query, seedDonations, signInAs } from './test/staff-setup';

const PASSWORD = 'correct horse battery staple';
/** Screenshots to look at after a run (not compared: a person judges them). */
const SHOTS = '/tmp/staff-console-shots';

const suite = startBrowserSuite();

async function signIn(page: Page, password = PASSWORD) {
  await signInAs(page, 'admin', password);
}

const donationRows = (page: Page) => page.getByRole('table', { name: 'Donations' }).locator('tbody tr');

/** Waits for the list to say how many donations match (it updates with the rows), then counts the rows. */
async function expectDonations(page: Page, count: number) {
  await page.getByText(`${count} ${count === 1 ? 'donation' : 'donations'}`, { exact: true }).waitFor();
  expect(await donationRows(page).count()).toBe(count);
}

/** A real one-time gift: the donate page, the sandbox's checkout, paid and verified (the thank-you panel). */
async function giveOnce(page: Page, email: string) {
  await page.goto(`${suite.server.url}/donate`);
  await waitForHydration(page);
  const form = page.locator('form');
  await form.getByRole('radio', { name: 'One-time' }).check();
  await form.getByRole('button', { name: 'Other' }).click();
  await form.getByLabel('Custom Amount (₹)').fill('1200');
  await form.getByLabel('Full Name').fill('Receipt Donor');
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Phone Number').fill('+91 98765 43210');
  await form.getByRole('button', { name: 'Donate Now' }).click();
  await page.getByRole('dialog', { name: siteContent.trust.name }).getByTestId('sandbox-pay').click();
  return page.getByRole('region', { name: 'Thank you for your donation!' }).textContent();
}

beforeAll(async () => {
  await createStaffWithCli(suite.db.url, 'admin', 'admin', PASSWORD);
  await seedDonations(suite.db.url);
  mkdirSync(SHOTS, { recursive: true });
});

describe('the donor pages', () => {
  it('load not one staff chunk', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.url());
    });
    for (const path of ['/', '/donate']) {
      await page.goto(`${suite.server.url}${path}`);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.length).toBeGreaterThan(1);
    for (const url of scripts) {
      expect(url).not.toMatch(/\/staff-console-/);
      const body = await (await fetch(url)).text();
      expect(body, url).not.toContain('/staff/api/');
      expect(body, url).not.toContain('Staff console');
    }
    await context.close();
  });
});

describe('the staff console at laptop size', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    page = await context.newPage();
    errors = collectErrors(page);
  });
  afterAll(async () => context?.close());

  it('is a noindex shell that sends a stranger to the login, and back where they were after signing in', async () => {
    const response = await page.goto(`${suite.server.url}/staff/donations?status=paid`);
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await page.waitForURL(/\/staff\/login\?redirect=/);
    await signIn(page, 'not the password at all');
    await page.getByRole('alert').waitFor();
    await signIn(page);
    await page.waitForURL((url) => url.pathname === '/staff/donations');
    expect(new URL(page.url()).searchParams.get('status')).toBe('paid');
    await expectDonations(page, 3);
  });

  it('shows the overview: what came in, the chart, what needs attention', async () => {
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    // Today: Kavya's ₹2,500 (paid) only.
    await expect(page.getByText('₹2,500', { exact: true }).first().isVisible()).resolves.toBe(true);
    expect(await page.getByRole('img', { name: /Received per month/ }).count()).toBe(1);
    await page.getByRole('heading', { name: 'Pending for over a day (1)' }).waitFor();
    // Monthly gifts at risk are not listed here again: a link leads to their own page.
    expect(await page.getByRole('heading', { name: /Halted monthly gifts/ }).count()).toBe(0);
    expect(await page.getByRole('main').getByRole('link', { name: 'Monthly gifts at risk' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/overview-laptop.png`, fullPage: true });
  });

  it('filters and searches donations, keeping them in the URL across a reload', async () => {
    await page.getByRole('link', { name: 'Donations' }).click();
    await page.getByRole('heading', { name: 'Donations' }).waitFor();
    await expectDonations(page, 6);
    await page.getByLabel('Search').fill('kavya');
    await page.waitForURL(/q=kavya/);
    await expectDonations(page, 2);
    await page.getByLabel('Min ₹').fill('2000');
    await page.waitForURL(/min=2000/);
    await expectDonations(page, 1);
    await page.reload();
    await expectDonations(page, 1);
    expect(await page.getByLabel('Search').inputValue()).toBe('kavya');
    await expect(donationRows(page).first().textContent()).resolves.toContain('₹2,500');
    await page.screenshot({ path: `${SHOTS}/donations-laptop.png`, fullPage: true });
  });

  it('exports exactly the filtered donations as the database has them', async () => {
    await page.getByLabel('Min ₹').fill('');
    await page.waitForURL((url) => !url.searchParams.has('min'));
    await expectDonations(page, 2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trim().split(/\r?\n/);
    const stored = await query<{ id: number; amount: number }>(
      suite.db.url,
      `select id, amount from donations where name ilike '%kavya%' order by id desc`,
    );
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(stored.map((row) => row.id));
    expect(lines.slice(1).map((line) => line.split(',')[5])).toEqual(
      stored.map((row) => (row.amount / 100).toFixed(2)),
    );
  });

  it("opens a donation's story", async () => {
    const [first] = await query<{ id: number }>(suite.db.url, `select id from donations where amount = 250000`);
    await page.getByRole('link', { name: `#${first?.id}`, exact: true }).click();
    await page.getByRole('heading', { name: `Donation #${first?.id}` }).waitFor();
    await page.getByRole('list', { name: 'Progress' }).getByText('Paid online').waitFor();
    // The events and Razorpay's ids are folded away until asked for.
    expect(await page.getByText('Created, pending payment').isVisible()).toBe(false);
    await page.getByRole('button', { name: /^Details for Razorpay and the engineers/ }).click();
    await page.getByText('Created, pending payment').waitFor();
    await page.getByText('order_seed0').first().waitFor();
  });

  it('cancels a real monthly gift (through the sandbox) after asking', async () => {
    const donor = await context.newPage();
    await giveMonthly(donor, suite.server.url, 'monthly@example.org');
    await donor.close();
    await page.getByRole('link', { name: 'Monthly donors' }).click();
    await page.getByRole('button', { name: /Cancel monthly gift/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this monthly gift?' });
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /Cancel monthly gift/ }).click();
    await dialog.getByRole('button', { name: 'Cancel the monthly gift' }).click();
    await page.getByText(/Monthly gift \d+ cancelled/).waitFor();
    const [stored] = await query<{ status: string }>(suite.db.url, 'select status from subscriptions');
    expect(stored?.status).toBe('cancelled');
    const [audited] = await query<{ username: string }>(
      suite.db.url,
      `select username from staff_audit where action = 'subscription_cancelled'`,
    );
    expect(audited?.username).toBe('admin');
  });

  it('signs out, after which /staff is the login again', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/staff\/login/);
    await page.goto(`${suite.server.url}/staff`);
    await page.waitForURL(/\/staff\/login/);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // The only failures: the wrong password and the calls made while signed out.
    expect(errors.filter((error) => !/\b40[13]\b/.test(error))).toEqual([]);
  });
});

describe('the staff console at phone size', () => {
  it('passes axe on the login and donations pages, and the console fits a phone', async () => {
    const phone = { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true };
    // axe is injected as an inline script, which the console's CSP rightly refuses.
    const context = await suite.browser.newContext({ ...phone, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/staff/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/login-phone.png` });
    await signIn(page);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/overview-phone.png`, fullPage: true });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Donations' }).click();
    // The six seeded and the monthly gift given above.
    await expectDonations(page, 7);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/donations-phone.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe("the staff console's receipts, outbox and trust details", () => {
  it('lists the receipt of a real one-time gift, downloads and resends it, shows its mail, and saves a new signatory', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const email = 'receipt.donor@example.org';
    const thanks = await giveOnce(page, email);
    const [receipt] = await query<{ id: number; number: string }>(
      suite.db.url,
      `select r.id, r.number from receipts r join donations d on d.id = r.donation_id
        where d.email = $1 and d.status = 'paid'`,
      [email],
    );
    expect(receipt?.number).toMatch(/^CART\/\d{4}-\d{2}\/\d{6}$/);
    expect(thanks).toContain(receipt?.number);

    await page.goto(`${suite.server.url}/staff/receipts`);
    await signIn(page);
    await page.getByRole('heading', { name: 'Receipts' }).waitFor();
    const row = page.getByRole('table', { name: 'Receipts' }).locator('tbody tr', { hasText: `${receipt?.number}` });
    await expect(row.textContent()).resolves.toContain('₹1,200');
    const pdfLink = row.getByRole('link', { name: `Download PDF of receipt ${receipt?.number}` });
    const href = await pdfLink.getAttribute('href');
    const pdf = await context.request.get(`${suite.server.url}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const [download] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await page.screenshot({ path: `${SHOTS}/receipts-laptop.png`, fullPage: true });

    await row.getByRole('button', { name: `Resend receipt ${receipt?.number}` }).click();
    await page
      .getByRole('dialog', { name: 'Resend this receipt?' })
      .getByRole('button', { name: 'Resend the receipt' })
      .click();
    await page.getByText(`Receipt ${receipt?.number} queued to ${email}`).waitFor();
    const mails = await query<{ kind: string }>(suite.db.url, 'select kind from mail_outbox where recipient = $1', [
      email,
    ]);
    expect(mails.filter((mail) => mail.kind === 'receipt')).toHaveLength(2);

    await page.getByRole('link', { name: 'Outbox' }).click();
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    const outboxRows = page.getByRole('table', { name: 'Outbox' }).locator('tbody tr', { hasText: email });
    await outboxRows.nth(1).waitFor();
    await expect(outboxRows.first().textContent()).resolves.toContain('receipt');
    // The first receipt (the monthly gift's) went to the development mailbox: read it there.
    const receivedReceipts = page.getByRole('button', { name: /^Read message: Your donation receipt/ });
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return receivedReceipts.count();
      })
      .toBeGreaterThan(0);
    await receivedReceipts.first().click();
    const message = page.getByRole('dialog', { name: 'Message' });
    // The dialog opens first and fetches the message: wait for its text, not just its title.
    await expect.poll(() => message.textContent()).toMatch(/Subject: Your donation receipt CART\/.*\.pdf/);
    await page.screenshot({ path: `${SHOTS}/outbox-laptop.png`, fullPage: true });
    await message.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('link', { name: 'Trust details' }).click();
    await page.getByRole('heading', { name: 'Trust details' }).waitFor();
    await page.getByText('Receipts already issued keep the details they were issued with', { exact: false }).waitFor();
    await page.getByLabel('Receipt number prefix').fill('cart/x');
    await page.getByLabel('Authorised signatory').fill('Lakshmi Narayanan');
    await page.getByRole('button', { name: 'Save trust details' }).click();
    await page.getByText('must be 1 to 10 capital letters or digits').waitFor();
    await page.getByLabel('Receipt number prefix').fill('CART');
    await page.getByRole('button', { name: 'Save trust details' }).click();
    await page.getByText('Trust details saved').waitFor();
    await page.screenshot({ path: `${SHOTS}/trust-laptop.png`, fullPage: true });
    const [trust] = await query<{ signatory_name: string }>(suite.db.url, 'select signatory_name from trust_settings');
    expect(trust?.signatory_name).toBe('Lakshmi Narayanan');
    await page.reload();
    await expect(page.getByLabel('Authorised signatory').inputValue()).resolves.toBe('Lakshmi Narayanan');
    // The only failures: the calls made before signing in and the refused prefix.
    expect(errors.filter((error) => !/^(401 .*|400 .*staff\.trust\.update.*)$/.test(error))).toEqual([]);
    await context.close();
  });
});
