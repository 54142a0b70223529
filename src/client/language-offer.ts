import { LANGUAGE_TAGS } from '../shared/languages';
import { switchTarget } from '../shared/locale-paths';
import { loadLanguageFonts } from './language-fonts';
import { OFFER_DISMISSED_KEY, type OfferedLanguage } from './language-preference';

/**
 * The offer of the page in the visitor's own language (their browser's first choice among the
 * site's), shown only to visitors whose browser asks for another language than the page's: a bar
 * fixed at the foot of the screen (it moves nothing on the page), in the offered language, with the
 * link and a "no, thanks" that this browser remembers. Never a redirect: a link shared on WhatsApp
 * opens as shared. A chunk of its own, loaded only when there is something to offer.
 */
const OFFER: Record<OfferedLanguage, { text: string; link: string; dismiss: string }> = {
  ta: { text: 'இந்தப் பக்கம் தமிழிலும் உள்ளது.', link: 'தமிழில் படிக்க', dismiss: 'வேண்டாம், நன்றி' },
  hi: { text: 'यह पेज हिन्दी में भी उपलब्ध है।', link: 'हिन्दी में पढ़ें', dismiss: 'नहीं, धन्यवाद' },
};

export function showLanguageOffer(language: OfferedLanguage, path: string): void {
  const { text, link, dismiss } = OFFER[language];
  const bar = document.createElement('aside');
  bar.className = 'language-offer';
  bar.lang = LANGUAGE_TAGS[language];
  // This page is in another script: a computer without the offered one's font would show boxes.
  const family = loadLanguageFonts(language, [400]);
  if (family) bar.style.fontFamily = `"${family}", system-ui, sans-serif`;
  bar.setAttribute('aria-label', link);
  const message = document.createElement('p');
  message.textContent = `${text} `;
  const anchor = document.createElement('a');
  anchor.href = switchTarget(language, path);
  anchor.hreflang = LANGUAGE_TAGS[language];
  anchor.textContent = link;
  message.append(anchor);
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = dismiss;
  close.addEventListener('click', () => {
    try {
      localStorage.setItem(OFFER_DISMISSED_KEY, language);
    } catch {
      // Not remembered: gone for this page only.
    }
    bar.remove();
  });
  bar.append(message, close);
  document.body.append(bar);
}
