import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../../../../scripts/lib/site-server';
import { DEFAULT_CONTENT } from '../../../shared/default-content';
import { glossary } from '../../../shared/languages';
import type { EditableContent } from '../../../shared/site-content';
import { DEFAULT_TRANSLATIONS } from '../../../shared/site-content-default-translations';
import { pathName, textAt, translatableTexts } from '../../../shared/site-content-languages';
import { taxLawOn } from '../../../shared/tax-law';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';

/**
 * The texts staff edit, in Tamil and Hindi: a translation published shows on that language's pages,
 * every text not translated shows in English there, and the English pages stay exactly as they were.
 * A preview shows a draft's Tamil or Hindi home page; the audit trail names each translated field.
 */

const CLIENT_DIR = fileURLToPath(new URL('../../../../dist/client', import.meta.url));
const TAMIL_HEADLINE = 'ஒவ்வொரு உயிருக்கும் இரண்டாவது வாய்ப்பு';
const TAMIL_TEXT = 'நீங்கள் அளிக்கும் நன்கொடைக்கு {deduction} கீழ் வரி விலக்கு உண்டு.';
const TAMIL_DONATE_HEADING = 'மேலும் பல உயிர்களைக் காப்பாற்ற உதவுங்கள்';

let t: TestApp;
let staff: string;
let admin: string;

beforeAll(async () => {
  await ensureClientBuilt();
  // A short check, so a version stored straight into the table (an old one) is picked up quickly.
  t = await createTestApp({}, { clientDir: CLIENT_DIR, contentCheckIntervalMs: 200 });
  await t.addAccount('volunteer', 'staff');
  await t.addAccount('secretary', 'admin');
  staff = await t.signIn('volunteer');
  admin = await t.signIn('secretary');
}, 600_000);
afterAll(() => t?.close());

const call = async (path: string, type: 'query' | 'mutation', token: string, input?: unknown) => {
  const response = await callProcedure(t.app, `staff.siteContent.${path}`, type, { token, input });
  return { status: response.statusCode, body: response.json() };
};

const served = (url: string) => t.app.inject({ url });

const withTamil = (translations: EditableContent['translations']): EditableContent => ({
  ...structuredClone(DEFAULT_CONTENT),
  translations,
});

describe("the site's texts in Tamil and Hindi", () => {
  let draftId: number;
  let englishHome: { body: string; etag: unknown };

  it('refuses a translation longer than its English field, saying which', async () => {
    const refused = await call(
      'saveDraft',
      'mutation',
      staff,
      withTamil({ ta: { hero: { headline: 'அ'.repeat(81) } } }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.data.issues).toEqual([
      { path: 'translations.ta.hero.headline', message: 'must be at most 80 characters' },
    ]);
  });

  it('saves a draft with a Tamil headline, whose preview shows it on the Tamil home page only', async () => {
    const home = await served('/');
    englishHome = { body: home.body, etag: home.headers.etag };
    const saved = await call(
      'saveDraft',
      'mutation',
      staff,
      withTamil({
        ta: { hero: { headline: TAMIL_HEADLINE, text: TAMIL_TEXT }, donate: { heading: TAMIL_DONATE_HEADING } },
      }),
    );
    expect(saved.status).toBe(200);
    draftId = saved.body.result.data.id;

    const tamil = await call('preview', 'query', staff, { id: draftId, page: '/ta/' });
    expect(tamil.status).toBe(200);
    expect(tamil.body.result.data.html).toContain(TAMIL_HEADLINE);
    expect(tamil.body.result.data.html).toMatch(/<html lang="ta-IN"/);
    // No script runs in the preview: the Tamil shows in the phone's own Noto or its system font.
    expect(tamil.body.result.data.html).not.toContain('/fonts/');
    expect(tamil.body.result.data.html).toContain('font-family:"Noto Sans Tamil"');
    const hindi = await call('preview', 'query', staff, { id: draftId, page: '/hi/' });
    expect(hindi.body.result.data.html).toContain(DEFAULT_CONTENT.hero.headline);
    expect(hindi.body.result.data.html).not.toContain(TAMIL_HEADLINE);
    const english = await call('preview', 'query', staff, { id: draftId, page: '/' });
    expect(english.body.result.data.html).not.toContain(TAMIL_HEADLINE);
    expect((await served('/ta/')).body).not.toContain(TAMIL_HEADLINE);
  });

  it('published: /ta/ shows the Tamil texts, /hi/ the English ones, / the same bytes as before', async () => {
    expect((await call('publish', 'mutation', admin, { id: draftId })).status).toBe(200);

    const tamil = (await served('/ta/')).body;
    expect(tamil).toContain(TAMIL_HEADLINE);
    // The deduction named in Tamil in a Tamil text; an English text not translated stays English.
    const section = glossary('ta').sectionFormerly80G(taxLawOn(new Date()).deductionSection);
    expect(tamil).toContain(TAMIL_TEXT.replace('{deduction}', section));
    expect(tamil).toContain(DEFAULT_CONTENT.about.title);
    expect(tamil).not.toContain(DEFAULT_CONTENT.hero.headline);

    const hindi = (await served('/hi/')).body;
    expect(hindi).toContain(DEFAULT_CONTENT.hero.headline);
    expect(hindi).not.toContain(TAMIL_HEADLINE);

    const home = await served('/');
    expect(home.body).toBe(englishHome.body);
    expect(home.headers.etag).toBe(englishHome.etag);

    const donate = await served('/ta/donate');
    expect(donate.statusCode).toBe(200);
    expect(donate.body).toContain(TAMIL_DONATE_HEADING);
    expect((await served('/donate')).body).not.toContain(TAMIL_DONATE_HEADING);
  });

  it('is in the audit trail field by field, each translated text by its path', async () => {
    const [published] = await t.db.orm.em
      .fork()
      .execute<{ details: { changes: Record<string, unknown> } }[]>(
        `select details from staff_audit where action = 'site_content_published' order by id desc limit 1`,
      );
    // What it replaced is the defaults, which have every text in Tamil and Hindi: the three Tamil
    // texts changed, and each other default translation, now left out, is named as removed.
    const written = {
      'translations.ta.hero.headline': { before: DEFAULT_TRANSLATIONS.ta.hero.headline, after: TAMIL_HEADLINE },
      'translations.ta.hero.text': { before: DEFAULT_TRANSLATIONS.ta.hero.text, after: TAMIL_TEXT },
      'translations.ta.donate.heading': { before: DEFAULT_TRANSLATIONS.ta.donate.heading, after: TAMIL_DONATE_HEADING },
    };
    const removed = Object.fromEntries(
      (['ta', 'hi'] as const).flatMap((language) =>
        translatableTexts(DEFAULT_CONTENT)
          .map(({ path }) => [`translations.${language}.${pathName(path)}`, path] as const)
          .filter(([name]) => !(name in written))
          .map(([name, path]) => [name, { before: textAt(DEFAULT_TRANSLATIONS[language], path), after: null }]),
      ),
    );
    expect(published?.details.changes).toEqual({ ...written, ...removed });
  });

  it('opens the console with the translations as published', async () => {
    const state = (await call('get', 'query', staff)).body.result.data;
    expect(state.content.translations).toEqual({
      ta: { hero: { headline: TAMIL_HEADLINE, text: TAMIL_TEXT }, donate: { heading: TAMIL_DONATE_HEADING } },
    });
  });

  it('still loads a version stored before there were translations: every language shows it, in English', async () => {
    // As stored before: no translations, and no photos (added later too: they take their defaults).
    const { translations: _none, photos: _photos, ...old } = withTamil(undefined);
    old.hero = { ...old.hero, headline: 'An older version of the headline' };
    await t.db.orm.em.fork().execute(
      `insert into site_content_versions (content, author, status, published_at, published_by)
         values (?::jsonb, 'volunteer', 'published', clock_timestamp(), 'secretary')`,
      [JSON.stringify(old)],
    );
    const started = Date.now();
    while (!(await served('/')).body.includes('An older version of the headline')) {
      if (Date.now() - started > 20_000) throw new Error('the old version was not rendered');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await served('/ta/')).body).toContain('An older version of the headline');
    expect((await served('/hi/')).body).toContain('An older version of the headline');
    const state = (await call('get', 'query', staff)).body.result.data;
    expect(state.content.hero.headline).toBe('An older version of the headline');
    expect(state.content.translations).toBeUndefined();
  });
});
