// Over 250 lines on purpose: the site content's shape, its first version (DEFAULT_ENGLISH_CONTENT: most
// of the file, as data) and how a page resolves it change together whenever a field is added; the first
// version names DEDUCTION_TOKEN and is resolved here into `siteContent`, so apart the two would import
// each other.
/**
 * Everything the trust would change to make the website its own: its name, how to reach it, its
 * figures and its stories. Staff edit the texts, figures, contact details and photos from the
 * console (Site content: a draft, its preview, then published, kept in PostgreSQL); what is here
 * are the defaults, the site's first version, shown until staff publish one. The colour and the
 * legal details are fixed here; the trust's name is the legal details' (an admin overrides them
 * under Trust details, and the server renders the pages and mails with the name saved there). Isomorphic: no Node or DOM imports, and no zod (the browser's first load must not
 * carry it: the schema is ./site-content.schema.ts).
 */

import type { ImageRecord } from './images';
import type { ImpactCount } from './impact-counts';
import { indiaDate } from './india-time';
import type { Language } from './languages';
import { DEFAULT_POLICIES, type PolicyContent } from './policy-pages';
import { formatRupees } from './rupees';
import { SPONSOR_MONTHLY_DEFAULT_PAISE } from './sponsorship';
import { deductionName, deductionShortName, type TaxLaw, taxLawOn } from './tax-law';

export interface ImpactFigure {
  /** The typed number (`2000+`): shown unless `count` says to count from the records. */
  value: string;
  label: string;
  /** Count this from the animal records instead (./impact-counts.ts); absent: the typed value. */
  count?: ImpactCount;
  /** On a rendered page only: the India day a counted value counts from (the page says "since …"). */
  countedSince?: string;
}

export interface Activity {
  title: string;
  text: string;
}

/**
 * A photo of the site: one staff uploaded (its id in the Photos library, which keeps its own
 * description), or null for the built-in picture under /attached-assets, described by `alt`.
 */
export interface PhotoRef {
  imageId: number | null;
  /** What the built-in picture shows, for people who cannot see it. */
  alt: string;
}

/** A photo as a page shows it: the uploaded one when there is one (deleted since: the built-in picture). */
export interface ShownPhoto {
  image: ImageRecord | null;
  /** The uploaded photo's description, else the built-in picture's. */
  alt: string;
}

/**
 * The texts may name the income-tax deduction as this token: the pages say the section in force
 * on the day they are rendered (`section 80G` up to 31 March 2026, `section 133 (formerly 80G)` after).
 */
export const DEDUCTION_TOKEN = '{deduction}';

/**
 * The texts of the content a language can have its own version of: what a visitor reads. Contact
 * details, figures, amounts and photos are the same in every language, so they are not here.
 */
export interface TranslatableTexts {
  trust: EditableContent['trust'];
  meta: EditableContent['meta'];
  hero: EditableContent['hero'];
  about: EditableContent['about'];
  activities: EditableContent['activities'];
  impact: { title: string; intro: string; figures: Pick<ImpactFigure, 'label'>[] };
  donate: Omit<EditableContent['donate'], 'impactItems'> & { impactItems: { text: string }[] };
  policies: Pick<PolicyContent, 'privacy' | 'terms' | 'refunds' | 'contact'>;
}

/**
 * Some of a language's texts: any field may be left out, and an empty string is "not translated"
 * (a list keeps its places, so `about.story[2]` is the third English paragraph's translation).
 */
export type TextsOverride<T = TranslatableTexts> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? TextsOverride<Item>[]
    : { [K in keyof T]?: TextsOverride<T[K]> };

/** The languages the texts are translated into: every language but English, which they are written in. */
export type TranslatedLanguage = Exclude<Language, 'en'>;

/** What staff edit: one version of it is published at a time (site_content_versions). */
export interface EditableContent {
  trust: {
    tagline: string;
    /** Shown in the footer under the name. */
    blurb: string;
  };
  contact: {
    address: string;
    /** As it is shown; the `tel:` link is made from its digits. */
    phone: string;
    email: string;
    instagramUrl: string;
    instagramHandle: string;
  };
  meta: {
    homeTitle: string;
    donateTitle: string;
    description: string;
    donateDescription: string;
  };
  hero: { headline: string; text: string };
  about: {
    title: string;
    intro: string;
    storyTitle: string;
    story: string[];
    call: string;
    videoLabel: string;
  };
  activities: { title: string; intro: string; cards: Activity[]; provideTitle: string; provides: string[] };
  impact: { title: string; intro: string; figures: ImpactFigure[] };
  donate: {
    heading: string;
    intro: string;
    impactTitle: string;
    impactItems: { amount: string; text: string }[];
    rescueTitle: string;
    rescueVideoLabel: string;
    rescueStory: string[];
    shareText: string;
  };
  /** The privacy notice, terms, refund policy and contact page (./policy-pages.ts). */
  policies: PolicyContent;
  photos: {
    /** The home page's hero picture. */
    hero: PhotoRef;
    /** The link preview's picture (Open Graph, WhatsApp). */
    share: PhotoRef;
  };
  /**
   * The texts in Tamil and Hindi, as far as they are written: the pages in a language show its
   * text where there is one and the English one where not (site-content-languages.ts contentIn).
   * Absent in versions saved before there were any, and in those with none.
   */
  translations?: Partial<Record<TranslatedLanguage, TextsOverride>>;
}

/** What the pages render: the edited content with the fixed parts and the law's texts filled in. */
export interface SiteContent extends Omit<EditableContent, 'photos' | 'translations'> {
  trust: EditableContent['trust'] & { name: string; shortName: string };
  contact: EditableContent['contact'] & {
    /** As it is dialled: digits with the country code, for the `tel:` link. */
    phoneHref: string;
  };
  meta: EditableContent['meta'] & {
    /** Browser and checkout accent colour; dark green. */
    themeColor: string;
  };
  about: EditableContent['about'] & {
    /** Written from the law in force (tax-law.ts), never edited. */
    taxNotice: string;
  };
  photos: { hero: ShownPhoto; share: ShownPhoto };
  footer: { copyrightYear: number };
  /** The trust's legal details as printed on 80G receipts; an admin overrides them in the console. */
  legal: {
    name: string;
    address: string;
    pan: string;
    /** The 80G registration number (URN) from Form 10AC. */
    registration80g: string;
    /** ISO date (YYYY-MM-DD) of the 80G approval. */
    approvedOn: string;
    /** As the approval states it, e.g. `AY 2022-23 to AY 2026-27`. */
    validity: string;
    signatoryName: string;
    signatoryTitle: string;
    /** Receipt numbers read `<prefix>/<financial year>/<number>`, e.g. `CART/2026-27/000123`. */
    receiptPrefix: string;
  };
}

/** What a page carries to the browser: everything but the legal details (receipts' business). */
export type PageContent = Omit<SiteContent, 'legal'>;

/** The first version of what staff edit. */
export const DEFAULT_ENGLISH_CONTENT: EditableContent = {
  trust: {
    tagline: 'Rescue · Rehabilitate · Rehome',
    blurb:
      'A registered animal rescue and welfare trust in Chennai caring for sick, injured, aged, disabled and abandoned dogs and cats, and sterilizing street animals.',
  },
  contact: {
    address: 'Chennai, Tamil Nadu, India',
    phone: '+91 98765 43210',
    email: 'help@chennaianimalrescue.org',
    instagramUrl: 'https://www.instagram.com/chennaianimalrescue',
    instagramHandle: '@chennaianimalrescue',
  },
  meta: {
    homeTitle: 'Chennai Animal Rescue Trust: every animal deserves a second chance',
    donateTitle: 'Donate: help us save more lives | Chennai Animal Rescue Trust',
    description: `We rescue, rehabilitate and rehome sick, injured, aged and abandoned dogs and cats in Chennai. Donations are tax-deductible under ${DEDUCTION_TOKEN}.`,
    donateDescription: `Make a one-time or monthly donation in rupees to feed, treat and shelter rescued dogs and cats in Chennai. Tax-deductible under ${DEDUCTION_TOKEN}.`,
  },
  hero: {
    headline: 'Every Animal Deserves a Second Chance',
    text: 'We rescue, rehabilitate and rehome sick, injured and abandoned animals across India, and give them the love and care they deserve.',
  },
  about: {
    title: 'Give Them a Second Chance at Life',
    intro:
      'Every day we meet animals who have been hurt, abandoned or forgotten. With your help, they heal and find a home.',
    storyTitle: 'Our Story',
    story: [
      'Our shelter in Chennai is home to paralysed, aged, abandoned and ailing dogs and cats who have nowhere else to go. Many arrive after accidents or years on the street; some will live with us for the rest of their lives.',
    ],
    call: 'We need your help with food, medicine, veterinary care and shelter. Every rupee goes into keeping them fed, treated and safe.',
    videoLabel: 'Rescued dogs resting and playing at the shelter',
  },
  activities: {
    title: 'Our Activities',
    intro: 'From the first call for help to a safe, loving home.',
    cards: [
      {
        title: 'Rescue Operations',
        text: 'Our emergency team is available 24/7 to rescue injured, sick and abandoned animals across the city.',
      },
      {
        title: 'Medical Care',
        text: 'Surgery, treatment, medicines and long-term care from veterinarians for every animal we take in.',
      },
      {
        title: 'Rehabilitation',
        text: 'Physiotherapy, good food and patience until each animal is ready for a home, or a safe forever place with us.',
      },
    ],
    provideTitle: 'What We Provide',
    provides: [
      'Rescue of sick or injured animals',
      'Permanent sheltering for animals with long-term illnesses',
      'Care for elderly and disabled animals',
      'Rescue of abandoned animals',
      'Sterilization of street animals',
    ],
  },
  impact: {
    title: 'Our Impact',
    intro: 'What your support has made possible.',
    figures: [
      { value: '2000+', label: 'Dogs and cats sterilized in the past 10 years' },
      { value: '500+', label: 'Animals rescued since 2015' },
      { value: '350+', label: 'Dogs rescued from culling in Kerala' },
      { value: '80', label: 'Beagles rescued from lab experimentation' },
    ],
  },
  donate: {
    heading: 'Help Us Save More Lives',
    intro: `Your one-time or monthly support feeds, treats and shelters rescued animals. Every donation is tax-deductible under ${DEDUCTION_TOKEN}.`,
    impactTitle: 'Impact',
    impactItems: [
      { amount: '₹500', text: 'helps fund 1 emergency CBC blood test' },
      { amount: '₹2,000', text: 'vaccinates 2 dogs' },
      { amount: '₹2,500', text: 'covers monthly feeding of one resident animal' },
      { amount: '₹3,400', text: 'sterilizes 1 street animal' },
      {
        amount: formatRupees(SPONSOR_MONTHLY_DEFAULT_PAISE),
        text: 'virtually adopts an animal and covers medical care',
      },
    ],
    rescueTitle: 'A Recent Rescue',
    rescueVideoLabel: 'A rescued puppy recovering at the shelter',
    rescueStory: [
      'Found paralysed by the roadside after an accident, Bruno could not move his hind legs. Our team brought him in the same night.',
      'After surgery, weeks of physiotherapy and a wheelchair built for him, he now races around the shelter. Your donations make rescues like his possible.',
    ],
    shareText: 'Help rescued dogs and cats in Chennai get food, treatment and shelter. Donate here:',
  },
  policies: DEFAULT_POLICIES,
  photos: {
    hero: { imageId: null, alt: 'A rescued dog and cat resting together in the sun at the shelter' },
    share: { imageId: null, alt: 'Chennai Animal Rescue Trust: rescued dogs and cats' },
  },
};

/** What staff do not edit here. */
const FIXED = {
  themeColor: '#1b5e20',
  // PLACEHOLDERS: not the trust's real registration. Replace them (here or in the staff console)
  // with the details on the trust's 80G approval before issuing real receipts.
  legal: {
    name: 'Chennai Animal Rescue Trust',
    address: '1 Placeholder Street, Chennai, Tamil Nadu 600001, India',
    pan: 'AAATC0000A',
    registration80g: 'AAATC0000AF20220PLACEHOLDER',
    approvedOn: '2022-04-01',
    validity: 'AY 2022-23 to AY 2026-27',
    signatoryName: 'Placeholder Name',
    signatoryTitle: 'Managing Trustee',
    receiptPrefix: 'CART',
  },
} as const;

/** A phone number as shown (`+91 98765 43210`) as dialled (`+919876543210`). */
export const phoneHrefOf = (phone: string) => phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');

/** Every string of a value with the deduction token replaced by the law's name for it. */
function fillLaw<T>(value: T, law: TaxLaw): T {
  if (typeof value === 'string') return value.replaceAll(DEDUCTION_TOKEN, deductionShortName(law)) as T;
  if (Array.isArray(value)) return value.map((item) => fillLaw(item, law)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillLaw(item, law)])) as T;
  }
  return value;
}

/** The uploaded photos a version names. */
export const contentImageIds = (content: EditableContent): number[] =>
  Object.values(content.photos).flatMap((photo) => (photo.imageId === null ? [] : [photo.imageId]));

/**
 * The content the pages render on a day: the deduction's name of the law in force that day (India
 * time), the fixed parts and the tax notice, the photos from `images` (those of contentImageIds).
 * Its texts as they are (a language's: site-content-languages.ts resolveSiteContentIn). Pure: the
 * same input, the same pages.
 */
export function resolveSiteContent(
  edited: EditableContent,
  at: Date = new Date(),
  images: readonly ImageRecord[] = [],
): SiteContent {
  const law = taxLawOn(at);
  const { translations: _translations, ...texts } = edited;
  const content = fillLaw(texts, law);
  const shown = ({ imageId, alt }: PhotoRef): ShownPhoto => {
    const image = images.find((candidate) => candidate.id === imageId) ?? null;
    return { image, alt: image?.alt ?? alt };
  };
  return {
    ...content,
    photos: { hero: shown(content.photos.hero), share: shown(content.photos.share) },
    // The name until an admin saves Trust details (the server then renders with that one: withTrustName).
    trust: { ...content.trust, name: FIXED.legal.name, shortName: 'Animal Rescue Trust' },
    contact: { ...content.contact, phoneHref: phoneHrefOf(content.contact.phone) },
    meta: { ...content.meta, themeColor: FIXED.themeColor },
    about: {
      ...content.about,
      taxNotice: `We are approved under ${law.approvalProvision}, so your donations are eligible for a tax deduction under ${deductionName(law)}.`,
    },
    // The year the page is rendered in, in India (the server renders its pages again when it changes).
    footer: { copyrightYear: indiaDate(at).year },
    legal: { ...FIXED.legal },
  };
}

/** The content with the trust's name as an admin saved it under Trust details (gifts/receipts/trust-details.ts). */
export function withTrustName<T extends { trust: { name: string } }>(content: T, name: string): T {
  return content.trust.name === name ? content : { ...content, trust: { ...content.trust, name } };
}

/** The page's share of the content (no legal details): what a page embeds for its hydration. */
export function pageContentOf({ legal: _legal, ...content }: SiteContent): PageContent {
  return content;
}

/** The defaults as the pages render them today; the server's mails and receipts read the fixed parts here. */
// Pure: a bundle that does not use it (a page's: its content comes with the page) leaves the defaults out.
export const siteContent: SiteContent = /* @__PURE__ */ resolveSiteContent(DEFAULT_ENGLISH_CONTENT);
