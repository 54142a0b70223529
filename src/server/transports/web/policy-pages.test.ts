import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../../../../scripts/lib/site-server';
import { DEFAULT_CONTENT } from '../../../shared/default-content';
import { RECEIPT_RETENTION_YEARS } from '../../../shared/policy-pages';
import { siteContent } from '../../../shared/site-content';
import { callProcedure, createTestApp, SITE, type TestApp } from '../../test/test-app';

/**
 * The pages a payment gateway and the DPDP Rules ask for (/privacy, /terms, /refunds, /contact), in
 * every language, rendered by the server with the trust's details filled in; staff edit and publish
 * their texts like the rest of the site's content, and an admin's Trust details show on them.
 */

const CLIENT_DIR = fileURLToPath(new URL('../../../../dist/client', import.meta.url));

let t: TestApp;
let staff: string;
let admin: string;

beforeAll(async () => {
  await ensureClientBuilt();
  t = await createTestApp({}, { clientDir: CLIENT_DIR, contentCheckIntervalMs: 200 });
  await t.addAccount('volunteer', 'staff');
  await t.addAccount('secretary', 'admin');
  staff = await t.signIn('volunteer');
  admin = await t.signIn('secretary');
}, 600_000);
afterAll(() => t?.close());

const served = (url: string) => t.app.inject({ url });
const { legal, contact } = siteContent;
/** The page's text as a reader sees it (React escapes the quote marks in text). */
const textOf = (html: string) => html.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');

describe('the policy pages', () => {
  it('/privacy lists each item of personal data, why, how long, who receives it, the rights and the Board', async () => {
    const page = await served('/privacy');
    expect(page.statusCode).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain('<html lang="en-IN"');
    expect(text).toContain(`<link rel="canonical" href="${SITE}/privacy" />`);
    expect(text).toContain(`<link rel="alternate" hreflang="ta" href="${SITE}/ta/privacy" />`);
    // The trust's details, filled in: no placeholder is left.
    for (const detail of [legal.name, legal.address, contact.email, contact.phone]) expect(text).toContain(detail);
    expect(text).not.toMatch(/\{[a-zA-Z]+\}/);
    for (const item of [
      'Your name and e-mail address',
      'Your phone number',
      'Your postal address, and your PAN or Aadhaar number',
      'Razorpay',
      'Your IP address',
      `${RECEIPT_RETENTION_YEARS} years after the end of their financial year`,
      'Income-tax Department',
      'download a copy of everything we hold about you',
      'Data Protection Board of India',
      'withdraw this consent',
    ]) {
      expect(text).toContain(item);
    }
    // The deduction's section in force today, not its token.
    expect(text).not.toContain('{deduction}');
    // A static page: no hydration data.
    expect(page.body).not.toContain('id="page-data"');
  });

  it.each([
    { path: '/ta/privacy', lang: 'ta-IN', texts: ['தனியுரிமை அறிவிப்பு', 'இந்தியத் தரவுப் பாதுகாப்பு வாரியத்திடம்'] },
    { path: '/hi/privacy', lang: 'hi-IN', texts: ['गोपनीयता सूचना', 'भारतीय डेटा संरक्षण बोर्ड'] },
    { path: '/hi/refunds', lang: 'hi-IN', texts: ['रद्द करना और धनवापसी', '7 कार्य दिवसों के भीतर'] },
    { path: '/ta/terms', lang: 'ta-IN', texts: ['பயன்பாட்டு விதிமுறைகள்', legal.pan] },
    { path: '/terms', lang: 'en-IN', texts: ['Terms of use', legal.pan, legal.registration80g] },
    { path: '/refunds', lang: 'en-IN', texts: ['Cancelling a monthly donation', 'within 7 working days'] },
    { path: '/contact', lang: 'en-IN', texts: ['Postal address', legal.address, `mailto:${contact.email}`] },
    { path: '/hi/contact', lang: 'hi-IN', texts: ['हमसे संपर्क करें', 'डाक पता', legal.address] },
  ])('$path: in its language, with the trust details filled in', async ({ path, lang, texts }) => {
    const page = await served(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<html lang="${lang}"`);
    expect(page.body).toContain(`<link rel="canonical" href="${SITE}${path}" />`);
    const text = textOf(page.body);
    for (const expected of texts) expect(text).toContain(expected);
    expect(text).toContain(legal.name);
    expect(text).not.toMatch(/\{[a-zA-Z]+\}/);
  });

  it("each language's footer links its own language's policy pages", async () => {
    const english = await served('/');
    for (const path of ['/privacy', '/terms', '/refunds', '/contact']) expect(english.body).toContain(`href="${path}"`);
    const tamil = await served('/ta/donate');
    for (const path of ['/ta/privacy', '/ta/terms', '/ta/refunds', '/ta/contact']) {
      expect(tamil.body).toContain(`href="${path}"`);
    }
  });

  it('staff edit the privacy text and the refund days, an admin publishes, and the pages change', async () => {
    const content = structuredClone(DEFAULT_CONTENT);
    const privacy = content.policies.privacy.sections[0];
    if (!privacy) throw new Error('the notice has no first section');
    privacy.paragraphs = ['{trustName} keeps your data in Chennai; write to {grievanceOfficer} at {email}.'];
    content.policies.grievanceOfficer = 'Ms. Priya Raman';
    content.policies.refundDays = 5;
    const saved = await callProcedure(t.app, 'staff.siteContent.saveDraft', 'mutation', {
      token: staff,
      input: content,
    });
    expect(saved.statusCode).toBe(200);
    const id = saved.json().result.data.id;
    const published = await callProcedure(t.app, 'staff.siteContent.publish', 'mutation', {
      token: admin,
      input: { id },
    });
    expect(published.statusCode).toBe(200);

    const page = textOf((await served('/privacy')).body);
    expect(page).toContain(`${legal.name} keeps your data in Chennai; write to Ms. Priya Raman at ${contact.email}.`);
    expect(textOf((await served('/refunds')).body)).toContain('within 5 working days');
    // Tamil keeps its own text, with the new number filled in.
    expect((await served('/ta/refunds')).body).toContain('5 வேலை நாட்களுக்குள்');
  });

  it('refuses a placeholder the pages cannot fill, and a policy token outside the policy pages, naming the field', async () => {
    const content = structuredClone(DEFAULT_CONTENT);
    const section = content.policies.terms.sections[0];
    if (!section) throw new Error('the terms have no first section');
    section.paragraphs = ['Write to {secretary}.'];
    content.hero.headline = 'Write to {email}';
    const refused = await callProcedure(t.app, 'staff.siteContent.saveDraft', 'mutation', {
      token: staff,
      input: content,
    });
    expect(refused.statusCode).toBe(400);
    const paths = refused.json().error.data.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['policies.terms.sections.0.paragraphs.0', 'hero.headline']));
  });

  it("an admin's Trust details show on the pages at the next check", async () => {
    const details = {
      ...legal,
      name: 'Chennai Animal Rescue Trust (Regd.)',
      address: '12 Kamaraj Salai, Chennai 600005',
    };
    const saved = await callProcedure(t.app, 'staff.trust.update', 'mutation', { token: admin, input: details });
    expect(saved.statusCode).toBe(200);
    await expect
      .poll(async () => textOf((await served('/contact')).body), { timeout: 10_000 })
      .toContain('12 Kamaraj Salai, Chennai 600005');
    expect(textOf((await served('/privacy')).body)).toContain('Chennai Animal Rescue Trust (Regd.)');
  });
});
