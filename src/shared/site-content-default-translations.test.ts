import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from './default-content';
import { POLICY_TOKENS } from './policy-pages';
import { DEDUCTION_TOKEN, resolveSiteContent } from './site-content';
import { editableContentSchema } from './site-content.schema';
import { DEFAULT_TRANSLATIONS } from './site-content-default-translations';
import {
  missingTranslations,
  pathName,
  resolveSiteContentIn,
  textAt,
  translatableTexts,
} from './site-content-languages';

/** Each language's own script, and the script it must not stray into. */
const SCRIPTS = {
  ta: { own: /[\u0B80-\u0BFF]/u, other: /[\u0900-\u097F]/u },
  hi: { own: /[\u0900-\u097F]/u, other: /[\u0B80-\u0BFF]/u },
} as const;

/**
 * The only Latin words a translation keeps: the trust's name, the blood test's name, the deduction's
 * token; and on the policy pages their placeholders, the gateway's name, UPI, IP, PAN (as the glossary
 * writes it) and the Board's official name beside its translation.
 */
const KEPT_IN_LATIN = [
  'Chennai Animal Rescue Trust',
  'CBC',
  DEDUCTION_TOKEN,
  ...POLICY_TOKENS.map((token) => `{${token}}`),
  'Razorpay',
  'UPI',
  'IP',
  '(PAN)',
  'Data Protection Board of India',
];

describe("the defaults' Tamil and Hindi texts", () => {
  const texts = translatableTexts(DEFAULT_CONTENT);

  it('are what DEFAULT_CONTENT carries, and leave no text missing in either language', () => {
    expect(DEFAULT_CONTENT.translations).toBe(DEFAULT_TRANSLATIONS);
    expect(missingTranslations(DEFAULT_CONTENT)).toEqual({ ta: [], hi: [] });
  });

  for (const language of ['ta', 'hi'] as const) {
    it(`are written in ${language === 'ta' ? 'Tamil' : 'Devanagari'} script, {deduction} where the English has it`, () => {
      for (const { path, english } of texts) {
        const own = textAt(DEFAULT_TRANSLATIONS[language], path);
        expect(typeof own, pathName(path)).toBe('string');
        const text = own as string;
        expect(text, pathName(path)).toMatch(SCRIPTS[language].own);
        expect(text, pathName(path)).not.toMatch(SCRIPTS[language].other);
        const latin = KEPT_IN_LATIN.reduce((rest, kept) => rest.replaceAll(kept, ''), text);
        expect(latin, pathName(path)).not.toMatch(/[A-Za-z]/);
        expect(text.split(DEDUCTION_TOKEN).length, pathName(path)).toBe(english.split(DEDUCTION_TOKEN).length);
      }
    });
  }

  it('have no text beyond the English lists (a list item for each English one, no more)', () => {
    for (const language of ['ta', 'hi'] as const) {
      const own = DEFAULT_TRANSLATIONS[language];
      expect(own.about.story).toHaveLength(DEFAULT_CONTENT.about.story.length);
      expect(own.activities.cards).toHaveLength(DEFAULT_CONTENT.activities.cards.length);
      expect(own.activities.provides).toHaveLength(DEFAULT_CONTENT.activities.provides.length);
      expect(own.impact.figures).toHaveLength(DEFAULT_CONTENT.impact.figures.length);
      expect(own.donate.impactItems).toHaveLength(DEFAULT_CONTENT.donate.impactItems.length);
      expect(own.donate.rescueStory).toHaveLength(DEFAULT_CONTENT.donate.rescueStory.length);
    }
  });

  it('pass the site-content schema as they are (each within its English field’s bounds)', () => {
    const parsed = editableContentSchema.safeParse(DEFAULT_CONTENT);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toEqual(DEFAULT_CONTENT);
  });

  it("show on the Tamil and Hindi pages with the section named in the page's language; English unchanged", () => {
    const at = new Date('2026-03-01T12:00:00+05:30');
    const tamil = resolveSiteContentIn(DEFAULT_CONTENT, at, [], 'ta');
    expect(tamil.hero.headline).toBe(DEFAULT_TRANSLATIONS.ta.hero.headline);
    expect(tamil.donate.intro).toContain('பிரிவு 80G-இன் கீழ் வரி விலக்கு');
    const hindi = resolveSiteContentIn(DEFAULT_CONTENT, new Date('2026-04-02T12:00:00+05:30'), [], 'hi');
    expect(hindi.donate.intro).toContain('धारा 133 (पहले 80G) के तहत कर छूट');
    const { translations: _translations, ...english } = DEFAULT_CONTENT;
    expect(resolveSiteContent(DEFAULT_CONTENT, at)).toEqual(resolveSiteContent(english, at));
  });
});
