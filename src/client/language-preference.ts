import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../shared/languages';

/**
 * The site's language the visitor's browser asks for first (navigator.languages: what it sends as
 * Accept-Language), or undefined when it asks for none of them. Only the offer to switch reads it
 * (./language-offer.ts): a page always opens in the language of its address.
 */
export function preferredLanguage(preferences: readonly string[] = navigator.languages): Language | undefined {
  for (const tag of preferences) {
    const code = tag.toLowerCase().split('-')[0] ?? '';
    if (isLanguage(code)) return code;
  }
  return undefined;
}

/** The languages ever offered: Tamil and Hindi. */
export type OfferedLanguage = Exclude<Language, 'en'>;
const isOffered = (language: Language | undefined): language is OfferedLanguage =>
  language !== undefined && language !== DEFAULT_LANGUAGE;

/** Whether the visitor said no to the offer (this browser remembers it). */
export const OFFER_DISMISSED_KEY = 'language-offer-dismissed';

/**
 * The language to offer on a page in `pageLanguage`: the browser's first choice when it is Tamil or
 * Hindi and not the page's. English is never offered: many who read Tamil first keep their phone in
 * English, and a Tamil link they followed is the language they chose.
 */
export function languageToOffer(pageLanguage: Language): OfferedLanguage | undefined {
  let dismissed = false;
  try {
    dismissed = localStorage.getItem(OFFER_DISMISSED_KEY) !== null;
  } catch {
    // No storage (a locked-down browser): offer, and a dismissal lasts for the page.
  }
  const preferred = preferredLanguage();
  return !dismissed && isOffered(preferred) && preferred !== pageLanguage ? preferred : undefined;
}
