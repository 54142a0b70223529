import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveAnimal } from '../server/animals/records/move-animal';
import { tellSponsorsAnimalLeft } from '../server/animals/sponsors/animal-left';
import { donorLink } from '../server/gifts/donor-keys/donor-link';
import { type DevMailbox, startDevMailbox } from '../server/platform/mail/dev-mailbox';
import { seedAnimal } from '../server/test/animal-fixtures';
import { siteContent } from '../shared/site-content';
import { VIEWPORTS } from './test/browser-harness';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors, waitForHydration } from './test/page-helpers';
import { createStaffWithCli, query, signInAs } from './test/staff-setup';

/**
 * A Hindi donor on a phone sponsors Bruno from his page's link (the donate form filled in for him,
 * the sandbox's checkout), hears from him when staff post an update in Hindi, and when a family
 * adopts him, carries the same monthly gift to Lakshmi on their own page: the same Razorpay
 * subscription, no new mandate. The real server, its mail worker and a real SMTP mailbox.
 */
const KEY_HEX = randomBytes(32).toString('hex');
const env: Record<string, string> = { DATA_ENCRYPTION_KEY: KEY_HEX };
let mailbox: DevMailbox;
beforeAll(async () => {
  mailbox = await startDevMailbox();
  env.SMTP_URL = `smtp://127.0.0.1:${mailbox.port}`;
});
afterAll(async () => mailbox?.close());

const suite = startBrowserSuite(env);
const PASSWORD = 'correct horse battery staple';
const EMAIL = 'sunita.sharma@example.org';
let bruno: { id: number; slug: string };
let lakshmi: { id: number; slug: string };

beforeAll(async () => {
  await createStaffWithCli(suite.db.url, 'kavya', 'staff', PASSWORD);
  bruno = await seedAnimal(suite.db.orm.em.fork(), {
    name: 'Bruno',
    status: 'resident',
    sponsorMonthlyAmount: 350_000,
  });
  lakshmi = await seedAnimal(suite.db.orm.em.fork(), {
    name: 'Lakshmi',
    status: 'resident',
    sponsorMonthlyAmount: 350_000,
  });
});

const mailsTo = (subject: string) =>
  expect
    .poll(() => mailbox.messages.filter((mail) => mail.to === EMAIL && mail.subject === subject).length, {
      timeout: 30_000,
    })
    .toBe(1)
    .then(() => mailbox.messages.find((mail) => mail.to === EMAIL && mail.subject === subject));

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('a Hindi donor on a phone (390×844) sponsors an animal', () => {
  let phone: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    phone = await suite.browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
    page = await phone.newPage();
    errors = collectErrors(page);
  });
  afterAll(async () => phone?.close());

  it('sponsors Bruno, receives his update, and moves the gift to Lakshmi when he is adopted', async () => {
    const query_ = new URLSearchParams({ type: 'monthly', amount: '3500', animal: bruno.slug, animalName: 'Bruno' });
    await page.goto(`${suite.server.url}/hi/donate?${query_}`);
    await waitForHydration(page);
    const form = page.locator('form');
    await expect.poll(() => form.getByTestId('sponsoring').textContent()).toBe('Bruno के लिए सहारा: ₹3,500 महीना');
    await form.getByLabel('पूरा नाम').fill('Sunita Sharma');
    await form.getByLabel('ईमेल पता').fill(EMAIL);
    await form.getByLabel('फ़ोन नंबर').fill('+91 98765 43210');
    await form.getByLabel('मुझे जानवरों के समाचार भेजें').check();
    await page.screenshot({ path: '/tmp/sponsor-donate-hi-phone.png', fullPage: true });
    await form.getByRole('button', { name: 'अभी दान करें' }).click();
    const modal = page.getByRole('dialog', { name: siteContent.trust.name });
    await modal.waitFor();
    await modal.getByTestId('sandbox-pay').click();
    await expect
      .poll(
        async () =>
          (
            await query<{ status: string }>(
              suite.db.url,
              `select s.status from subscriptions s join donations d on d.id = s.donation_id
                where d.email = $1 and s.animal_id = $2 and d.status = 'paid'`,
              [EMAIL, bruno.id],
            )
          )[0]?.status,
        { timeout: 20_000 },
      )
      .toBe('active');
    const [before] = await query<{ razorpay_subscription_id: string }>(
      suite.db.url,
      'select razorpay_subscription_id from subscriptions where animal_id = $1',
      [bruno.id],
    );

    // Staff post an update with its Hindi text; it reaches the donor in Hindi.
    const desk = await suite.browser.newContext({ viewport: { width: 1366, height: 657 } });
    const staff = await desk.newPage();
    await staff.goto(`${suite.server.url}/staff/login?redirect=/staff/sponsorships`);
    await signInAs(staff, 'kavya', PASSWORD);
    const row = staff.getByRole('row').filter({ hasText: 'Bruno' });
    await row.waitFor();
    expect(await row.textContent()).toContain('never');
    await row.getByRole('button', { name: 'Post an update' }).click();
    const update = staff.getByRole('form', { name: 'Post an update to Bruno’s sponsors' });
    await update.getByLabel('Update (English)').fill('Bruno ran on the beach today.');
    await update.getByLabel('Hindi (optional)').fill('आज ब्रूनो समुद्र तट पर दौड़ा।');
    await update.getByRole('button', { name: 'Post and mail to sponsors' }).click();
    await staff.getByText('Update posted and mailed to 1 sponsor').waitFor();
    await staff.screenshot({ path: '/tmp/sponsorships-desktop.png', fullPage: true });
    await staff.setViewportSize(VIEWPORTS.phone);
    await staff.screenshot({ path: '/tmp/sponsorships-phone.png', fullPage: true });
    await desk.close();
    const news = await mailsTo('Bruno की खबर, जिसे आप सहारा देते हैं');
    expect(news?.text).toContain('आज ब्रूनो समुद्र तट पर दौड़ा।');
    expect(news?.text).toContain(`${suite.server.url}/hi/adopt/${bruno.slug}`);

    // A family adopts Bruno: the move and the news to his sponsors in one transaction.
    const key = Buffer.from(KEY_HEX, 'hex');
    const actor = { userId: null, username: 'kavya', ip: '127.0.0.1' };
    await suite.db.orm.em.fork().transactional(async (tx) => {
      await moveAnimal(tx, actor, { animalId: bruno.id, to: 'adoptable' });
      await moveAnimal(tx, actor, { animalId: bruno.id, to: 'adopted' });
      await tellSponsorsAnimalLeft(tx, bruno.id, {
        siteUrl: suite.server.url,
        personalDataKey: key,
        donorLinks: {
          donorPageUrl: (email, language) => `${suite.server.url}${donorLink(email, key, new Date(), language)}`,
        },
      });
    });
    const left = await mailsTo('Bruno को घर मिल गया');
    const link = new RegExp(`${suite.server.url}/hi/my-sponsorship\\?token=[0-9]+\\.[0-9]+\\.[\\w-]+`).exec(
      left?.text ?? '',
    )?.[0];
    expect(link).toBeDefined();

    await page.goto(link as string);
    await page.getByRole('heading', { level: 1, name: 'आपका सहारा' }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('hi-IN');
    await page.getByText('Bruno को एक परिवार में घर मिल गया है।').waitFor();
    await expect(noSidewaysScroll(page)).resolves.toBe(true);
    // The Devanagari subset (public/fonts) loads once the text needs it.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: '/tmp/sponsor-choice-hi-phone.png', fullPage: true });
    await page.getByRole('button', { name: 'Lakshmi को सहारा दें' }).click();
    await page.getByText('धन्यवाद: आपका मासिक दान अब Lakshmi को सहारा देता है।').waitFor();
    await page.screenshot({ path: '/tmp/sponsor-moved-hi-phone.png', fullPage: true });

    const [after] = await query<{ animal_id: number; razorpay_subscription_id: string; status: string }>(
      suite.db.url,
      'select animal_id, razorpay_subscription_id, status from subscriptions where razorpay_subscription_id = $1',
      [before?.razorpay_subscription_id],
    );
    expect(after).toEqual({
      animal_id: lakshmi.id,
      razorpay_subscription_id: before?.razorpay_subscription_id,
      status: 'active',
    });
    expect(errors).toEqual([]);
  });
});
