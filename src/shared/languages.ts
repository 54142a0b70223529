/**
 * The languages the trust writes to its donors in: English, Tamil and Hindi. A donation carries
 * the one the donor gave in (`donations.language`, a CHECK on these codes), its receipt keeps it
 * as issued, and every mail and receipt about it speaks it (receipts beside English, which the
 * Income-tax Department reads). The pages send the same code: English at `/`, `/ta/…`, `/hi/…`.
 *
 * The glossary below is the one place the recurring terms are chosen, so a mail, a receipt and a
 * page never call the same thing by two names. Amounts are written with Indian digit grouping in
 * every language (`formatRupees`: ₹1,00,000), never with a locale's own digits or separators.
 * No Node or DOM imports: the pages read this too.
 */
export const LANGUAGES = ['en', 'ta', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as a language switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ta: 'தமிழ்',
  hi: 'हिन्दी',
};

/** BCP 47 tags, for `lang` attributes, mail bodies and PDF spans. */
export const LANGUAGE_TAGS: Record<Language, string> = { en: 'en-IN', ta: 'ta-IN', hi: 'hi-IN' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** A stored or sent value as a language: anything else (null, an old row) is English. */
export const languageOf = (value: unknown): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

/** The recurring terms, in the form a heading or a label uses them (Tamil adds its case endings in the sentence). */
export interface Glossary {
  donation: string;
  donationReceipt: string;
  receipt: string;
  receiptNumber: string;
  monthlyGift: string;
  acknowledgement: string;
  giftInKind: string;
  trust: string;
  pan: string;
  aadhaar: string;
  /** The tax benefit a donor claims under section 80G / 133. */
  deduction: string;
  incomeTaxDepartment: string;
  /** `section 80G`, `பிரிவு 80G`, `धारा 80G`. */
  section(number: string): string;
  /** Section 133 as donors who know it as 80G read it: `section 133 (formerly 80G)`. */
  sectionFormerly80G(number: string): string;
  rupees: string;
}

export const GLOSSARY = {
  en: {
    donation: 'donation',
    donationReceipt: 'donation receipt',
    receipt: 'receipt',
    receiptNumber: 'receipt number',
    monthlyGift: 'monthly donation',
    acknowledgement: 'acknowledgement',
    giftInKind: 'gift in kind',
    trust: 'trust',
    pan: 'PAN',
    aadhaar: 'Aadhaar',
    deduction: 'tax deduction',
    incomeTaxDepartment: 'Income-tax Department',
    section: (number) => `section ${number}`,
    sectionFormerly80G: (number) => (number === '80G' ? 'section 80G' : `section ${number} (formerly 80G)`),
    rupees: 'rupees',
  },
  ta: {
    donation: 'நன்கொடை',
    donationReceipt: 'நன்கொடை ரசீது',
    receipt: 'ரசீது',
    receiptNumber: 'ரசீது எண்',
    monthlyGift: 'மாதாந்திர நன்கொடை',
    acknowledgement: 'ஒப்புகைச் சீட்டு',
    giftInKind: 'பொருளாக வழங்கிய நன்கொடை',
    trust: 'அறக்கட்டளை',
    pan: 'பான் (PAN)',
    aadhaar: 'ஆதார்',
    deduction: 'வரி விலக்கு',
    incomeTaxDepartment: 'வருமான வரித் துறை',
    section: (number) => `பிரிவு ${number}`,
    sectionFormerly80G: (number) => (number === '80G' ? 'பிரிவு 80G' : `பிரிவு ${number} (முன்பு 80G)`),
    rupees: 'ரூபாய்',
  },
  hi: {
    donation: 'दान',
    donationReceipt: 'दान रसीद',
    receipt: 'रसीद',
    receiptNumber: 'रसीद संख्या',
    monthlyGift: 'मासिक दान',
    acknowledgement: 'पावती',
    giftInKind: 'वस्तु के रूप में दान',
    trust: 'ट्रस्ट',
    pan: 'पैन (PAN)',
    aadhaar: 'आधार',
    deduction: 'कर छूट',
    incomeTaxDepartment: 'आयकर विभाग',
    section: (number) => `धारा ${number}`,
    sectionFormerly80G: (number) => (number === '80G' ? 'धारा 80G' : `धारा ${number} (पहले 80G)`),
    rupees: 'रुपये',
  },
} as const satisfies Record<Language, Glossary>;

/** The glossary of a language. */
export const glossary = (language: Language): Glossary => GLOSSARY[language];
