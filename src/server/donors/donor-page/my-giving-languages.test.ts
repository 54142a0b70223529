import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import english from '../../../../messages/my-giving/en.json';
import { ensureClientBuilt } from '../../../../scripts/lib/site-server';
import { linkAddress, verifyDonorToken } from '../../gifts/donor-keys/donor-link';
import { donationBody } from '../../test/donation-fixtures';
import { seedPaidGift } from '../../test/donor-fixtures';
import { donorEmail, mailTo } from '../../test/mail-fixtures';
import { createTestApp, SITE, type TestApp } from '../../test/test-app';
import { LINK_SENT } from '../../transports/routes/link-request';

/**
 * The donor's page in Tamil and Hindi: rendered by the server at /ta/my-giving and /hi/my-giving in
 * its language (its address's token never logged), and every mail's link to it opens it in the
 * donor's language: the link asked for from the Tamil page, and a Tamil donation's receipt mail.
 */

const CLIENT_DIR = fileURLToPath(new URL('../../../../dist/client', import.meta.url));

let t: TestApp;
beforeAll(async () => {
  await ensureClientBuilt();
  t = await createTestApp({}, { clientDir: CLIENT_DIR });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

/** The donor's page link in a received mail's text and HTML, each verified as signed for `email`. */
function donorPageLinks(mail: { text?: string; html?: string | false | null } | undefined, email: string) {
  return [mail?.text ?? '', mail?.html || ''].map((part) => {
    const match = new RegExp(`${SITE}(/[a-z/-]*my-giving)\\?token=([\\w-]+\\.[\\w-]+)`).exec(part);
    expect(match, 'no link to the donor page').not.toBeNull();
    expect(verifyDonorToken(match?.[2] as string, t.deps.personalDataKey)).toBe(linkAddress(email));
    return match?.[1];
  });
}

describe('/ta/my-giving and /hi/my-giving', () => {
  it.each([
    {
      path: '/ta/my-giving',
      lang: 'ta-IN',
      texts: ['<title>என் நன்கொடைகள் |', '>என் நன்கொடைகள்</h1>', 'இந்தப் பக்கத்துக்கு JavaScript தேவை'],
    },
    {
      path: '/hi/my-giving',
      lang: 'hi-IN',
      texts: ['<title>मेरा दान |', '>मेरा दान</h1>', 'इस पेज के लिए JavaScript ज़रूरी है'],
    },
  ])('$path is rendered in its language, not indexed, and its request not logged', async ({ path, lang, texts }) => {
    const logged = t.logs.length;
    const page = await t.app.inject({ url: `${path}?token=secret-${lang}.signature` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(new RegExp(`<html lang="${lang}"`));
    for (const text of texts) expect(page.body).toContain(text);
    expect(page.body).toContain('noindex');
    expect(page.body).not.toContain('My giving');
    expect(page.body).not.toContain('This page needs JavaScript');
    // Quiet as /my-giving is (web.plugin.ts): the address carries the donor's token. The logger drops
    // queries anyway; this route writes no line at all below warn.
    expect(t.logs.slice(logged).join('')).not.toContain(path);
    expect(t.logs.join('')).not.toContain(`secret-${lang}`);
    // While another page's request is logged, with its path.
    const before = t.logs.length;
    await t.app.inject({ url: path.replace('my-giving', '') });
    expect(t.logs.slice(before).join('')).toContain(path.replace('my-giving', ''));
  });

  it('/my-giving stays English', async () => {
    const page = await t.app.inject({ url: '/my-giving' });
    expect(page.body).toContain('<title>My giving |');
    expect(page.body).toContain('This page needs JavaScript');
  });
});

describe('the link to the donor page, in the donor’s language', () => {
  it('asked for from the Tamil page: a Tamil mail (through SMTP) whose link opens /ta/my-giving', async () => {
    const email = donorEmail('tamil-link');
    await seedPaidGift(t.db.orm, t.deps.personalDataKey, {
      name: 'Asha',
      email,
      at: '2026-06-01T10:00:00+05:30',
      rupees: 500,
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/my-giving/link',
      payload: { email, language: 'ta' },
      remoteAddress: '10.9.0.1',
    });
    expect(asked.statusCode).toBe(202);
    const [mail] = await mailTo(t, email);
    expect(mail?.subject).toBe('உங்கள் நன்கொடைகள்: ரசீதுகளும் ஆண்டு அறிக்கைகளும்');
    expect(donorPageLinks(mail, email)).toEqual(['/ta/my-giving', '/ta/my-giving']);
  });

  it('asked for without a language (or in English): /my-giving as before', async () => {
    const email = donorEmail('english-link');
    await seedPaidGift(t.db.orm, t.deps.personalDataKey, {
      name: 'Ravi',
      email,
      at: '2026-06-01T10:00:00+05:30',
      rupees: 500,
    });
    await t.app.inject({ method: 'POST', url: '/api/my-giving/link', payload: { email }, remoteAddress: '10.9.0.2' });
    const [mail] = await mailTo(t, email);
    expect(donorPageLinks(mail, email)).toEqual(['/my-giving', '/my-giving']);
  });

  it('a Hindi donation’s receipt mail links to /hi/my-giving', async () => {
    const email = donorEmail('hindi-receipt');
    const created = await t.caller.donation.create(donationBody({ email, name: 'अनीता देवी', language: 'hi' }));
    const success = await t.emulator.completePayment({ orderId: created.order.id });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      payload: { ...success, donation_id: created.donation.id },
    });
    expect(verified.statusCode).toBe(200);
    const [mail] = await mailTo(t, email);
    expect(mail?.subject).toMatch(/^आपकी दान रसीद /);
    expect(donorPageLinks(mail, email)).toEqual(['/hi/my-giving', '/hi/my-giving']);
  });
});

describe("the page's English answer to a link request", () => {
  it('is the server’s own (the page says it from its messages now)', () => {
    expect(english.giving_link_sent).toBe(LINK_SENT);
  });
});
