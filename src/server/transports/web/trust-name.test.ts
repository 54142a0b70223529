import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../../../../scripts/lib/site-server';
import { buildCheckoutOptions } from '../../../client/features/donate/checkout';
import type { Translate } from '../../../client/i18n';
import type { CreateDonationOutput, DonationInput } from '../../../shared/donation.schema';
import { indiaDate } from '../../../shared/india-time';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../../shared/page-render';
import { siteContent } from '../../../shared/site-content';
import { donationBody } from '../../test/donation-fixtures';
import { donorEmail, mailTo } from '../../test/mail-fixtures';
import { callProcedure, createTestApp, deliverSandboxWebhooks, type TestApp } from '../../test/test-app';
import { SitePages } from './site-pages';

/**
 * The trust's name is the one an admin saves under Trust details: the site's header and footer,
 * the checkout's name and the mails show it, not a name fixed in code; the footer's year is the
 * year the page is rendered in (India time), and the pages are rendered again when it changes.
 */

const CLIENT_DIR = fileURLToPath(new URL('../../../../dist/client', import.meta.url));
const DEFAULT_NAME = siteContent.legal.name;
/** A name sharing nothing with the default, with a character HTML must escape. */
const NEW_NAME = 'Paws & Whiskers Sanctuary';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  await ensureClientBuilt();
  t = await createTestApp({}, { clientDir: CLIENT_DIR, contentCheckIntervalMs: 200 });
  deliverSandboxWebhooks(t);
  await t.addAccount('secretary', 'admin');
  admin = await t.signIn('secretary');
}, 600_000);
afterAll(() => t?.close());

const served = async (url: string) => {
  const page = await t.app.inject({ url });
  expect(page.statusCode).toBe(200);
  return page.body;
};
/** The page's <header> and <footer>, as a reader sees their text. */
const part = (html: string, tag: 'header' | 'footer') =>
  (new RegExp(`<${tag} class="site-${tag}">([\\s\\S]*?)</${tag}>`).exec(html)?.[1] ?? '').replaceAll('&amp;', '&');
const pageData = (html: string): PageData =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`).exec(html)?.[1] ?? '{}',
  );
const checkoutName = (data: PageData) =>
  buildCheckoutOptions(
    { razorpayKeyId: 'rzp_test_key', donation: { id: 1 }, order: { id: 'order_1' } } as unknown as CreateDonationOutput,
    { donationType: 'one-time', amount: 500 } as DonationInput,
    ((key: string) => key) as unknown as Translate,
    { handler: () => {}, modal: { ondismiss: () => {} } },
    data.content,
  ).name;

describe("the trust's name", () => {
  it('is the default one until an admin saves Trust details, with the current year in the footer', async () => {
    const home = await served('/');
    expect(part(home, 'header')).toContain(`<span>${DEFAULT_NAME}</span>`);
    const footer = part(home, 'footer');
    expect(footer).toContain(`<p class="footer-brand">${DEFAULT_NAME}</p>`);
    expect(footer).toContain(`© ${indiaDate(new Date()).year} ${DEFAULT_NAME}. All rights reserved.`);
    expect(checkoutName(pageData(await served('/donate')))).toBe(DEFAULT_NAME);
  });

  it('follows Trust details on the pages, in the checkout and in a receipt mail', async () => {
    const details = await callProcedure(t.app, 'staff.trust.get', 'query', { token: admin });
    expect(details.statusCode, details.body).toBe(200);
    const saved = await callProcedure(t.app, 'staff.trust.update', 'mutation', {
      token: admin,
      input: { ...details.json().result.data, name: NEW_NAME },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // This instance renders its pages again before the call answers.
    const home = await served('/');
    const header = part(home, 'header');
    expect(header).toContain(`<span>${NEW_NAME}</span>`);
    expect(header).toContain(`aria-label="${NEW_NAME}`);
    // The inlined logo's title too.
    expect(header).toContain(encodeURIComponent(`<title>${NEW_NAME.replace('&', '&amp;')}</title>`));
    const footer = part(home, 'footer');
    expect(footer).toContain(`<p class="footer-brand">${NEW_NAME}</p>`);
    expect(footer).toContain(`© ${indiaDate(new Date()).year} ${NEW_NAME}. All rights reserved.`);
    for (const shown of [header, footer]) expect(shown).not.toContain(DEFAULT_NAME);

    const donate = await served('/donate');
    expect(part(donate, 'header')).toContain(`<span>${NEW_NAME}</span>`);
    expect(checkoutName(pageData(donate))).toBe(NEW_NAME);
    // Tamil's pages too (their content is the Tamil texts').
    expect(part(await served('/ta/'), 'footer')).toContain(`<p class="footer-brand">${NEW_NAME}</p>`);

    const email = donorEmail('trust-name');
    const created = await t.caller.donation.create(donationBody({ email, amount: 50_000 }));
    await t.emulator.completePayment({ orderId: created.order.id });
    await t.emulator.webhooksIdle();
    const receipt = (await mailTo(t, email)).find((mail) => mail.subject?.includes('receipt'));
    expect(receipt, 'no receipt mail').toBeDefined();
    const text = receipt?.text ?? '';
    const html = receipt?.html || '';
    // The signature of the text, the header of the HTML.
    expect(text).toContain(`${NEW_NAME}\n`);
    expect(html).toContain('Paws &#38; Whiskers Sanctuary</div>');
    for (const body of [text, html]) expect(body).not.toContain(DEFAULT_NAME);
    // And the sender's name, with no sender set in Settings or MAIL_FROM.
    expect(receipt?.from).toContain(NEW_NAME);
  });

  it('is on the appeal unsubscribe page as saved', async () => {
    const page = await t.app.inject({ url: '/unsubscribe/appeal-updates?token=made-up' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Paws &#38; Whiskers Sanctuary');
  });
});

describe("the footer's year", () => {
  it('is the year in India the pages are rendered in, and a new year renders them again', async () => {
    // 23:59 on 31 December in India, then a minute later: the first minute of the next year.
    let now = new Date('2026-12-31T18:29:00Z');
    const pages = await SitePages.start({
      clientDir: CLIENT_DIR,
      orm: t.db.orm,
      siteUrl: 'https://example.org',
      log: t.app.log,
      checkIntervalMs: 3_600_000,
      now: () => now,
    });
    if (!pages) throw new Error('no page bundle');
    try {
      const footer = () => part(pages.page('/')?.identity.toString() ?? '', 'footer');
      expect(footer()).toContain(`© 2026 ${NEW_NAME}.`);
      await pages.refresh();
      expect(footer()).toContain(`© 2026 ${NEW_NAME}.`);
      now = new Date('2026-12-31T18:30:00Z');
      await pages.refresh();
      expect(footer()).toContain(`© 2027 ${NEW_NAME}.`);
    } finally {
      pages.stop();
    }
  });
});
