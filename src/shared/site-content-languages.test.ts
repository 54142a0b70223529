import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from './default-content';
import { type EditableContent, resolveSiteContent } from './site-content';
import { editableContentSchema } from './site-content.schema';
import {
  compactTexts,
  contentIn,
  missingTranslations,
  resolveSiteContentIn,
  translatableTexts,
} from './site-content-languages';

/** The defaults with one change made by `edit`. */
function edited(edit: (content: EditableContent) => void): EditableContent {
  const content = structuredClone(DEFAULT_CONTENT);
  edit(content);
  return content;
}

/** The messages the schema gives for a value, by the path of the field. */
function refusals(content: unknown): Record<string, string> {
  const result = editableContentSchema.safeParse(content);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const TAMIL_HEADLINE = 'ஒவ்வொரு உயிருக்கும் இரண்டாவது வாய்ப்பு';
/** The defaults as a version with no translations (one saved before there were any) has them. */
const UNTRANSLATED = edited((c) => delete c.translations);

describe('the site content in a language', () => {
  it('is the English content where a language has no texts, and for English', () => {
    expect(contentIn(UNTRANSLATED, 'ta')).toEqual(UNTRANSLATED);
    const withTamil = edited((c) => (c.translations = { ta: { hero: { headline: TAMIL_HEADLINE } } }));
    expect(contentIn(withTamil, 'en')).toBe(withTamil);
    expect(contentIn(withTamil, 'hi').hero.headline).toBe(DEFAULT_CONTENT.hero.headline);
  });

  it('takes each text the language has, and the English one for each it has not (an empty one too), lists by place', () => {
    const content = edited((c) => {
      c.about.story = ['First.', 'Second.', 'Third.'];
      c.translations = {
        ta: {
          hero: { headline: TAMIL_HEADLINE, text: '  ' },
          about: { story: ['', 'இரண்டாவது.'] },
          activities: { cards: [{}, { title: 'மருத்துவ சிகிச்சை' }] },
          impact: { figures: [{ label: 'கருத்தடை செய்யப்பட்ட நாய்கள், பூனைகள்' }] },
        },
      };
    });
    const tamil = contentIn(content, 'ta');
    expect(tamil.hero).toEqual({ headline: TAMIL_HEADLINE, text: DEFAULT_CONTENT.hero.text });
    expect(tamil.about.story).toEqual(['First.', 'இரண்டாவது.', 'Third.']);
    expect(tamil.activities.cards[0]).toEqual(DEFAULT_CONTENT.activities.cards[0]);
    expect(tamil.activities.cards[1]).toEqual({
      title: 'மருத்துவ சிகிச்சை',
      text: DEFAULT_CONTENT.activities.cards[1]?.text,
    });
    // The figure itself is the same in every language; only what it counts is translated.
    expect(tamil.impact.figures[0]).toEqual({ value: '2000+', label: 'கருத்தடை செய்யப்பட்ட நாய்கள், பூனைகள்' });
    expect(tamil.contact).toEqual(DEFAULT_CONTENT.contact);
    expect(tamil.photos).toEqual(DEFAULT_CONTENT.photos);
  });

  it('names the deduction in the language of the text: a translated one in its words, an English one in English', () => {
    const content = edited((c) => {
      c.translations = { hi: { donate: { intro: 'हर दान {deduction} के तहत कर-मुक्त है।' } } };
    });
    const before = resolveSiteContentIn(content, new Date('2026-03-01T12:00:00+05:30'), [], 'hi');
    expect(before.donate.intro).toBe('हर दान धारा 80G के तहत कर-मुक्त है।');
    expect(before.meta.description).toContain('tax-deductible under section 80G.');
    const after = resolveSiteContentIn(content, new Date('2026-04-02T12:00:00+05:30'), [], 'hi');
    expect(after.donate.intro).toBe('हर दान धारा 133 (पहले 80G) के तहत कर-मुक्त है।');
    expect(after.meta.description).toContain('section 133 (formerly 80G)');
    // The pages never carry the translations themselves: English renders exactly as before.
    expect(resolveSiteContent(content, new Date('2026-03-01'))).toEqual(
      resolveSiteContent(DEFAULT_CONTENT, new Date('2026-03-01')),
    );
    expect('translations' in before).toBe(false);
  });
});

describe('the texts a language is missing', () => {
  it('lists every translatable text, and not contact details, figures, amounts or photos', () => {
    const paths = translatableTexts(DEFAULT_CONTENT).map(({ path }) => path.join('.'));
    expect(paths).toContain('hero.headline');
    expect(paths).toContain('about.story.0');
    expect(paths).toContain('activities.cards.2.text');
    expect(paths).toContain('impact.figures.3.label');
    expect(paths).toContain('donate.impactItems.4.text');
    expect(paths.filter((path) => /^(contact|photos)\.|\.value$|\.amount$/.test(path))).toEqual([]);
    expect(missingTranslations(UNTRANSLATED)).toEqual({ ta: paths, hi: paths });
  });

  it('leaves out what a language has, and counts an empty text as missing', () => {
    const content = edited((c) => {
      c.about.story = ['One.', 'Two.', 'Three.'];
      c.translations = { ta: { hero: { headline: TAMIL_HEADLINE, text: '' }, about: { story: ['ஒன்று.', ''] } } };
    });
    const missing = missingTranslations(content);
    expect(missing.ta).not.toContain('hero.headline');
    expect(missing.ta).not.toContain('about.story.0');
    expect(missing.ta).toEqual(expect.arrayContaining(['hero.text', 'about.story.1', 'about.story.2']));
    expect(missing.hi).toHaveLength(missing.ta.length + 2);
  });
});

describe("the translations' schema", () => {
  it('takes a version without translations as before (old versions), and one with some', () => {
    expect(editableContentSchema.parse(DEFAULT_CONTENT)).toEqual(DEFAULT_CONTENT);
    const content = edited((c) => (c.translations = { ta: { hero: { headline: TAMIL_HEADLINE } } }));
    expect(editableContentSchema.parse(content)).toEqual(content);
  });

  it('bounds and checks a translation as its English field, saying where', () => {
    expect(refusals(edited((c) => (c.translations = { ta: { hero: { headline: 'அ'.repeat(81) } } })))).toEqual({
      'translations.ta.hero.headline': 'must be at most 80 characters',
    });
    expect(refusals(edited((c) => (c.translations = { hi: { about: { story: ['x'.repeat(1_201)] } } })))).toEqual({
      'translations.hi.about.story.0': 'must be at most 1200 characters',
    });
    expect(refusals(edited((c) => (c.translations = { ta: { hero: { text: 'ஒரு <b>நாய்</b>' } } })))).toEqual({
      'translations.ta.hero.text': 'must be plain text: no HTML tags',
    });
    expect(
      refusals(edited((c) => (c.translations = { hi: { about: { story: Array.from({ length: 7 }, () => 'x') } } }))),
    ).toEqual({ 'translations.hi.about.story': 'must have at most 6 items' });
  });

  it('refuses a translation of what is the same in every language, or of a language the site has not', () => {
    expect(
      Object.keys(refusals({ ...DEFAULT_CONTENT, translations: { ta: { contact: { phone: '+91 1' } } } })),
    ).toEqual(['translations.ta']);
    expect(
      Object.keys(refusals({ ...DEFAULT_CONTENT, translations: { ta: { impact: { figures: [{ value: '9' }] } } } })),
    ).toEqual(['translations.ta.impact.figures.0']);
    expect(Object.keys(refusals({ ...DEFAULT_CONTENT, translations: { fr: {} } }))).toEqual(['translations']);
  });

  it('keeps only what is written: empty texts dropped, a list keeping its places', () => {
    const parsed = editableContentSchema.parse(
      edited(
        (c) =>
          (c.translations = {
            ta: { hero: { headline: ' ', text: '' }, about: { story: ['', 'இரண்டு.', ''] } },
            hi: { activities: { cards: [{}, { title: '' }] } },
          }),
      ),
    );
    expect(parsed.translations).toEqual({ ta: { about: { story: ['', 'இரண்டு.'] } } });
    expect(compactTexts({ ta: { hero: { headline: '' } } })).toBeUndefined();
    expect(compactTexts({ hi: { activities: { cards: [{}, {}, { text: 'तीन' }] } } })).toEqual({
      hi: { activities: { cards: [{}, {}, { text: 'तीन' }] } },
    });
  });
});
