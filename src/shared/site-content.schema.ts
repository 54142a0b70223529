// Over 250 lines on purpose: one zod schema, field for field the shape of EditableContent in
// ./site-content.ts, with the text rules it applies to every field and the translations derived from it.
import { z } from 'zod';
import { countsSince, IMPACT_COUNT_KINDS } from './impact-counts';
import { calendarDaySchema } from './offline-gift.schema';
import { POLICY_TOKENS } from './policy-pages';
import { DEDUCTION_TOKEN, type EditableContent, type TextsOverride, type TranslatedLanguage } from './site-content';
import { type AnyTextsSpec, compactTexts, TRANSLATABLE_TEXTS, TRANSLATED_LANGUAGES } from './site-content-languages';

/**
 * What staff may write into the site's content (./site-content.ts): plain text only (React shows
 * it as text; a tag would show as typed, so it is refused rather than published), one line per
 * field, paragraphs as a list, every length bounded so the pages' layout holds. One schema for the
 * console's form, the procedures and the server's reading of a stored version.
 */

/** A tag such as `<b>`, `</p>` or `<!--`: the site's texts are plain paragraphs. */
const HTML_TAG = /<\s*\/?\s*[a-z!?][^>]*>?/i;
/** An HTML entity (`&amp;`, `&#169;`): typed as is, it would show as typed. */
const HTML_ENTITY = /&(#\d+|#x[\da-f]+|[a-z][a-z\d]*);/i;
/** Control characters, line breaks included: each field is one line, a paragraph at most. */
const CONTROL = /\p{Cc}/u;
/** The `{…}` placeholders in a text. */
const TOKEN = /\{([^}]*)\}/g;
/** The placeholders a policy page's text may hold besides the deduction's (./policy-pages.ts, filled at render). */
const POLICY_PLACEHOLDERS = [DEDUCTION_TOKEN, ...POLICY_TOKENS.map((token) => `{${token}}`)];

const onlyTokens = (value: string, allowed: readonly string[]) =>
  [...value.matchAll(TOKEN)].every(([token]) => allowed.includes(token));

/**
 * What every line of the site's text must be, empty or not: at most `max` characters of plain text,
 * with no `{…}` but the placeholders `allowed` (the deduction's, and on a policy page the trust's details).
 */
const plainText = (text: z.ZodString, max: number, allowed: readonly string[] = [DEDUCTION_TOKEN]) =>
  text
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !HTML_TAG.test(value), 'must be plain text: no HTML tags')
    .refine((value) => !HTML_ENTITY.test(value), 'must be plain text: write the character itself, not an HTML entity')
    .refine((value) => !CONTROL.test(value), 'must be one line or paragraph, without control characters')
    .refine((value) => onlyTokens(value, allowed), `must not contain braces other than ${allowed.join(', ')}`);

/** One line (or one paragraph) of plain text, 1 to `max` characters. */
export const plainLine = (max: number, allowed?: readonly string[]) =>
  plainText(z.string().trim().min(1, 'must not be empty'), max, allowed);

/** A line's translation: as its English line, or empty (not translated: the pages show the English one). */
export const translatedLine = (max: number, allowed?: readonly string[]) => plainText(z.string().trim(), max, allowed);

const TITLE = 120;
const LINE = 300;
const PARAGRAPH = 1_200;

const paragraphs = (min: number, max: number) =>
  z
    .array(plainLine(PARAGRAPH))
    .min(min, `must have at least ${min} paragraph${min === 1 ? '' : 's'}`)
    .max(max, `must have at most ${max} paragraphs`);

/** A phone number as people write it: digits, spaces, dashes, brackets, one leading +. */
const PHONE = /^\+?[\d\s\-()]+$/;
const phoneSchema = plainLine(30)
  .regex(PHONE, 'must be a phone number: digits, spaces, dashes or brackets, with + before the country code')
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return !PHONE.test(value) || (digits >= 6 && digits <= 15);
  }, 'must have 6 to 15 digits');

function isHttpsAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const httpsUrl = plainLine(300).refine(isHttpsAddress, 'must be an https:// address');

/** A photo from the staff's Photos library (its id), or null for the built-in picture (PhotoRef in ./site-content.ts). */
const photoSchema = z
  .object({ imageId: z.number().int().positive().max(2_147_483_647).nullable(), alt: plainLine(200) })
  .strict();

/** A policy page's texts (./policy-pages.ts): its placeholders are the trust's details, filled at render. */
const policyLine = (max: number) => plainLine(max, POLICY_PLACEHOLDERS);
const policyTextSchema = z
  .object({
    title: policyLine(TITLE),
    description: policyLine(LINE),
    sections: z
      .array(
        z
          .object({
            heading: policyLine(TITLE),
            paragraphs: z
              .array(policyLine(PARAGRAPH))
              .min(1, 'must have at least 1 paragraph')
              .max(12, 'must have at most 12 paragraphs'),
          })
          .strict(),
      )
      .min(1, 'must have at least 1 section')
      .max(12, 'must have at most 12 sections'),
  })
  .strict();

/** The English content: every field, each required. */
const englishContentSchema = z
  .object({
    trust: z.object({ tagline: plainLine(80), blurb: plainLine(LINE) }).strict(),
    contact: z
      .object({
        address: plainLine(200),
        phone: phoneSchema,
        email: z.email('must be an e-mail address').max(120, 'must be at most 120 characters'),
        instagramUrl: httpsUrl,
        instagramHandle: plainLine(60),
      })
      .strict(),
    meta: z
      .object({
        homeTitle: plainLine(TITLE),
        donateTitle: plainLine(TITLE),
        description: plainLine(LINE),
        donateDescription: plainLine(LINE),
      })
      .strict(),
    hero: z.object({ headline: plainLine(80), text: plainLine(LINE) }).strict(),
    about: z
      .object({
        title: plainLine(TITLE),
        intro: plainLine(LINE),
        storyTitle: plainLine(TITLE),
        story: paragraphs(1, 6),
        call: plainLine(PARAGRAPH),
        videoLabel: plainLine(200),
      })
      .strict(),
    activities: z
      .object({
        title: plainLine(TITLE),
        intro: plainLine(LINE),
        // Three cards: each has its drawn icon (a siren, a cross, a heart).
        cards: z
          .array(z.object({ title: plainLine(60), text: plainLine(LINE) }).strict())
          .length(3, 'must be exactly 3 cards'),
        provideTitle: plainLine(TITLE),
        provides: z.array(plainLine(120)).min(1, 'must list at least 1 item').max(10, 'must list at most 10 items'),
      })
      .strict(),
    impact: z
      .object({
        title: plainLine(TITLE),
        intro: plainLine(LINE),
        figures: z
          .array(
            z
              .object({
                value: plainLine(12),
                label: plainLine(120),
                count: z
                  .object({
                    of: z.enum(IMPACT_COUNT_KINDS, { error: `must be one of ${IMPACT_COUNT_KINDS.join(', ')}` }),
                    since: calendarDaySchema.optional(),
                  })
                  .strict()
                  .refine((count) => !countsSince(count.of) || count.since !== undefined, {
                    message: 'must give the day the count starts from',
                    path: ['since'],
                  })
                  .optional(),
              })
              .strict(),
          )
          .min(1, 'must have at least 1 figure')
          .max(8, 'must have at most 8 figures'),
      })
      .strict(),
    donate: z
      .object({
        heading: plainLine(TITLE),
        intro: plainLine(LINE),
        impactTitle: plainLine(TITLE),
        impactItems: z
          .array(z.object({ amount: plainLine(20), text: plainLine(160) }).strict())
          .min(1, 'must have at least 1 item')
          .max(8, 'must have at most 8 items'),
        rescueTitle: plainLine(TITLE),
        rescueVideoLabel: plainLine(200),
        rescueStory: paragraphs(1, 6),
        shareText: plainLine(200),
      })
      .strict(),
    policies: z
      .object({
        grievanceOfficer: plainLine(120),
        refundDays: z
          .number('must be a number of days')
          .int('must be a whole number of days')
          .min(1, 'must be at least 1 day')
          .max(90, 'must be at most 90 days'),
        privacy: policyTextSchema,
        terms: policyTextSchema,
        refunds: policyTextSchema,
        contact: policyTextSchema,
      })
      .strict(),
    photos: z.object({ hero: photoSchema, share: photoSchema }).strict(),
  })
  .strict();

/** The most items a list takes (its `.max()` or `.length()`), read from the list's own checks. */
function maxItems(list: z.ZodArray): number {
  for (const check of list._zod.def.checks ?? []) {
    const def = check._zod.def as { check: string; maximum?: number; length?: number };
    if (def.check === 'max_length' && def.maximum !== undefined) return def.maximum;
    if (def.check === 'length_equals' && def.length !== undefined) return def.length;
  }
  throw new Error('a translated list needs an English list with a bounded length');
}

/**
 * A language's texts, made from the English schema along TRANSLATABLE_TEXTS, so a translation is
 * bounded exactly as the English field it stands for (a Tamil headline at most 80 characters, as
 * the English one) and written the same way (plain text, one line); only: it may be empty, and any
 * text or list may be left out. A list takes at most as many items as the English list may have.
 */
function translationOf(english: z.ZodType, spec: AnyTextsSpec, path: string): z.ZodType {
  if (spec === true) {
    if (!(english instanceof z.ZodString) || english.maxLength === null) {
      throw new Error(`${path} is not a bounded text`);
    }
    // A policy page's translation holds the same placeholders as its English text.
    return translatedLine(english.maxLength, path.startsWith('policies.') ? POLICY_PLACEHOLDERS : undefined);
  }
  if (Array.isArray(spec)) {
    if (!(english instanceof z.ZodArray)) throw new Error(`${path} is not a list`);
    const max = maxItems(english);
    return z
      .array(translationOf(english.element as z.ZodType, spec[0], `${path}.0`))
      .max(max, `must have at most ${max} items`);
  }
  if (!(english instanceof z.ZodObject)) throw new Error(`${path} is not an object`);
  const shape = english.shape as Record<string, z.ZodType>;
  return z
    .object(
      Object.fromEntries(
        Object.entries(spec).map(([key, inner]) => {
          const field = shape[key];
          if (!field) throw new Error(`${path}.${key} is not in the English content`);
          return [key, translationOf(field, inner, path ? `${path}.${key}` : key).optional()];
        }),
      ),
    )
    .strict();
}

const languageTextsSchema = translationOf(englishContentSchema, TRANSLATABLE_TEXTS, '') as z.ZodType<TextsOverride>;

/** Tamil's and Hindi's texts, stored without the untranslated ones (compactTexts): nothing written, nothing stored. */
const translationsSchema = z
  .object(Object.fromEntries(TRANSLATED_LANGUAGES.map((language) => [language, languageTextsSchema.optional()])))
  .strict()
  .transform((translations) => compactTexts(translations as Partial<Record<TranslatedLanguage, TextsOverride>>));

export const editableContentSchema = englishContentSchema
  .extend({ translations: translationsSchema.optional() })
  .strict() satisfies z.ZodType<EditableContent>;

/** A version of the content: a saved draft or a published one. */
export const siteContentVersionInputSchema = z.object({ id: z.number().int().positive() });

/** The pages a draft can be previewed as, in each language (`/ta/`: the Tamil home page). */
export const SITE_CONTENT_PREVIEW_PAGES = [
  '/',
  '/donate',
  '/privacy',
  '/ta/',
  '/ta/donate',
  '/ta/privacy',
  '/hi/',
  '/hi/donate',
  '/hi/privacy',
] as const;
export const siteContentPreviewInputSchema = z.object({
  id: z.number().int().positive(),
  page: z.enum(SITE_CONTENT_PREVIEW_PAGES),
});
