/**
 * The site content in each language: which of its texts a language can have its own version of
 * (TRANSLATABLE_TEXTS), the content as a language's pages show it (contentIn: its text where it has
 * one, the English one where not), and what each language still lacks (missingTranslations). English
 * is what staff write first and what always shows: a language is never a page with holes, only a page
 * partly in English. Isomorphic and without zod, like ./site-content.ts (the pages and the console read it).
 */
import type { ImageRecord } from './images';
import { DEFAULT_LANGUAGE, glossary, LANGUAGES, type Language } from './languages';
import {
  DEDUCTION_TOKEN,
  type EditableContent,
  resolveSiteContent,
  type SiteContent,
  type TranslatableTexts,
  type TranslatedLanguage,
} from './site-content';
import { taxLawOn } from './tax-law';

/** The shape of a text type with `true` at each text: a list is its items' shape in a one-item tuple. */
export type TextsSpec<T> = T extends string
  ? true
  : T extends readonly (infer Item)[]
    ? readonly [TextsSpec<Item>]
    : { readonly [K in keyof T]-?: TextsSpec<T[K]> };

/** Any shape of texts, as the walks below read it. */
export type AnyTextsSpec = true | readonly [AnyTextsSpec] | { readonly [key: string]: AnyTextsSpec };

/** A policy page's texts (./policy-pages.ts): its title, description and each section's heading and paragraphs. */
const POLICY_TEXT = { title: true, description: true, sections: [{ heading: true, paragraphs: [true] }] } as const;

/**
 * Every text a language may translate, in the form's order. Typed against TranslatableTexts, so a
 * text added to the content and to that type must be added here too.
 */
export const TRANSLATABLE_TEXTS: TextsSpec<TranslatableTexts> = {
  trust: { tagline: true, blurb: true },
  meta: { homeTitle: true, donateTitle: true, description: true, donateDescription: true },
  hero: { headline: true, text: true },
  about: { title: true, intro: true, storyTitle: true, story: [true], call: true, videoLabel: true },
  activities: {
    title: true,
    intro: true,
    cards: [{ title: true, text: true }],
    provideTitle: true,
    provides: [true],
  },
  impact: { title: true, intro: true, figures: [{ label: true }] },
  donate: {
    heading: true,
    intro: true,
    impactTitle: true,
    impactItems: [{ text: true }],
    rescueTitle: true,
    rescueVideoLabel: true,
    rescueStory: [true],
    shareText: true,
  },
  policies: {
    privacy: POLICY_TEXT,
    terms: POLICY_TEXT,
    refunds: POLICY_TEXT,
    contact: POLICY_TEXT,
  },
};

/** The languages the texts are translated into, in the site's order: Tamil, Hindi. */
export const TRANSLATED_LANGUAGES: readonly TranslatedLanguage[] = LANGUAGES.filter(
  (language): language is TranslatedLanguage => language !== DEFAULT_LANGUAGE,
);

export type TextPath = (string | number)[];

type Indexable = Record<string | number, unknown>;
const isObject = (value: unknown): value is Indexable =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A translation counts once it has more than spaces: an empty string is "not translated". */
const translated = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The value at a path, or undefined where the path leaves the value. */
export function textAt(value: unknown, path: TextPath): unknown {
  return path.reduce<unknown>(
    (current, key) => (typeof current === 'object' && current !== null ? (current as Indexable)[key] : undefined),
    value,
  );
}

/** Each translatable text of the content (its path and its English text), in the form's order. */
export function translatableTexts(content: EditableContent): { path: TextPath; english: string }[] {
  const found: { path: TextPath; english: string }[] = [];
  const walk = (spec: AnyTextsSpec, english: unknown, path: TextPath) => {
    if (spec === true) {
      if (typeof english === 'string') found.push({ path, english });
    } else if (Array.isArray(spec)) {
      // A list has as many texts as the English one has items: a translation beyond them shows nowhere.
      if (Array.isArray(english)) {
        for (const [index, item] of english.entries()) walk(spec[0], item, [...path, index]);
      }
    } else {
      for (const [key, inner] of Object.entries(spec)) walk(inner, textAt(english, [key]), [...path, key]);
    }
  };
  walk(TRANSLATABLE_TEXTS, content, []);
  return found;
}

/** The path as the console and the audit trail write it: `about.story.2`. */
export const pathName = (path: TextPath) => path.join('.');

/**
 * The content as a language's pages show it: each text in that language where it is written, the
 * English one where not; contact details, figures, amounts and photos as they are. `mark` is applied
 * to the translated texts only (the deduction's name in the text's own language). English: as it is.
 */
export function contentIn(
  content: EditableContent,
  language: Language,
  mark: (text: string) => string = (text) => text,
): EditableContent {
  if (language === 'en') return content;
  const override = content.translations?.[language];
  if (!override) return content;
  const merge = (spec: AnyTextsSpec, english: unknown, own: unknown): unknown => {
    if (spec === true) return translated(own) ? mark(own.trim()) : english;
    if (Array.isArray(spec)) {
      return Array.isArray(english)
        ? english.map((item, index) => merge(spec[0], item, Array.isArray(own) ? own[index] : undefined))
        : english;
    }
    if (!isObject(english)) return english;
    const merged: Indexable = { ...english };
    for (const [key, inner] of Object.entries(spec)) {
      merged[key] = merge(inner, english[key], isObject(own) ? own[key] : undefined);
    }
    return merged;
  };
  return merge(TRANSLATABLE_TEXTS, content, override) as EditableContent;
}

/** Per language, the paths of the texts it has no version of yet (its pages show those in English). */
export function missingTranslations(content: EditableContent): Record<TranslatedLanguage, string[]> {
  const texts = translatableTexts(content);
  return Object.fromEntries(
    TRANSLATED_LANGUAGES.map((language) => {
      const own = content.translations?.[language];
      return [language, texts.filter(({ path }) => !translated(textAt(own, path))).map(({ path }) => pathName(path))];
    }),
  ) as Record<TranslatedLanguage, string[]>;
}

/**
 * A language's texts without the untranslated ones: empty strings left out, a list's trailing
 * empty places dropped (the places before a written one kept, as '' or {}, so the items stay
 * aligned with the English ones), and nothing at all when nothing is written. So a version stores
 * only what staff wrote, and the audit trail lists only texts that changed.
 */
export function compactTexts<T>(value: T): T | undefined {
  const compact = (item: unknown): unknown => {
    if (typeof item === 'string') return item.trim() === '' ? undefined : item;
    if (Array.isArray(item)) {
      const items = item.map(compact);
      while (items.length > 0 && items.at(-1) === undefined) items.pop();
      if (items.length === 0) return undefined;
      return items.map((kept, index) => kept ?? (typeof item[index] === 'string' ? '' : {}));
    }
    if (isObject(item)) {
      const entries = Object.entries(item)
        .map(([key, inner]) => [key, compact(inner)] as const)
        .filter(([, inner]) => inner !== undefined);
      return entries.length > 0 ? Object.fromEntries(entries) : undefined;
    }
    return item;
  };
  return compact(value) as T | undefined;
}

/**
 * The content a language's pages render on a day (resolveSiteContent, on its texts: contentIn). A
 * translated text names the section in its own words (பிரிவு 80G); an English one shown in its
 * place, in English. Here, not in ./site-content.ts, so the pages' bundle carries no glossary.
 */
export function resolveSiteContentIn(
  edited: EditableContent,
  at: Date,
  images: readonly ImageRecord[],
  language: Language,
): SiteContent {
  const sectionName = glossary(language).sectionFormerly80G(taxLawOn(at).deductionSection);
  return resolveSiteContent(
    contentIn(edited, language, (text) => text.replaceAll(DEDUCTION_TOKEN, sectionName)),
    at,
    images,
  );
}
