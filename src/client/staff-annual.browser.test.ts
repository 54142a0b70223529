// Over 250 lines on purpose: the year's close in the console runs in order on one server and one
// browser (the accountant checks and downloads the statement, an admin classes a purpose, a clerk sees
// it read-only, a donor is erased, the office records this year's cheques and imports its
// spreadsheet); split, each part would seed and start them again.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestErasure } from '../server/donors/rights/erasure';
import { formNameFor, loadStatementLayout } from '../server/papers/reporting/statement-layout';
import { seedPaidGift } from '../server/test/donor-fixtures';
import {
  PART_B_HEADINGS,
  parseCsv,
  type SeededGift,
  seedOfflineGift,
  seedReceipt,
} from '../server/test/statement-fixtures';
import { financialYearOf, financialYearStarting } from '../shared/india-time';
import { indiaToday } from '../shared/offline-gift.schema';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors, dayFirst, fillDate } from './test/page-helpers';
import { createStaffWithCli, query, signInAs } from './test/staff-setup';

const PASSWORD = 'correct horse battery staple';
const KEY = randomBytes(32);
const suite = startBrowserSuite({ DATA_ENCRYPTION_KEY: KEY.toString('hex') });

/** The year the page opens on: the last one closed, whatever day the test runs. */
const current = financialYearOf(new Date());
const closed = financialYearStarting(current.startYear - 1);
const YEAR = closed.label;
const S = closed.startYear;
const FORM = formNameFor(loadStatementLayout(), YEAR);
const MEENA = 'meena.k@example.com';
const TODAY = indiaToday();

let meenaDonationId: number;
let otherDonationId = 9000;

/**
 * A receipt with no donation row (the statement reads receipts only), on a donation id no row has:
 * erasure finds a donor's receipts by their donations' ids too, so it must not hit another donor's.
 */
const receiptOnly = (gift: SeededGift) => seedReceipt(suite.db.orm, KEY, { ...gift, donationId: ++otherDonationId });

beforeAll(async () => {
  await createStaffWithCli(suite.db.url, 'admin', 'admin', PASSWORD);
  await createStaffWithCli(suite.db.url, 'clerk', 'staff', PASSWORD);
  const asha = { name: 'Asha Raman', email: 'asha@example.com', address: '12 Beach Road, Chennai 600001' };
  const ashaPan = { kind: 'pan' as const, value: 'ABCDE1234F' };
  await receiptOnly({
    ...asha,
    at: `${S}-06-01T10:00:00+05:30`,
    rupees: 100000,
    taxId: ashaPan,
    purpose: 'Shelter building fund',
  });
  await receiptOnly({
    ...asha,
    at: `${S}-07-01T10:00:00+05:30`,
    rupees: 2500,
    taxId: ashaPan,
    purpose: 'Food',
  });
  for (const month of ['08', '09']) {
    await receiptOnly({
      at: `${S}-${month}-10T10:00:00+05:30`,
      rupees: 500,
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      taxId: { kind: 'aadhaar', value: '234567890124' },
      purpose: 'Food',
    });
  }
  // Ravi also gives cash at the shelter (a Part B row of its own, mode Cash) and food (never in Part B).
  const raviOffline = {
    name: 'Ravi Kumar',
    email: 'ravi@example.com',
    taxId: { kind: 'aadhaar' as const, value: '234567890124' },
  };
  await seedOfflineGift(suite.db.orm, KEY, { ...raviOffline, mode: 'cash', receivedOn: `${S}-12-01`, rupees: 1500 });
  await seedOfflineGift(suite.db.orm, KEY, {
    ...raviOffline,
    mode: 'kind',
    receivedOn: `${S}-12-15`,
    rupees: 4000,
    kindDescription: '80 kg of dog food',
  });
  await receiptOnly({
    at: `${S}-10-01T10:00:00+05:30`,
    rupees: 750,
    name: 'Kumar',
    email: 'kumar@example.com',
  });
  await receiptOnly({
    at: `${S + 1}-01-05T10:00:00+05:30`,
    rupees: 1250,
    name: 'Lakshmi',
    email: 'l@example.com',
  });
  const meena = await seedPaidGift(suite.db.orm, KEY, {
    at: `${S}-11-01T10:00:00+05:30`,
    rupees: 5000,
    name: 'Meena K',
    email: MEENA,
    phone: '9123456780',
    address: '4 Temple Street, Mylapore',
    taxId: { kind: 'pan', value: 'PQRSX6789K' },
  });
  meenaDonationId = meena.donationId;
});

async function signIn(page: Page, username: string) {
  await signInAs(page, username, PASSWORD);
}

/** Opens a date box's calendar and checks it lies wholly inside the window. */
async function openCalendar(page: Page, box: Locator, viewport: { width: number; height: number }) {
  await box.click();
  const calendar = page.locator('[data-dates-dropdown]');
  await calendar.waitFor();
  // Once its fade-in has ended (a screenshot taken sooner shows it half transparent).
  await expect.poll(() => calendar.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  const { x, y, width, height } = (await calendar.boundingBox()) ?? { x: -1, y: -1, width: 0, height: 0 };
  expect(x).toBeGreaterThanOrEqual(0);
  expect(y).toBeGreaterThanOrEqual(0);
  expect(x + width).toBeLessThanOrEqual(viewport.width);
  expect(y + height).toBeLessThanOrEqual(viewport.height);
  return calendar;
}

async function downloadCsv(page: Page, link: string): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: link }).click()]);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return parseCsv(csv);
}

const figure = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
const byType = (page: Page) => page.getByRole('table', { name: 'By donation type' });
const byMode = (page: Page) => page.getByRole('table', { name: 'By mode of receipt' });
const ELECTRONIC = 'Electronic modes including account payee cheque/draft';

async function chooseYear(page: Page, year: string) {
  await page.getByRole('combobox', { name: 'Financial year' }).click();
  await page.getByRole('option', { name: year, exact: true }).click();
}

describe('the annual statement, as an admin at 1280×800', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    page = await context.newPage();
    errors = collectErrors(page);
  });
  afterAll(async () => context?.close());

  it('opens on the last closed year with its form, summary and filing date', async () => {
    await page.goto(`${suite.server.url}/staff/statement`);
    await page.waitForURL(/\/staff\/login\?redirect=/);
    await signIn(page, 'admin');
    await page.waitForURL((url) => url.pathname === '/staff/statement');
    await page.getByRole('heading', { name: `${FORM} — statement of donations, ${YEAR}` }).waitFor();
    await expect(page.getByRole('combobox', { name: 'Financial year' }).inputValue()).resolves.toBe(YEAR);
    await expect(figure(page, 'Rows').textContent()).resolves.toContain('4');
    await expect(figure(page, 'Donors').textContent()).resolves.toContain('3');
    await expect(figure(page, 'Total').textContent()).resolves.toContain('₹1,10,000');
    await expect(byType(page).locator('tbody tr').allTextContents()).resolves.toEqual(['Others4₹1,10,000']);
    await expect(byMode(page).locator('tbody tr').allTextContents()).resolves.toEqual([
      'Cash1₹1,500',
      `${ELECTRONIC}3₹1,08,500`,
    ]);
    await page.getByText(`File by 31 May ${S + 1}`).waitFor();
    await page.getByText('3 gifts, ₹6,000, are not in Part B', { exact: false }).waitFor();
    const left = page.getByRole('table', { name: 'Gifts not in Part B' }).locator('tbody tr');
    await expect(left.allTextContents()).resolves.toEqual([
      expect.stringMatching(/KumarOnline \(Razorpay\)₹750no PAN or Aadhaar$/),
      expect.stringMatching(new RegExp(`${S}-12-15Ravi KumarIn kind₹4,000a gift in kind gives no deduction$`)),
      expect.stringMatching(/LakshmiOnline \(Razorpay\)₹1,250no PAN or Aadhaar$/),
    ]);
    await page.screenshot({ path: '/tmp/console-statement.png', fullPage: true });
  });

  it('downloads Part B with the portal’s headings, and the gifts it leaves out', async () => {
    const [headings, ...rows] = await downloadCsv(page, 'Download Part B (CSV)');
    expect(headings).toEqual(PART_B_HEADINGS);
    expect(rows.map((row) => [row[3], row[7], row[9], row[10], row[11]])).toEqual([
      ['ABCDE1234F', 'Asha Raman', 'Others', ELECTRONIC, '102500'],
      ['234567890124', 'Ravi Kumar', 'Others', ELECTRONIC, '1000'],
      ['PQRSX6789K', 'Meena K', 'Others', ELECTRONIC, '5000'],
      ['234567890124', 'Ravi Kumar', 'Others', 'Cash', '1500'],
    ]);
    const [listHeadings, ...gifts] = await downloadCsv(page, 'Download the list (CSV)');
    expect(listHeadings).toEqual([
      'Receipt number',
      'Date (India time)',
      'Name',
      'E-mail',
      'Mode',
      'Amount (₹)',
      'Why not in Part B',
    ]);
    expect(gifts.map((gift) => gift.slice(2))).toEqual([
      ['Kumar', 'kumar@example.com', 'Online (Razorpay)', '750.00', 'no PAN or Aadhaar'],
      ['Ravi Kumar', 'ravi@example.com', 'In kind', '4000.00', 'a gift in kind gives no deduction'],
      ['Lakshmi', 'l@example.com', 'Online (Razorpay)', '1250.00', 'no PAN or Aadhaar'],
    ]);
  });

  it('classes a purpose as corpus, and the summary and Part B follow', async () => {
    await page.getByRole('combobox', { name: 'Donation type of Shelter building fund' }).click();
    await page.getByRole('option', { name: 'Corpus', exact: true }).click();
    await page.getByText('“Shelter building fund” is now Corpus').waitFor();
    await expect
      .poll(() => byType(page).locator('tbody tr').allTextContents())
      .toEqual(['Corpus1₹1,00,000', 'Others4₹10,000']);
    await expect(figure(page, 'Rows').textContent()).resolves.toContain('5');
    const [, ...rows] = await downloadCsv(page, 'Download Part B (CSV)');
    expect(rows.map((row) => [row[3], row[9], row[11]])).toContainEqual(['ABCDE1234F', 'Corpus', '100000']);
    expect(rows).toHaveLength(5);
    const stored = await query<{ donation_type: string }>(
      suite.db.url,
      `select donation_type from statement_purposes where purpose = 'Shelter building fund'`,
    );
    expect(stored).toEqual([{ donation_type: 'corpus' }]);
  });

  it('names the form after the year: Form 113 from 2026-27', async () => {
    await chooseYear(page, current.label);
    await page.getByRole('heading', { name: `Form 113 — statement of donations, ${current.label}` }).waitFor();
    await expect(figure(page, 'Rows').textContent()).resolves.toContain('0');
    await page.getByText('None: every gift of the year can be reported.').waitFor();
    await chooseYear(page, YEAR);
    await page.getByRole('heading', { name: `${FORM} — statement of donations, ${YEAR}` }).waitFor();
    // The only failures: the calls made before signing in.
    expect(errors.filter((error) => !/^401 /.test(error))).toEqual([]);
  });
});

describe('the annual statement, as staff (not an admin)', () => {
  it('shows the purposes read-only', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/staff/login?redirect=/staff/statement`);
    await signIn(page, 'clerk');
    await page.getByRole('heading', { name: `${FORM} — statement of donations, ${YEAR}` }).waitFor();
    const shelter = page
      .getByRole('table', { name: 'Purposes' })
      .locator('tbody tr', { hasText: 'Shelter building fund' });
    await expect(shelter.textContent()).resolves.toContain('Corpus');
    await page.getByText('Only an admin can change these.').waitFor();
    expect(await page.getByRole('combobox', { name: 'Donation type of Shelter building fund' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Staff accounts' }).count()).toBe(0);
    // Part B holds donors' full PAN and Aadhaar: an admin downloads it, and the page says so.
    await page.getByText('It holds donors’ full PAN and Aadhaar, so an admin downloads it.').waitFor();
    expect(await page.getByRole('link', { name: 'Download Part B (CSV)' }).count()).toBe(0);
    await context.close();
  });
});

describe('erasure requests', () => {
  it('are listed, completed from the page, and the donor is anonymised in the database', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${suite.server.url}/staff/login?redirect=/staff/erasure`);
    await signIn(page, 'admin');
    await page.getByRole('heading', { name: 'Erasure requests' }).waitFor();
    await page.getByText('No erasure requests: no donor has asked to be forgotten').waitFor();

    const { id } = await requestErasure(suite.db.orm.em.fork(), { email: MEENA, ip: '127.0.0.1' });
    await page.reload();
    const row = page.getByRole('table', { name: 'Erasure requests' }).locator('tbody tr', { hasText: MEENA });
    await expect(row.textContent()).resolves.toContain('requested');
    await row.getByRole('button', { name: `Complete erasure request ${id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete this erasure?' });
    await dialog.getByText('Kept until the retention period ends').waitFor();
    await expect(dialog.textContent()).resolves.toContain(
      'for eight years from the end of each receipt’s financial year',
    );
    await dialog.getByRole('button', { name: 'Erase this donor' }).click();
    await page.getByText(`Erasure request ${id} completed. 1 receipt is kept until`, { exact: false }).waitFor();

    const done = page.getByRole('table', { name: 'Erasure requests' }).locator('tbody tr', { hasText: 'completed' });
    await done.waitFor();
    await expect(done.textContent()).resolves.toMatch(/by admin.*1, until 1 April \d{4}/);
    expect(await page.getByText(MEENA).count()).toBe(0);
    await page.getByText('0 waiting, 1 completed').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Another donor asks: the waiting request is listed first, with its button.
    const next = await requestErasure(suite.db.orm.em.fork(), { email: 'ravi@example.com', ip: '127.0.0.1' });
    await page.reload();
    await page.getByText('1 waiting, 1 completed').waitFor();
    await page.getByRole('button', { name: `Complete erasure request ${next.id}` }).waitFor();
    // The table's loading veil has faded (its opacity transition) before the picture is taken.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.mantine-datatable-loader')].every(
        (veil) => getComputedStyle(veil).opacity === '0',
      ),
    );
    await page.screenshot({ path: '/tmp/console-erasure.png', fullPage: true });

    // Completed meanwhile by a colleague: the server's refusal is shown, and the row catches up.
    // (Its row as a completion leaves it: completing for real needs the server's Razorpay gateway.)
    await suite.db.orm.em
      .fork()
      .execute(
        `update erasure_requests set status = 'completed', email = 'erased', completed_at = now(), completed_by = 'clerk' where id = ?`,
        [next.id],
      );
    await page.getByRole('button', { name: `Complete erasure request ${next.id}` }).click();
    await dialog.getByRole('button', { name: 'Erase this donor' }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toContain('Already completed');
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await page.getByText('0 waiting, 2 completed').waitFor();

    const [donation] = await query<{ name: string; email: string; phone: string }>(
      suite.db.url,
      'select name, email, phone from donations where id = $1',
      [meenaDonationId],
    );
    expect(donation).toEqual({
      name: 'Erased donor',
      email: `erased-${meenaDonationId}@erased.invalid`,
      phone: '0000000000',
    });
    const [receipt] = await query<{ donor_email: string }>(
      suite.db.url,
      `select donor_email from receipts where donor_name = 'Meena K'`,
    );
    expect(receipt?.donor_email).toBe(MEENA); // kept until the retention period ends
    // The only failures: the calls made before signing in, and the refused second completion (and
    // its preview, which asks what a completed request would reach: the same refusal).
    expect(errors.filter((error) => !/^(401 .*|409 .*staff\.erasure\.(complete|preview).*)$/.test(error))).toEqual([]);
    await context.close();
  });
});

describe('gifts received outside the website, this year, on a phone', () => {
  it('records a cheque, imports a spreadsheet, bounces the cheque, and Part B has what stands', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.phone, acceptDownloads: true });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${suite.server.url}/staff/login?redirect=/staff/gifts-received`);
    await signIn(page, 'admin');
    await page.getByRole('heading', { name: 'Gifts received outside the website' }).waitFor();

    // A cheque, as the office has it in hand (the mode is Cheque to start with).
    const form = page.getByRole('form', { name: 'Record a gift' });
    await form.getByLabel('Donor’s name').fill('Senthil Nathan');
    await form.getByLabel('E-mail').fill('senthil@example.com');
    await form.getByLabel('Phone').fill('9876501234');
    await form.getByLabel('Amount (₹)').fill('7,500');
    await form.getByLabel('Cheque number').fill('004512');
    await form.getByRole('textbox', { name: 'Bank' }).fill('Indian Overseas Bank');
    // Dates are day first whatever the browser's locale, and the calendar fits the phone.
    const received = form.getByLabel('Date received');
    await expect(received.inputValue()).resolves.toBe(dayFirst(TODAY));
    await openCalendar(page, received, VIEWPORTS.phone);
    await page.screenshot({ path: '/tmp/console-date-picker-phone.png' });
    await received.press('Escape');
    await fillDate(form.getByLabel('Date on the cheque'), TODAY);
    await form.getByRole('button', { name: 'Record the gift and issue its receipt' }).click();
    const issued = page.getByRole('status').filter({ hasText: 'issued' });
    await issued.waitFor();
    const chequeReceipt = (await issued.textContent())?.match(/Receipt (\S+) issued/)?.[1];
    expect(chequeReceipt).toMatch(new RegExp(`^CART/${current.label}/`));
    const chequeId = Number(
      (await issued.getByRole('link', { name: /^Donation #/ }).textContent())?.replace(/\D/g, ''),
    );
    await page.screenshot({ path: '/tmp/console-gift-recorded.png', fullPage: true });

    // The spreadsheet: two good rows and a bad one, checked before anything is written.
    const csv = [
      'name,email,phone,amount_rupees,mode,received_on,purpose,reference,bank,instrument_date,kind_description,pan,address',
      `Priya Iyer,priya@example.com,9876501235,"12,000",NEFT,${TODAY},medical,HDFC00000000123456,,,,ABCPI1234K,"7 Lake View Road, Chennai 600017"`,
      `Walk-in,,,800,cash,${TODAY},,,,,,,`,
      `Bad row,,9876501236,lots,cash,${TODAY},,,,,,,`,
    ].join('\n');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'gifts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await figure(page, 'New, to record').getByText('2').waitFor();
    const rows = page.getByRole('table', { name: 'Rows of the file' });
    await expect(rows.locator('tbody tr').allTextContents()).resolves.toEqual([
      expect.stringMatching(/^4RefusedBad row.*amount_rupees: must be an amount in rupees/),
    ]);
    await page.getByRole('button', { name: 'Record 2 new gifts' }).click();
    await page.getByText('2 gifts recorded').waitFor();
    await page.screenshot({ path: '/tmp/console-gift-import.png', fullPage: true });

    // The bank returns the cheque.
    await page.goto(`${suite.server.url}/staff/donations/${chequeId}`);
    await page.getByLabel('Returned by the bank? Why (as the bank’s memo says)').fill('Funds insufficient');
    await page.getByRole('button', { name: 'Mark the cheque bounced' }).click();
    await page
      .getByRole('dialog', { name: 'Mark the cheque bounced?' })
      .getByRole('button', { name: 'Mark bounced' })
      .click();
    await page
      .getByRole('list', { name: 'Progress' })
      .getByText(`Returned unpaid by the bank: Funds insufficient; receipt ${chequeReceipt} cancelled`)
      .waitFor();
    await page.screenshot({ path: '/tmp/console-cheque-bounced.png', fullPage: true });

    // The year's statement: the transfer with its PAN is the one Part B row; the cash has no ID.
    await page.goto(`${suite.server.url}/staff/statement`);
    await chooseYear(page, current.label);
    await expect.poll(() => figure(page, 'Rows').textContent()).toContain('1');
    const [, ...partB] = await downloadCsv(page, 'Download Part B (CSV)');
    expect(partB.map((row) => [row[3], row[7], row[10], row[11]])).toEqual([
      ['ABCPI1234K', 'Priya Iyer', ELECTRONIC, '12000'],
    ]);
    expect(errors.filter((error) => !/^401 /.test(error))).toEqual([]);
    await context.close();
  });
});

describe('the console’s date boxes at 1366×657, in a US-English browser', () => {
  it('show and take the day first, send the ISO day, and the calendar fits', async () => {
    const viewport = { width: 1366, height: 657 };
    const context = await suite.browser.newContext({ viewport, locale: 'en-US' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${suite.server.url}/staff/login?redirect=/staff/donations`);
    await signIn(page, 'admin');
    const from = page.getByLabel('From', { exact: true });
    const calendar = await openCalendar(page, from, viewport);
    await page.screenshot({ path: '/tmp/console-date-picker-laptop.png' });
    const [year, month] = TODAY.split('-');
    const monthName = new Date(`${TODAY}T00:00:00Z`).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
    await calendar.getByRole('button', { name: `1 ${monthName} ${year}`, exact: true }).click();
    await expect(from.inputValue()).resolves.toBe(dayFirst(`${year}-${month}-01`));
    await expect.poll(() => decodeURIComponent(page.url())).toContain(`${year}-${month}-01`);
    const to = page.getByLabel('To', { exact: true });
    await fillDate(to, TODAY);
    await expect.poll(() => decodeURIComponent(page.url())).toContain(TODAY);
    await expect(to.inputValue()).resolves.toBe(dayFirst(TODAY));
    expect(errors.filter((error) => !/^401 /.test(error))).toEqual([]);
    await context.close();
  });
});
