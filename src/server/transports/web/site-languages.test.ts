import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../../../../scripts/lib/site-server';
import { createTestApp, SITE, type TestApp } from '../../test/test-app';

/**
 * Each language's pages are rendered by the server like the English ones, at their own addresses
 * (`/ta/`, `/hi/`), with `<html lang>`, hreflang alternates, Open Graph's locale, a canonical of
 * their own and the language's font; English stays at `/` as it was. No redirect by Accept-Language.
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

const alternates = [
  `<link rel="alternate" hreflang="en" href="${SITE}/" />`,
  `<link rel="alternate" hreflang="ta" href="${SITE}/ta/" />`,
  `<link rel="alternate" hreflang="hi" href="${SITE}/hi/" />`,
  `<link rel="alternate" hreflang="x-default" href="${SITE}/" />`,
];

describe("the site's pages in Tamil and Hindi", () => {
  it.each([
    {
      path: '/ta/',
      lang: 'ta-IN',
      ogLocale: 'ta_IN',
      texts: ['இப்போதே நன்கொடை அளியுங்கள்', 'எங்களைத் தொடர்பு கொள்ளுங்கள்', 'விரைவு இணைப்புகள்'],
      font: 'Noto Sans Tamil',
    },
    {
      path: '/hi/',
      lang: 'hi-IN',
      ogLocale: 'hi_IN',
      texts: ['अभी दान करें', 'हमसे संपर्क करें', 'उपयोगी लिंक'],
      font: 'Noto Sans Devanagari',
    },
  ])(
    '$path: in its language, with lang, hreflang, og:locale, its canonical and its font',
    async ({ path, lang, ogLocale, texts, font }) => {
      const page = await t.app.inject({ url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(new RegExp(`<html lang="${lang}"`));
      for (const text of texts) expect(page.body).toContain(text);
      expect(page.body).toContain(`<link rel="canonical" href="${SITE}${path}" />`);
      for (const tag of alternates) expect(page.body).toContain(tag);
      expect(page.body).toContain(`<meta property="og:locale" content="${ogLocale}" />`);
      expect(page.body).toContain(`<meta property="og:url" content="${SITE}${path}" />`);
      // The language's font is named (the phone's own sets the text from the first paint); its files
      // are the entry's to request once the page has painted (client/language-fonts.ts), never the page's.
      expect(page.body).toContain(`html[lang] body{font-family:"${font}",`);
      expect(page.body).not.toContain('/fonts/');
      // The language switch keeps the page: each language's home page.
      expect(page.body).toMatch(
        /<a href="\/" lang="en-IN" hrefLang="en-IN"|<a href="\/" lang="en-IN" hreflang="en-IN"/,
      );
      expect(page.body).toContain('href="/ta/"');
      expect(page.body).toContain('href="/hi/"');
      // The page's own links stay in its language.
      expect(page.body).toContain(`href="${path}#about"`);
    },
  );

  it('/ is English as before: lang, og:locale, no Tamil or Devanagari font, the alternates', async () => {
    const home = await t.app.inject({ url: '/', headers: { 'accept-language': 'ta-IN,ta;q=0.9' } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toMatch(/<html lang="en-IN"/);
    expect(home.body).toContain('Donate Now');
    expect(home.body).toContain('Quick Links');
    expect(home.body).toContain(`<link rel="canonical" href="${SITE}/" />`);
    expect(home.body).toContain('<meta property="og:locale" content="en_IN" />');
    for (const tag of alternates) expect(home.body).toContain(tag);
    expect(home.body).not.toContain('/fonts/');
    expect(home.body).not.toContain('இப்போதே');
  });

  it('/donate in each language: its own address, lang, canonical, hreflang and og:locale, the form in that language', async () => {
    const english = await t.app.inject({ url: '/donate' });
    expect(english.body).toContain(
      '<link rel="alternate" hreflang="ta" href="https://rescue.example.org/ta/donate" />',
    );
    expect(english.body).toContain('<meta property="og:locale" content="en_IN" />');
    expect(english.body).toContain('Make a Donation');
    const tamil = await t.app.inject({ url: '/ta/donate' });
    expect(tamil.statusCode).toBe(200);
    expect(tamil.body).toMatch(/<html lang="ta-IN"/);
    expect(tamil.body).toContain('<link rel="canonical" href="https://rescue.example.org/ta/donate" />');
    expect(tamil.body).toContain('<meta property="og:locale" content="ta_IN" />');
    expect(tamil.body).toContain('முழுப் பெயர்');
    expect(tamil.body).toContain('எனக்கு 80G வரி விலக்கு ரசீது வேண்டும்');
    expect(tamil.body).not.toContain('Make a Donation');
    // Hydrated with its language: the page's data says so.
    expect(tamil.body).toContain('"language":"ta"');
    const hindi = await t.app.inject({ url: '/hi/donate' });
    expect(hindi.body).toContain('पूरा नाम');
    expect(hindi.body).toContain('<meta property="og:locale" content="hi_IN" />');
  });

  it('/ta/donate and /hi/donate pass on their own address, on WhatsApp too, not the English /donate', async () => {
    for (const language of ['ta', 'hi']) {
      const page = await t.app.inject({ url: `/${language}/donate` });
      const url = `${SITE}/${language}/donate`;
      expect(page.body).toContain(`value="${url}"`);
      const whatsapp = /href="(https:\/\/wa\.me\/[^"]+)"/.exec(page.body)?.[1] ?? '';
      expect(new URL(whatsapp.replaceAll('&amp;', '&')).searchParams.get('text')).toMatch(new RegExp(` ${url}$`));
    }
  });

  it('/my-giving in each language: canonical, hreflang alternates and og:locale as /ta/donate has, still out of search', async () => {
    for (const [path, ogLocale] of [
      ['/my-giving', 'en_IN'],
      ['/ta/my-giving', 'ta_IN'],
      ['/hi/my-giving', 'hi_IN'],
    ] as const) {
      const page = await t.app.inject({ url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<link rel="canonical" href="${SITE}${path}" />`);
      for (const [hreflang, alternate] of [
        ['en', '/my-giving'],
        ['ta', '/ta/my-giving'],
        ['hi', '/hi/my-giving'],
        ['x-default', '/my-giving'],
      ]) {
        expect(page.body).toContain(`<link rel="alternate" hreflang="${hreflang}" href="${SITE}${alternate}" />`);
      }
      expect(page.body).toContain(`<meta property="og:locale" content="${ogLocale}" />`);
      expect(page.body).toContain(`<meta property="og:url" content="${SITE}${path}" />`);
      // A donor's own page, opened with the token of their link: never in a search engine.
      expect(page.body).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('a path that is no page is the 404 page in the language of its address', async () => {
    const missing = await t.app.inject({ url: '/ta/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatch(/<html lang="ta-IN"/);
    expect(missing.body).toContain('பக்கம் கிடைக்கவில்லை');
    // Its way home is the Tamil home page.
    expect(missing.body).toContain('<a class="btn btn-primary" href="/ta/">');
    // Its language switch goes to each language's home page.
    expect(missing.body).toContain('<a href="/" lang="en-IN"');
    const hindi = await t.app.inject({ url: '/hi/no-such-page' });
    expect(hindi.statusCode).toBe(404);
    expect(hindi.body).toContain('पेज नहीं मिला');
    const english = await t.app.inject({ url: '/no-such-page' });
    expect(english.body).toContain('Page Not Found');
    expect(english.body).toMatch(/<html lang="en-IN"/);
  });

  it('/ta goes to /ta/', async () => {
    const response = await t.app.inject({ url: '/ta' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/ta/');
  });
});
