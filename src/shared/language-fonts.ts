import type { Language } from './languages';

/**
 * The Noto font of each language that needs one (public/fonts: the script's block only, woff2): its
 * pages load it (server/transports/web/page-documents.ts), and so does the offer of that language on another
 * language's page (client/language-offer.ts).
 */
export const LANGUAGE_FONTS: Partial<Record<Language, { family: string; file: string; unicodeRange: string }>> = {
  ta: {
    family: 'Noto Sans Tamil',
    file: 'noto-sans-tamil',
    unicodeRange: 'U+0964-0965,U+0B80-0BFF,U+200C-200D,U+25CC',
  },
  hi: {
    family: 'Noto Sans Devanagari',
    file: 'noto-sans-devanagari',
    unicodeRange: 'U+0900-097F,U+200C-200D,U+20B9,U+25CC',
  },
};
