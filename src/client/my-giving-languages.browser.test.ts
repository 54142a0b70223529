import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { donorToken } from '../server/gifts/donor-keys/donor-link';
import { type DevMailbox, startDevMailbox } from '../server/platform/mail/dev-mailbox';
import { resolveDataEncryptionKey } from '../server/platform/personal-data/data-encryption-key';
import { seedPaidGift } from '../server/test/donor-fixtures';
import { axeViolations } from './test/axe';
import { startBrowserSuite } from './test/browser-suite';
import { collectErrors, waitForHydration } from './test/page-helpers';

/**
 * The donor's page in Tamil on a phone, the whole way a Tamil donor takes it: /ta/my-giving asks
 * for their e-mail, the link arrives (a real SMTP mailbox, the server's mail worker sending to it)
 * and opens /ta/my-giving, which lists their gifts in Tamil. And axe on the Tamil and Hindi pages.
 */

// The server's mail goes to a mailbox of this test's own: SMTP_URL is set before the suite starts it.
const env: Record<string, string> = {};
let mailbox: DevMailbox;
beforeAll(async () => {
  mailbox = await startDevMailbox();
  env.SMTP_URL = `smtp://127.0.0.1:${mailbox.port}`;
});
afterAll(async () => mailbox?.close());

const suite = startBrowserSuite(env);
const PHONE = { width: 360, height: 740 };
const EMAIL = 'meena.kumar@example.org';

let key: Buffer;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  key = resolveDataEncryptionKey({ env: 'test', dataEncryptionKey: process.env.DATA_ENCRYPTION_KEY });
  const meena = { name: 'Meena Kumar', email: EMAIL, address: '4 Temple Street, Mylapore, Chennai 600004' };
  await seedPaidGift(suite.db.orm, key, { ...meena, at: '2025-06-10T10:00:00+05:30', rupees: 1500, purpose: 'food' });
  await seedPaidGift(suite.db.orm, key, {
    ...meena,
    at: '2026-05-01T10:00:00+05:30',
    rupees: 100000,
    purpose: 'medical',
  });
  await seedPaidGift(suite.db.orm, key, { ...meena, at: '2026-06-01T10:00:00+05:30', rupees: 700, refunded: true });
  context = await suite.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
});
afterAll(async () => context?.close());
beforeEach(async () => {
  page = await context.newPage();
  errors = collectErrors(page);
});

const noSidewaysScroll = () =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('a Tamil donor on a phone', () => {
  it('asks for a link on /ta/my-giving, opens it from the mailbox, and sees their gifts in Tamil', async () => {
    await page.goto(`${suite.server.url}/ta/my-giving`);
    await waitForHydration(page);
    await expect(page.title()).resolves.toMatch(/^என் நன்கொடைகள் \|/);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ta-IN');
    const form = page.getByRole('form', { name: 'உங்கள் பக்கத்துக்கான இணைப்பைப் பெறுங்கள்' });
    await form.getByLabel('நன்கொடை அளித்தபோது கொடுத்த மின்னஞ்சல் முகவரியை உள்ளிடுங்கள்').fill(EMAIL);
    await form.getByRole('button', { name: 'எனக்கு இணைப்பை அனுப்புங்கள்' }).click();
    await page.getByRole('status').filter({ hasText: 'உங்கள் மின்னஞ்சலைப் பாருங்கள்' }).waitFor();

    // The mail, as the donor's mail app gets it: in Tamil, its link to the Tamil page.
    await expect.poll(() => mailbox.messages.filter((mail) => mail.to === EMAIL).length, { timeout: 20_000 }).toBe(1);
    const mail = mailbox.messages.find((message) => message.to === EMAIL);
    expect(mail?.subject).toBe('உங்கள் நன்கொடைகள்: ரசீதுகளும் ஆண்டு அறிக்கைகளும்');
    const link = new RegExp(`${suite.server.url}/ta/my-giving\\?token=[\\w-]+\\.[\\w-]+`).exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();

    await page.goto(link as string);
    await waitForHydration(page);
    const gifts = page.getByRole('region', { name: 'உங்கள் நன்கொடைகளும் ரசீதுகளும்' });
    await gifts.waitFor();
    // The token off the address, the page still Tamil.
    expect(page.url()).toBe(`${suite.server.url}/ta/my-giving`);
    await page.getByRole('heading', { level: 1, name: 'என் நன்கொடைகள்' }).waitFor();
    const text = (await gifts.textContent()) ?? '';
    expect(text).toContain('நிதியாண்டு 2026-27');
    expect(text).toContain('நிதியாண்டு 2025-26');
    expect(text.indexOf('2026-27')).toBeLessThan(text.indexOf('2025-26'));
    expect(text).toContain('₹1,00,000');
    expect(text).toContain('1 மே, 2026 · ஒருமுறை நன்கொடை · மருத்துவ சிகிச்சை');
    const refunded = gifts.getByRole('listitem').filter({ hasText: '₹700' });
    await expect(refunded.textContent()).resolves.toMatch(/திருப்பி அளிக்கப்பட்டது.*ரசீது எண் \S+.*ரத்து செய்யப்பட்டது/);
    await gifts.getByRole('link', { name: '2026-27 நிதியாண்டுக்கான அறிக்கையைப் பதிவிறக்குங்கள் (PDF)' }).waitFor();
    await page.getByText(`${EMAIL} முகவரியுடன் அளித்த நன்கொடைகள்`).waitFor();
    await page.getByRole('region', { name: 'உங்கள் தரவு' }).waitFor();
    expect(text).not.toMatch(/Financial year|One-time gift|Download/);
    await expect(noSidewaysScroll()).resolves.toBe(true);
    await page.screenshot({ path: '/tmp/my-giving-tamil-phone.png', fullPage: true });
    expect(errors).toEqual([]);
  });
});

describe('accessibility in Tamil and Hindi', () => {
  it('axe-core finds no violations on /ta/my-giving and /hi/my-giving: the link form, and the gifts', async () => {
    // axe is injected as an inline script, which the site's CSP rightly refuses.
    const axeContext = await suite.browser.newContext({ viewport: PHONE, isMobile: true, bypassCSP: true });
    const checked = await axeContext.newPage();
    for (const [path, form] of [
      ['/ta/my-giving', 'உங்கள் பக்கத்துக்கான இணைப்பைப் பெறுங்கள்'],
      ['/hi/my-giving', 'अपने पेज का लिंक पाएँ'],
    ] as const) {
      await checked.goto(`${suite.server.url}${path}`);
      await checked.getByRole('form', { name: form }).waitFor();
      expect(await axeViolations(checked), path).toEqual([]);
    }
    const token = donorToken(EMAIL, key);
    for (const [path, history] of [
      ['/ta/my-giving', 'உங்கள் நன்கொடைகளும் ரசீதுகளும்'],
      ['/hi/my-giving', 'आपके दान और रसीदें'],
    ] as const) {
      await checked.goto(`${suite.server.url}${path}?token=${token}`);
      await checked.getByRole('region', { name: history }).waitFor();
      expect(await axeViolations(checked), path).toEqual([]);
    }
    await axeContext.close();
  });
});
