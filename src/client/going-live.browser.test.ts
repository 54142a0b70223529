import { createHmac, randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevMailbox, startDevMailbox } from '../server/platform/mail/dev-mailbox';
import { paymentEntity, razorpayEvent } from '../server/test/webhook-fixtures';
import { siteContent } from '../shared/site-content';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { waitForHydration } from './test/page-helpers';
import { query, signInAs } from './test/staff-setup';

/**
 * Issue 33's whole path, as a trustee walks it on an empty database with a browser only: the setup
 * link from the server's log, the first admin, Settings (sandbox keys checked, the webhook waiting,
 * verified and failing, a test mail), Trust details, the policy pages published and read in Tamil,
 * a backup, the health list changing item by item, and a first donation on the overview. Then the
 * same console on a phone. One server for the file; the mailbox is the test's own SMTP server,
 * typed into Settings as the trustee would type her provider's.
 */
// What compose's setup script writes: a key of the server's own, not the development one.
const suite = startBrowserSuite({
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  // The trustee's console and the donor share one address here (127.0.0.1), and the console's calls
  // count against /trpc's per-address limit: a minute of clicking would refuse the donor's verify.
  RATE_LIMIT_PER_MINUTE: '600',
});
const PASSWORD = 'a trustee picks four words';
const WEBHOOK_SECRET = 'trustee-typed-webhook-secret';
const ADMIN_EMAIL = 'lakshmi@trust.example.org';

let mailbox: DevMailbox;
beforeAll(async () => {
  mailbox = await startDevMailbox();
});
afterAll(() => mailbox?.close());

/** The link the server printed at its start on the empty database, as a trustee copies it. */
function printedLink(): string {
  const link = /setup link \(create the first admin; works once, for 24 hours\): (\S+?token=[\w-]+)/.exec(
    suite.server.output(),
  )?.[1];
  if (!link) throw new Error(`no setup link in the server's log:\n${suite.server.output()}`);
  return link;
}

type HealthBadge = 'OK' | 'Check' | 'Fix' | 'Off';

/** The overview's health list as shown: each item's badge and sentence, by title. */
async function healthList(page: Page): Promise<Record<string, { badge: HealthBadge; message: string }>> {
  await page.goto(`${suite.server.url}/staff`);
  const heading = page.getByRole('heading', { name: /^Health \(/ });
  await heading.waitFor();
  const items = await heading.locator('xpath=..').locator('li').allTextContents();
  return Object.fromEntries(
    items.map((text) => {
      const [, badge, title, message] = /^(OK|Check|Fix|Off)([^:]+):\s*(.*)$/s.exec(text) ?? [];
      if (!badge || !title) throw new Error(`a health item not understood: ${text}`);
      return [title, { badge: badge as HealthBadge, message: message ?? '' }];
    }),
  );
}

/** Posts a webhook as Razorpay's dashboard would, signed with `secret`. */
async function postWebhook(secret: string) {
  const body = JSON.stringify(
    // An authorised payment: recorded as a delivery and otherwise ignored (only captures are money).
    razorpayEvent('payment.authorized', { payment: paymentEntity({ amount: 10_000, status: 'authorized' }) }),
  );
  const response = await fetch(`${suite.server.url}/api/webhooks/razorpay`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-event-id': `evt_${randomBytes(7).toString('hex')}`,
      'x-razorpay-signature': createHmac('sha256', secret).update(body).digest('hex'),
    },
    body,
  });
  await response.body?.cancel();
  return response.status;
}

/** Reloads until `check` passes: the server's workers (outbox, webhooks) run off the request. */
async function eventually(check: () => Promise<boolean>, what: string, withinMs = 20_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

describe('going live from an empty database, on a laptop', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
    page = await context.newPage();
  });
  afterAll(async () => context?.close());

  it('the setup link from the log makes the first admin, signed in, and the health list says what is left', async () => {
    await page.goto(printedLink());
    await page.getByRole('heading', { name: 'Set up the staff console' }).waitFor();
    await page.getByLabel('Your name').fill('Lakshmi Raman');
    await page.getByLabel('Username').fill('lakshmi');
    await page.getByLabel('Your e-mail address').fill(ADMIN_EMAIL);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create the admin account' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();

    const health = await healthList(page);
    // What a trustee has still to do, each red with its reason …
    expect(health['Trust details']).toMatchObject({ badge: 'Fix', message: expect.stringMatching(/placeholders/) });
    expect(health['Policy pages']).toMatchObject({ badge: 'Fix', message: expect.stringMatching(/not published/) });
    expect(health.Backups).toMatchObject({ badge: 'Fix', message: expect.stringMatching(/No backup in the last/) });
    // The setup asked for the admin's e-mail address: alerts reach someone from the start.
    expect(health['Alert e-mail']?.badge).toBe('OK');
    expect(health['Off-site copies']).toMatchObject({ badge: 'Off', message: expect.stringMatching(/^Not set up/) });
    // … and what only a real server shows, with the reason the list gives.
    expect(health['Razorpay keys']).toMatchObject({ badge: 'Check', message: expect.stringMatching(/sandbox/) });
    expect(health.https).toMatchObject({ badge: 'Fix', message: expect.stringMatching(/not https/) });
    expect(health.Admins).toMatchObject({ badge: 'Fix', message: expect.stringMatching(/^Only one admin/) });
    // Already well: no payment yet, no mail failing, a key of the server's own, room on the disk.
    expect(health.Webhooks?.badge).toBe('OK');
    expect(health.Mail?.badge).toBe('OK');
    expect(health['Encryption key']?.badge).toBe('OK');
    expect(health['Disk space']?.badge).toBe('OK');
  });

  it('Settings: sandbox keys saved and checked; the webhook waits, then shows verified and failed deliveries', async () => {
    await page.goto(`${suite.server.url}/staff/settings`);
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await page.getByLabel('Key Id').fill('rzp_test_Trustee000000001');
    await page.getByLabel('Key Secret').fill('TrusteeKeySecret00001234');
    await page.getByLabel('Webhook secret').fill(WEBHOOK_SECRET);
    await page.getByLabel('SMTP server').fill('127.0.0.1');
    await page.getByLabel('Port').fill(String(mailbox.port));
    await page.getByLabel('Sender address').fill('receipts@trust.example.org');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved: in force now').waitFor();

    await page.getByRole('button', { name: 'Check the keys' }).click();
    await page.getByRole('status').filter({ hasText: 'The sandbox accepted the keys' }).waitFor();

    // Nothing from Razorpay yet: the panel says so rather than staying blank.
    await page.getByText('None received yet.').waitFor();
    expect(await postWebhook(WEBHOOK_SECRET)).toBe(200);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const deliveries = page.getByRole('row').filter({ hasText: 'payment.authorized' });
    await deliveries.filter({ hasText: 'verified' }).waitFor();

    // Wrongly signed, naming none of the trust's payments: refused, listed, and on the health
    // list counted as noise from elsewhere (the address is public), not an alarm.
    expect(await postWebhook('a-different-secret')).toBe(400);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await deliveries
      .filter({ hasText: 'refused: not signed by Razorpay (someone else’s request; harmless)' })
      .waitFor();
    expect(await deliveries.count()).toBe(2);

    const health = await healthList(page);
    expect(health.Webhooks).toMatchObject({
      badge: 'OK',
      message: expect.stringMatching(/1 request from elsewhere .* was refused in the last 7 days/),
    });
  });

  it('"Send me a test mail" shows the mail server’s answer, and the mail arrives', async () => {
    await page.goto(`${suite.server.url}/staff/settings`);
    await page.getByRole('textbox', { name: 'To' }).fill(ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Send me a test mail' }).click();
    const answer = page.getByRole('status').filter({ hasText: 'Accepted by the mail server' });
    await answer.waitFor();
    expect(await answer.textContent()).toMatch(/250/);
    const received = mailbox.messages.filter((message) => message.to === ADMIN_EMAIL);
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toContain('receipts@trust.example.org');
  });

  it('Trust details, the admin’s e-mail and the policy pages turn their items green one by one', async () => {
    await page.goto(`${suite.server.url}/staff/trust`);
    await page.getByRole('heading', { name: 'Trust details' }).waitFor();
    await page.getByLabel('Address').fill('12 Besant Nagar 2nd Avenue, Chennai, Tamil Nadu 600090, India');
    await page.getByLabel("Trust's PAN").fill('AAATR4321K');
    await page.getByLabel('80G registration number (URN)').fill('AAATR4321KF20261');
    await page.getByLabel('80G validity').fill('AY 2026-27 to AY 2030-31');
    await page.getByRole('button', { name: 'Save trust details' }).click();
    await page.getByText('Trust details saved').waitFor();
    let health = await healthList(page);
    expect(health['Trust details']?.badge).toBe('OK');
    expect(health['Policy pages']?.badge).toBe('Fix');

    await page.goto(`${suite.server.url}/staff/accounts`);
    await page.getByRole('button', { name: 'Set the e-mail address of lakshmi' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill(ADMIN_EMAIL);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    health = await healthList(page);
    expect(health['Alert e-mail']?.badge).toBe('OK');

    await page.goto(`${suite.server.url}/staff/site-content`);
    await page.getByRole('heading', { name: 'Site content', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Grievance officer', exact: true }).fill('Lakshmi Raman');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('button', { name: /^Publish draft \d+$/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    health = await healthList(page);
    expect(health['Policy pages']?.badge).toBe('OK');

    // The notice as a Tamil reader finds it, with the trust's details filled in.
    const tamil = await context.newPage();
    await tamil.goto(`${suite.server.url}/ta/privacy`);
    await tamil.getByRole('heading', { level: 1, name: 'தனியுரிமை அறிவிப்பு' }).waitFor();
    expect(await tamil.locator('html').getAttribute('lang')).toBe('ta-IN');
    expect(await tamil.locator('main').textContent()).toContain('Lakshmi Raman');
    await tamil.close();
  });

  it('"Back up now" turns the backups item green; the off-site copies stay "not set up"', async () => {
    await page.goto(`${suite.server.url}/staff/backups`);
    await page.getByRole('button', { name: 'Back up now' }).click();
    await page.getByRole('table', { name: 'Backups' }).getByRole('link', { name: 'Download' }).first().waitFor();
    const health = await healthList(page);
    expect(health.Backups).toMatchObject({ badge: 'OK', message: expect.stringMatching(/^The last backup was taken/) });
    expect(health['Off-site copies']).toMatchObject({ badge: 'Off', message: expect.stringMatching(/^Not set up/) });
  });

  it('a first donation through the sandbox checkout lands on the overview, and its receipt mail on the list', async () => {
    const donor = await context.newPage();
    await donor.goto(`${suite.server.url}/donate`);
    await waitForHydration(donor);
    const form = donor.locator('form');
    await form.getByLabel('Full Name').fill('Asha Raman');
    await form.getByLabel('Email Address').fill('asha@example.org');
    await form.getByLabel('Phone Number').fill('+91 98765 43210');
    await form.getByRole('button', { name: '₹500' }).click();
    await form.getByRole('button', { name: 'Donate Now' }).click();
    await donor.getByRole('dialog', { name: siteContent.trust.name }).getByTestId('sandbox-pay').click();
    await donor.getByText('Thank you!').first().waitFor();
    await donor.close();

    await eventually(async () => {
      await page.goto(`${suite.server.url}/staff`);
      const today = page.getByRole('group', { name: 'Received today' });
      await today.waitFor();
      return (await today.textContent())?.includes('1 gift') ?? false;
    }, 'the gift on the overview');
    expect(await page.getByRole('group', { name: 'Received today' }).textContent()).toContain('500');

    // The receipt went through the outbox to the SMTP server saved in Settings.
    await eventually(
      async () => mailbox.messages.some((message) => message.to === 'asha@example.org'),
      'the donor’s mail',
    );
    await eventually(
      async () => (await healthList(page)).Mail?.message.startsWith('Mail was delivered') ?? false,
      'mail',
    );
    // The sandbox delivered its own webhook, signed with the saved secret.
    const [verified] = await query<{ count: string }>(
      suite.db.url,
      `select count(*) from webhook_deliveries where verified and event_type = 'payment.captured'`,
    );
    expect(Number(verified?.count)).toBeGreaterThan(0);
  });
});

describe('the same console on a phone', () => {
  it('signs in, checks the keys and reads the health list, nothing wider than the screen', async () => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/staff/login?redirect=/staff/settings`);
    await signInAs(page, 'lakshmi', PASSWORD);
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Check the keys' }).click();
    await page.getByRole('status').filter({ hasText: 'The sandbox accepted the keys' }).waitFor();
    const overflowOf = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflowOf()).toBeLessThanOrEqual(0);

    const health = await healthList(page);
    expect(health['Trust details']?.badge).toBe('OK');
    expect(health['Policy pages']?.badge).toBe('OK');
    // Each badge's word whole ("Check" was cut to "CH…").
    const cutBadges = await page
      .locator('li .mantine-Badge-label')
      .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth).length);
    expect(cutBadges).toBe(0);
    expect(health.Admins?.message).toMatch(/^Only one admin/);
    expect(await overflowOf()).toBeLessThanOrEqual(0);
    await context.close();
  });
});
