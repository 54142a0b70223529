import { isLanguage, LANGUAGES, type Language } from '../shared/languages';

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

/** Whether the visitor said no to the offer (this browser remembers it). */
export const OFFER_DISMISSED_KEY = 'language-offer-dismissed';

/** The language to offer on a page in `pageLanguage`: the browser's first choice when it is another of the site's. */
export function languageToOffer(pageLanguage: Language): Language | undefined {
  let dismissed = false;
  try {
    dismissed = localStorage.getItem(OFFER_DISMISSED_KEY) !== null;
  } catch {
    // No storage (a locked-down browser): offer, and a dismissal lasts for the page.
  }
  const preferred = preferredLanguage();
  return !dismissed && preferred !== pageLanguage && LANGUAGES.includes(preferred as Language) ? preferred : undefined;
}
