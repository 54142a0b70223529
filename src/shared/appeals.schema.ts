// Over 250 lines on purpose: one contract, what staff write about an appeal and what the public reads
// of it (the texts' rules, the video address, the translations, the inputs and the public shapes),
// shared by the console's form, the procedures and their tests; its parts are not used apart.
import { z } from 'zod';
import type { ImageRecord } from './images';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';
import { calendarDaySchema } from './offline-gift.schema';

/**
 * Appeals for one animal ("Bruno was hit by a truck; his surgery costs ₹45,000"): what staff write
 * in the console and what the public query answers. One schema for the console's form, the
 * procedures and their tests. Amounts in paise (the console converts rupees). No Node or DOM imports.
 */

/** draft → published → closed, forward only; a closed appeal stays readable and takes no gifts. */
export const APPEAL_STATUSES = ['draft', 'published', 'closed'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

/** The statement of donations' donation types (papers/reporting/statement-layout.json); an appeal is usually a specific grant. */
export const APPEAL_PURPOSE_CLASSES = ['specific-grant', 'corpus', 'others'] as const;
export type AppealPurposeClass = (typeof APPEAL_PURPOSE_CLASSES)[number];
export const APPEAL_PURPOSE_CLASS_LABELS: Record<AppealPurposeClass, string> = {
  'specific-grant': 'Specific grant',
  corpus: 'Corpus',
  others: 'Others',
};

export { DEFAULT_BEYOND_GOAL } from './appeal-defaults';

export const MIN_APPEAL_GOAL_PAISE = 100_00;
/** ₹1 crore: above any one animal's care, well inside the integer column. */
export const MAX_APPEAL_GOAL_PAISE = 1_00_00_000_00;
export const MAX_APPEAL_PHOTOS = 12;

/** A photo staff uploaded (the images feature: src/shared/images.ts), by its id. */
export const imageIdSchema = z.number().int().positive().max(2_147_483_647);

/** A tag such as `<b>` or `</p>`: the story and updates are plain paragraphs, shown as text. */
const HTML_TAG = /<\s*\/?\s*[a-z!][^>]*>/i;
/** Control characters other than line breaks and tabs. */
const CONTROL = /[^\P{Cc}\n\r\t]/u;
const SINGLE_LINE_CONTROL = /\p{Cc}/u;

export const plainText = (max: number, { multiline }: { multiline: boolean }) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !HTML_TAG.test(value), 'must be plain text: no HTML tags')
    .refine(
      (value) => !(multiline ? CONTROL : SINGLE_LINE_CONTROL).test(value),
      multiline ? 'must not contain control characters' : 'must be one line, without control characters',
    );

/** The story's paragraphs: split at blank lines, each paragraph's lines joined by a space. */
export function storyParagraphs(story: string): string[] {
  return story
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter((paragraph) => paragraph !== '');
}

/** A video the page may embed: YouTube's or Vimeo's, nothing else. */
export interface AppealVideo {
  provider: 'youtube' | 'vimeo';
  id: string;
  /** The canonical address stored and shown to staff. */
  url: string;
  /** The player to put in an iframe (youtube-nocookie for YouTube). */
  embedUrl: string;
}

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** A YouTube or Vimeo address as people paste it (watch, youtu.be, shorts, embed; vimeo.com/…), or null. */
export function parseVideoUrl(text: string): AppealVideo | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  let youtubeId: string | undefined;
  if (host === 'youtu.be') youtubeId = parts[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (parts[0] === 'watch') youtubeId = url.searchParams.get('v') ?? undefined;
    else if (parts[0] === 'shorts' || parts[0] === 'embed' || parts[0] === 'live') youtubeId = parts[1];
  }
  if (youtubeId !== undefined) {
    if (!YOUTUBE_ID.test(youtubeId)) return null;
    return {
      provider: 'youtube',
      id: youtubeId,
      url: `https://www.youtube.com/watch?v=${youtubeId}`,
      embedUrl: `https://www.youtube-nocookie.com/embed/${youtubeId}`,
    };
  }
  const vimeoPath =
    host === 'vimeo.com' || host === 'www.vimeo.com'
      ? parts
      : host === 'player.vimeo.com' && parts[0] === 'video'
        ? parts.slice(1)
        : null;
  if (vimeoPath && /^\d{1,12}$/.test(vimeoPath[0] ?? '')) {
    const id = vimeoPath[0] as string;
    // An unlisted video's key: vimeo.com/123/abcdef or ?h=abcdef.
    const key = vimeoPath[1] ?? url.searchParams.get('h') ?? undefined;
    if (key !== undefined && !/^[0-9a-f]{6,20}$/i.test(key)) return null;
    return {
      provider: 'vimeo',
      id,
      url: `https://vimeo.com/${id}${key ? `/${key}` : ''}`,
      embedUrl: `https://player.vimeo.com/video/${id}${key ? `?h=${key}` : ''}`,
    };
  }
  return null;
}

/** An empty box is no value: the form sends '' for a field left blank. */
const optional = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional())
    .optional();

/** The appeal's own texts' bounds, the same in every language. */
const titleSchema = plainText(120, { multiline: false }).min(3, 'must be at least 3 characters');
const storySchema = plainText(10_000, { multiline: true }).min(20, 'must tell the story in at least 20 characters');
const beyondGoalSchema = plainText(500, { multiline: false }).min(10, 'must be at least 10 characters');
const updateTextSchema = plainText(2_000, { multiline: true }).min(3, 'must be at least 3 characters');

/** The languages an appeal's texts may be translated into (English is the appeal's own fields). */
export const APPEAL_TRANSLATION_LANGUAGES = LANGUAGES.filter(
  (language): language is Exclude<Language, 'en'> => language !== DEFAULT_LANGUAGE,
);
export type AppealTranslationLanguage = (typeof APPEAL_TRANSLATION_LANGUAGES)[number];

/** Per language, its texts; a language or a field left out (or blank) is shown in English. */
const perLanguage = <T extends z.ZodType>(texts: T) =>
  z.object({ ta: texts.optional(), hi: texts.optional() }).strict().default({});

/**
 * An appeal's title, story and beyond-goal text in Tamil and Hindi, with the English bounds
 * (`translations.ta.title`); the cards' summary is the story's first paragraph in each language.
 */
export const appealTranslationsSchema = perLanguage(
  z.object({
    title: optional(titleSchema),
    story: optional(storySchema),
    beyondGoal: optional(beyondGoalSchema),
  }),
);
export type AppealTranslations = z.infer<typeof appealTranslationsSchema>;
/** The appeal's translatable texts, by the field's name. */
export const APPEAL_TRANSLATED_FIELDS = ['title', 'story', 'beyondGoal'] as const;
export type AppealTranslatedField = (typeof APPEAL_TRANSLATED_FIELDS)[number];

/** An update's text in Tamil and Hindi (`translations.hi.text`). */
export const appealUpdateTranslationsSchema = perLanguage(z.object({ text: optional(updateTextSchema) }));
export type AppealUpdateTranslations = z.infer<typeof appealUpdateTranslationsSchema>;

/** A stored translations value (jsonb) as the schema's type: anything else (an old row) is none. */
export function storedTranslations<T extends Partial<Record<AppealTranslationLanguage, object>>>(value: unknown): T {
  return (value && typeof value === 'object' ? value : {}) as T;
}

/** The text in a language, else the English (a translation missing or blank). */
export function inLanguage<Texts extends Record<string, string | undefined>, Field extends keyof Texts & string>(
  translations: Partial<Record<AppealTranslationLanguage, Texts>>,
  language: Language,
  field: Field,
  english: string,
): string {
  if (language === 'en') return english;
  const text = translations[language]?.[field];
  return typeof text === 'string' && text.trim() !== '' ? text : english;
}

/** What staff write for an appeal, on creation and on every edit (the whole appeal each time). */
export const appealFieldsSchema = z.object({
  title: titleSchema,
  /** Plain paragraphs separated by a blank line. */
  story: storySchema,
  goal: z
    .number({ error: 'must be a number of paise' })
    .int('must be a whole number of paise')
    .min(MIN_APPEAL_GOAL_PAISE, 'must be at least ₹100')
    .max(MAX_APPEAL_GOAL_PAISE, 'must be at most ₹1,00,00,000'),
  /** The last India day gifts are taken (inclusive). */
  endsOn: optional(calendarDaySchema),
  purposeClass: z
    .enum(APPEAL_PURPOSE_CLASSES, { error: `must be one of ${APPEAL_PURPOSE_CLASSES.join(', ')}` })
    .default('specific-grant'),
  /** Where money beyond the goal goes, in the trust's words; the page says DEFAULT_BEYOND_GOAL without it. */
  beyondGoal: optional(beyondGoalSchema),
  /** In the order the page shows them; the first is the appeal's main photo. */
  photoImageIds: z
    .array(imageIdSchema)
    .max(MAX_APPEAL_PHOTOS, `must be at most ${MAX_APPEAL_PHOTOS} photos`)
    .refine((ids) => new Set(ids).size === ids.length, 'must not list a photo twice')
    .default([]),
  videoUrl: optional(
    z
      .string()
      .trim()
      .max(300, 'must be at most 300 characters')
      .refine((url) => parseVideoUrl(url) !== null, 'must be a YouTube or Vimeo video address')
      .transform((url) => (parseVideoUrl(url) as AppealVideo).url),
  ),
  /** A photo of the vet's bill or estimate: donors trust appeals they can check. */
  vetBillImageId: optional(imageIdSchema),
  /** The title, story and beyond-goal text in Tamil and Hindi; what is missing is shown in English. */
  translations: appealTranslationsSchema,
  /** The animal the appeal is for (its record in the console), or none; null or '' clears it. */
  animalId: z
    .preprocess(
      (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
      z.number({ error: 'must be an animal’s number' }).int().positive().max(2_147_483_647).optional(),
    )
    .optional(),
});
export type AppealFields = z.infer<typeof appealFieldsSchema>;
export type AppealFieldsInput = z.input<typeof appealFieldsSchema>;

export const appealCreateInputSchema = appealFieldsSchema;
export const appealEditInputSchema = appealFieldsSchema.extend({ id: z.number().int().positive() });
export type AppealEditInput = z.infer<typeof appealEditInputSchema>;

export const appealIdInputSchema = z.object({ id: z.number().int().positive() });

/** The language a public query answers in (`appeals.listOpen`): the appeals' texts in it where given, else English. */
export const appealLanguageInputSchema = z.object({ language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE) }).optional();

/** `brunos-surgery`: lower-case letters and digits joined by single dashes. */
export const APPEAL_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const appealSlugInputSchema = z.object({
  slug: z.string().trim().toLowerCase().max(80).regex(APPEAL_SLUG_PATTERN, 'must be an appeal’s address'),
  /** The page's language: the appeal's texts in it where staff gave them, else English. */
  language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
});

/** A short update on the appeal (text and an optional photo), mailed to its donors if staff choose. */
export const appealUpdateInputSchema = z.object({
  appealId: z.number().int().positive(),
  text: updateTextSchema,
  /** The text in Tamil and Hindi; what is missing is shown in English. */
  translations: appealUpdateTranslationsSchema,
  photoImageId: optional(imageIdSchema),
  /** Mail it to the appeal's donors (once each, never to those who unsubscribed or were erased). */
  mailDonors: z.boolean().default(false),
});
export type AppealUpdateInput = z.infer<typeof appealUpdateInputSchema>;

/** Staff give (or correct) a posted update's Tamil and Hindi text; its English and its mails stay as posted. */
export const appealUpdateTranslationsInputSchema = z.object({
  id: z.number().int().positive(),
  translations: appealUpdateTranslationsSchema,
});

/** One update as the public page shows it, newest first. */
export interface PublicAppealUpdate {
  id: number;
  /** Paragraphs, as the story's: in the page's language, or English where staff gave none. */
  text: string[];
  /** Whether the text is the English (no translation in the page's language). */
  untranslated: boolean;
  photo: ImageRecord | null;
  /** ISO-8601 UTC. */
  postedAt: string;
}

/**
 * What the public appeal page needs (`appeals.get`), and each card of the open appeals
 * (`appeals.listOpen`, without the story's later paragraphs, the video and the updates).
 */
export interface PublicAppeal {
  id: number;
  slug: string;
  /** The language the texts were asked in (`appeals.get`'s `language`). */
  language: Language;
  /** The texts shown in English for want of a translation in that language (none in English). */
  untranslated: AppealTranslatedField[];
  title: string;
  /** Plain paragraphs: render each as text, never as HTML. */
  story: string[];
  /** In order; the first is the main photo (the Open Graph card's). Show each with `pictureSources` (shared/images.ts). */
  photos: ImageRecord[];
  video: AppealVideo | null;
  /** A photo of the vet's bill or estimate, when staff attached one. */
  vetBill: ImageRecord | null;
  /** Paise. */
  goal: number;
  /** Paise: paid, unrefunded gifts, online and offline (a bounced cheque not). */
  raised: number;
  /** People who gave (a monthly donor once, however many charges). */
  donors: number;
  /** 0–100, rounded down; can pass 100 as `raised` passes the goal (capped at 100 here). */
  percent: number;
  /** The last India day gifts are taken, `YYYY-MM-DD`, or null when the appeal has no end date. */
  endsOn: string | null;
  /** India days left to give, today included (1 on the last day); 0 once ended; null without an end date. */
  daysLeft: number | null;
  status: 'published' | 'closed';
  /** Whether a gift can be made now: published and not past its end date. */
  open: boolean;
  beyondGoal: string;
  /** Newest first. */
  updates: PublicAppealUpdate[];
  /** When raised and donors were counted (ISO-8601 UTC): at most a minute ago. */
  totalsAt: string;
}

/** An open appeal as the home and donate pages list it (`appeals.listOpen`): the story's first paragraph only. */
export type PublicAppealCard = Omit<PublicAppeal, 'story' | 'updates' | 'video' | 'vetBill' | 'photos'> & {
  summary: string;
  /** The main photo (the first), or null. */
  photo: ImageRecord | null;
};
