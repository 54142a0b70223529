import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorToken } from '../server/gifts/donor-keys/donor-link';
import { type DevMailbox, startDevMailbox } from '../server/platform/mail/dev-mailbox';
import { resolveDataEncryptionKey } from '../server/platform/personal-data/data-encryption-key';
import { donationBody } from '../server/test/donation-fixtures';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors, waitForHydration } from './test/page-helpers';
import { query } from './test/staff-setup';

/**
 * A monthly donor in charge of their gift, in Hindi on a phone (390×844): a card mandate started
 * through the real create, the sandbox's checkout and verify; then on /hi/my-giving they lower the
 * amount, pause and resume, and cancel at the end of the month paid, each answered on the page and
 * confirmed by a mail in Hindi (the server's mail worker, a real SMTP mailbox of this test's own).
 */

const env: Record<string, string> = {};
let mailbox: DevMailbox;
beforeAll(async () => {
  mailbox = await startDevMailbox();
  env.SMTP_URL = `smtp://127.0.0.1:${mailbox.port}`;
});
afterAll(async () => mailbox?.close());

const suite = startBrowserSuite(env);
const PHONE = { width: 390, height: 844 };
const EMAIL = 'kavya.sharma@example.org';

let context: BrowserContext;
let page: Page;
let token: string;

/** POSTs JSON to the running server, as the donate page and the sandbox's checkout do. */
async function post(path: string, body: unknown) {
  const response = await fetch(`${suite.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: suite.server.url },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return response.json();
}

beforeAll(async () => {
  const key = resolveDataEncryptionKey({ env: 'test', dataEncryptionKey: process.env.DATA_ENCRYPTION_KEY });
  token = donorToken(EMAIL, key);
  // ₹500 a month from the Hindi donate form, paid by card in the sandbox's checkout, verified.
  const created = await post(
    '/api/subscriptions',
    donationBody({ name: 'Kavya Sharma', email: EMAIL, donationType: 'monthly', amount: 50000, language: 'hi' }),
  );
  const subscriptionId = created.subscription.id;
  const paid = await post('/sandbox/checkout/pay', { subscription_id: subscriptionId, method: 'card', email: EMAIL });
  await post('/api/verify-payment', { ...paid, subscription_id: subscriptionId, donation_id: created.donation.id });
  context = await suite.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  page = await context.newPage();
});
afterAll(async () => context?.close());

const noSidewaysScroll = () =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
const subjectsTo = () => mailbox.messages.filter((mail) => mail.to === EMAIL).map((mail) => mail.subject);

describe('a card-mandate donor on a phone, in Hindi', () => {
  it('lowers the amount, pauses and resumes, cancels at the month’s end, and is mailed each change', async () => {
    const errors = collectErrors(page);
    await page.goto(`${suite.server.url}/hi/my-giving?token=${token}`);
    await waitForHydration(page);
    const gift = page.getByRole('article', { name: '₹500 प्रति माह का मासिक दान' });
    await gift.waitFor();
    await expect(gift.textContent()).resolves.toContain('कार्ड मैंडेट');
    // What Razorpay does not allow, said plainly on the page.
    await page.getByRole('complementary', { name: 'Razorpay क्या करने देता है' }).waitFor();
    await page.screenshot({ path: '/tmp/monthly-in-charge-hi-phone.png', fullPage: true });

    // Lower the amount to ₹300 from the next payment.
    await gift.getByRole('button', { name: 'अगले भुगतान से बदलें' }).click();
    await expect(gift.textContent()).resolves.toContain('जिस महीने का भुगतान हो चुका है, वह नहीं बदलेगा');
    await gift.getByLabel('हर महीने की नई राशि (₹)').fill('300');
    await gift.getByRole('button', { name: 'अगले भुगतान से बदलें' }).click();
    const lowered = page.getByRole('status').filter({ hasText: 'राशि बदल गई' });
    await lowered.waitFor();
    await expect(lowered.textContent()).resolves.toContain('₹300 प्रति माह');
    const now = page.getByRole('article', { name: '₹300 प्रति माह का मासिक दान' });
    await now.waitFor();

    // Pause, then resume.
    await now.getByRole('button', { name: 'रोकें' }).click();
    await page.getByRole('status').filter({ hasText: 'जब तक आप इसे फिर से शुरू नहीं करते' }).waitFor();
    await expect(now.textContent()).resolves.toContain('रोका गया');
    await page.screenshot({ path: '/tmp/monthly-in-charge-hi-paused.png', fullPage: true });
    await now.getByRole('button', { name: 'फिर से शुरू करें' }).click();
    await page.getByRole('status').filter({ hasText: 'फिर से चालू' }).waitFor();

    // Cancel at the end of the month already paid, after the confirm step.
    await now.getByRole('button', { name: 'भुगतान किए गए महीने के अंत में रद्द करें' }).click();
    await now.getByRole('group', { name: 'भुगतान किए गए महीने के अंत में रद्द करें?' }).waitFor();
    await now.getByRole('button', { name: 'हाँ, रद्द करें' }).click();
    await page.getByRole('status').filter({ hasText: 'यह भुगतान किए गए महीने के साथ समाप्त होगा' }).waitFor();
    await expect(now.textContent()).resolves.toMatch(/को समाप्त: भुगतान किए गए महीने के बाद कुछ नहीं कटेगा/);
    // Nothing left to pause or change; cancelling now stays possible.
    await expect(now.getByRole('button', { name: 'रोकें' }).count()).resolves.toBe(0);
    await now.getByRole('button', { name: 'मासिक दान रद्द करें' }).waitFor();
    await now.getByText('बदलाव').click();
    await expect(now.textContent()).resolves.toContain('राशि ₹500 → ₹300');

    await expect(noSidewaysScroll()).resolves.toBe(true);
    await page.screenshot({ path: '/tmp/monthly-in-charge-hi-phone-done.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 657 });
    await expect(noSidewaysScroll()).resolves.toBe(true);
    await page.screenshot({ path: '/tmp/monthly-in-charge-hi-desktop.png', fullPage: true });

    // Each change confirmed by mail, in Hindi, through SMTP.
    const expected = [
      'आपके मासिक दान की नई राशि',
      'आपका मासिक दान रोका गया है',
      'आपका मासिक दान फिर से शुरू हो गया है',
      'आपका मासिक दान भुगतान किए गए महीने के साथ समाप्त होगा',
    ];
    await expect.poll(subjectsTo, { timeout: 20_000 }).toEqual(expect.arrayContaining(expected));
    const amountMail = mailbox.messages.find((mail) => mail.to === EMAIL && mail.subject === expected[0]);
    expect(amountMail?.text).toContain('₹500.00 से बदलकर ₹300.00');
    expect(amountMail?.text).toMatch(new RegExp(`${suite.server.url}/hi/my-giving\\?token=`));
    expect(errors).toEqual([]);
  });
});

describe('a sponsor whose animal has left care, on a phone, in Hindi', () => {
  it('sees why the gift is paused and the link to choose another animal, with no Resume', async () => {
    const sponsor = 'meera.iyer@example.org';
    const created = await post(
      '/api/subscriptions',
      donationBody({ name: 'Meera Iyer', email: sponsor, donationType: 'monthly', amount: 50000, language: 'hi' }),
    );
    const subscriptionId = created.subscription.id;
    const paid = await post('/sandbox/checkout/pay', {
      subscription_id: subscriptionId,
      method: 'card',
      email: sponsor,
    });
    await post('/api/verify-payment', { ...paid, subscription_id: subscriptionId, donation_id: created.donation.id });
    // Moti was adopted and the gift paused for the sponsor (animals/sponsors/: the rows as they then stand).
    const [moti] = await query<{ id: number }>(
      suite.db.url,
      `insert into animals (slug, name, species, sex, intake_on, intake_kind, status, status_on, created_by, updated_by)
       values ('moti-left', 'Moti', 'dog', 'male', '2026-05-01', 'rescued', 'adopted', '2026-11-01', 'test', 'test') returning id`,
    );
    await query(
      suite.db.url,
      `update subscriptions set animal_id = $1, status = 'paused' where razorpay_subscription_id = $2`,
      [moti?.id, subscriptionId],
    );
    const key = resolveDataEncryptionKey({ env: 'test', dataEncryptionKey: process.env.DATA_ENCRYPTION_KEY });
    const errors = collectErrors(page);
    await page.setViewportSize(PHONE);
    await page.goto(`${suite.server.url}/hi/my-giving?token=${donorToken(sponsor, key)}`);
    await waitForHydration(page);
    const gift = page.getByRole('article', { name: '₹500 प्रति माह का मासिक दान' });
    await gift.getByText('Moti अब हमारी देखभाल में नहीं है').waitFor();
    await expect(gift.textContent()).resolves.toContain('Moti का प्रायोजन');
    const choose = gift.getByRole('link', { name: 'कोई और जानवर चुनें' });
    await expect(choose.getAttribute('href')).resolves.toMatch(/^\/hi\/my-sponsorship\?token=/);
    await expect(gift.getByRole('button', { name: 'फिर से शुरू करें' }).count()).resolves.toBe(0);
    await expect(gift.getByRole('button', { name: 'दूसरा कार्ड या UPI खाता इस्तेमाल करें' }).count()).resolves.toBe(0);
    await expect(noSidewaysScroll()).resolves.toBe(true);
    await page.screenshot({ path: '/tmp/monthly-sponsor-left-hi-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 657 });
    await expect(noSidewaysScroll()).resolves.toBe(true);
    await page.screenshot({ path: '/tmp/monthly-sponsor-left-hi-desktop.png', fullPage: true });
    expect(errors).toEqual([]);
  });
});
