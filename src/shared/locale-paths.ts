/**
 * Where each language's pages are: English at the site's own paths (`/`, `/donate`), Tamil and
 * Hindi under their code (`/ta/`, `/hi/`; `/ta/my-giving`). A visitor's language is the one in the
 * address they opened, never guessed from Accept-Language: a link shared on WhatsApp opens as shared.
 * No Node or DOM imports: the pages and the server read this.
 */
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages';

/**
 * The pages Tamil and Hindi have (English paths), besides the 404 page, every appeal's page
 * (`/appeals/<slug>`, rendered on demand), `/adopt` and every animal's page (`/adopt/<slug>`); a
 * page not listed is English only.
 */
export const TRANSLATED_PATHS: readonly string[] = [
  '/',
  '/donate',
  '/my-giving',
  '/privacy',
  '/terms',
  '/refunds',
  '/contact',
  '/apply/adopt',
  '/foster',
  '/volunteer',
  '/partner',
];

/** An appeal's page: `/appeals/` and its slug (lower-case letters and digits joined by dashes, shared/appeals.schema.ts). */
export const APPEAL_PATH = /^\/appeals\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** The adoptable animals' list, rendered on demand with its filters (server/transports/web/animal-pages.ts). */
export const ADOPT_PATH = '/adopt';

/** An animal's page: `/adopt/` and its slug (lower-case letters and digits joined by dashes). */
export const ANIMAL_PATH = /^\/adopt\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** Any path that is no page renders the 404 page; this one names it. */
export const NOT_FOUND_PATH = '/404-page-not-found';

/** Open Graph's locale of each language (`og:locale`). */
export const OG_LOCALES: Record<Language, string> = { en: 'en_IN', ta: 'ta_IN', hi: 'hi_IN' };

/** An English path in a language: `/` → `/ta/`, `/my-giving` → `/ta/my-giving`, English as it is. */
export function localizedPath(language: Language, path: string): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return path === '/' ? `/${language}/` : `/${language}${path}`;
}

/** An address's language and its English path: `/ta/` → ta and `/`, `/hi/x` → hi and `/x`, `/donate` → en. */
export function splitLanguage(pathname: string): { language: Language; path: string } {
  const code = pathname.match(/^\/([a-z]{2})(?=\/|$)/)?.[1];
  if (code && code !== DEFAULT_LANGUAGE && isLanguage(code)) {
    return { language: code, path: pathname.slice(code.length + 1) || '/' };
  }
  return { language: DEFAULT_LANGUAGE, path: pathname };
}

/** Whether the page at an English path exists in a language. */
export const hasPageIn = (language: Language, path: string): boolean =>
  language === DEFAULT_LANGUAGE ||
  TRANSLATED_PATHS.includes(path) ||
  APPEAL_PATH.test(path) ||
  path === ADOPT_PATH ||
  ANIMAL_PATH.test(path);

/**
 * Where the language switch takes a page to: the same page in the other language where it has one,
 * else (the 404 page too) that language's home page (a section, `/#about`, keeps its section).
 */
export function switchTarget(language: Language, path: string): string {
  const [pathname = '/', hash] = path.split('#');
  const target = pathname !== NOT_FOUND_PATH && hasPageIn(language, pathname) ? pathname : '/';
  return `${localizedPath(language, target)}${hash === undefined ? '' : `#${hash}`}`;
}

export { LANGUAGES };
