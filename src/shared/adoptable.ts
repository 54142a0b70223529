/**
 * The adoptable animals as the public pages (`/adopt`, `/adopt/<slug>`) and the feed
 * (`GET /api/animals/adoptable`) show them: the filters a family uses, an animal's age from its
 * birth day, and what each page is rendered with. No Node or DOM imports: the pages read this.
 */
import { z } from 'zod';
import type { AnimalStatus, Sex, SpecialNeed, Species, YesNoUnknown } from './animals';
import type { ImageRecord } from './images';
import type { Language } from './languages';
import type { SponsorBlock } from './sponsorship';

/** Age bands: under 1 year (a puppy or kitten), 1 to 3, 3 to 8, 8 and over. */
export const AGE_BANDS = ['baby', 'young', 'adult', 'senior'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** The years each band starts and ends at (the end not included; null: no end). */
export const AGE_BAND_YEARS: Record<AgeBand, [number, number | null]> = {
  baby: [0, 1],
  young: [1, 3],
  adult: [3, 8],
  senior: [8, null],
};

/** Special needs as a filter: any (absent), none at all, or at least one. */
export const NEEDS_FILTERS = ['none', 'has'] as const;
export type NeedsFilter = (typeof NEEDS_FILTERS)[number];

/** Animals on one page of `/adopt`: a phone scrolls through this many cards without waiting on a slow network. */
export const ADOPT_PAGE_SIZE = 12;
/** The feed's pages: at most this many animals each. */
export const FEED_PAGE_SIZE_MAX = 100;
/** The highest page number anyone may ask for (a bound on what a query string can make the server do). */
export const MAX_PAGE = 1000;

/** The list's filters, each left out when "any". */
export interface AdoptFilters {
  species?: Species;
  age?: AgeBand;
  sex?: Exclude<Sex, 'unknown'>;
  /** Only animals staff know are good with children. */
  children?: 'yes';
  needs?: NeedsFilter;
}

const pageNumber = z.coerce.number().int().min(1).max(MAX_PAGE);

/** The filters as the feed takes them: a value it does not know is refused (400, with the field). */
export const adoptFiltersSchema = z.object({
  species: z.enum(['dog', 'cat']).optional(),
  age: z.enum(AGE_BANDS).optional(),
  sex: z.enum(['male', 'female']).optional(),
  children: z.enum(['yes']).optional(),
  needs: z.enum(NEEDS_FILTERS).optional(),
});

export const adoptableFeedInputSchema = adoptFiltersSchema.extend({
  page: pageNumber.optional(),
  perPage: z.coerce.number().int().min(1).max(FEED_PAGE_SIZE_MAX).optional(),
});
export type AdoptableFeedInput = z.infer<typeof adoptableFeedInputSchema>;

const yesNoUnknown = z.enum(['yes', 'no', 'unknown']);
const inEachLanguage = z.object({ en: z.string(), ta: z.string(), hi: z.string() });

/** One animal in the feed (`GET /api/animals/adoptable`): what an aggregator or a partner's site lists. */
export const adoptableFeedAnimalSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  species: z.enum(['dog', 'cat']),
  sex: z.enum(['male', 'female', 'unknown']),
  age: z
    .object({
      bornOn: z.string().describe('YYYY-MM-DD; with `estimated`, the day an estimate such as "about 2 years" gives'),
      estimated: z.boolean(),
      months: z.number().int().describe('Whole months old today (India)'),
    })
    .nullable()
    .describe('null when not known'),
  oneLine: inEachLanguage.describe('One line about the animal; English where no translation is written'),
  photos: z.array(z.object({ url: z.string(), width: z.number().int(), height: z.number().int(), alt: z.string() })),
  pageUrl: z.string().describe("The animal's page, in English"),
  pageUrls: inEachLanguage.describe("The animal's page in each language"),
  goodWithDogs: yesNoUnknown,
  goodWithCats: yesNoUnknown,
  goodWithChildren: yesNoUnknown,
  houseTrained: yesNoUnknown,
  sterilised: z.boolean(),
  specialNeeds: z.array(z.string()),
  updatedAt: z.string().describe('ISO 8601: when staff last changed the record'),
});
export type AdoptableFeedAnimal = z.infer<typeof adoptableFeedAnimalSchema>;

export const adoptableFeedOutputSchema = z.object({
  animals: z.array(adoptableFeedAnimalSchema),
  page: z.number().int(),
  pages: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
});
export type AdoptableFeed = z.infer<typeof adoptableFeedOutputSchema>;

/** The feed's page size when the caller names none. */
export const FEED_PAGE_SIZE = 50;

/** One value of a query string: a repeated parameter (`?species=dog&species=cat`) is no value. */
const single = (value: unknown): unknown => (Array.isArray(value) ? undefined : value);

/**
 * The `/adopt` page's query string, as a plain GET form sends it (`?species=dog&children=yes`):
 * each known value kept, anything else (an unknown word, a repeated or overlong parameter, a page
 * past the last) left out, so a link with a stray parameter still shows the list. `page` 1 when absent.
 */
export function parseAdoptQuery(query: Record<string, unknown>): { filters: AdoptFilters; page: number } {
  const filters: AdoptFilters = {};
  for (const key of Object.keys(adoptFiltersSchema.shape) as (keyof AdoptFilters)[]) {
    const parsed = adoptFiltersSchema.shape[key].safeParse(single(query[key]));
    if (parsed.success && parsed.data !== undefined) Object.assign(filters, { [key]: parsed.data });
  }
  const page = pageNumber.safeParse(single(query.page));
  return { filters, page: page.success ? page.data : 1 };
}

/** The query string of the filters and a page (`?species=dog&page=2`), empty for none: the form's own order. */
export function adoptQueryString(filters: AdoptFilters, page = 1): string {
  const params = new URLSearchParams();
  for (const key of ['species', 'age', 'sex', 'children', 'needs'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** An animal's age: in whole months under a year, else whole years; an estimate says "about". */
export interface AnimalAge {
  unit: 'months' | 'years';
  count: number;
  estimated: boolean;
}

const dayParts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** Whole months from one calendar day to another (`YYYY-MM-DD`). */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = dayParts(from);
  const [ty, tm, td] = dayParts(to);
  return (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
}

/** The age on a day, or null when staff do not know when it was born. */
export function ageOn(bornOn: string | null, estimated: boolean, today: string): AnimalAge | null {
  if (!bornOn) return null;
  const months = Math.max(0, monthsBetween(bornOn, today));
  return months < 12
    ? { unit: 'months', count: Math.max(1, months), estimated }
    : { unit: 'years', count: Math.floor(months / 12), estimated };
}

/** A calendar day a whole number of years before another (29 February → 28 February). */
export function yearsBefore(day: string, years: number): string {
  const [y, m, d] = dayParts(day);
  const year = y - years;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${year}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** An animal as a card on `/adopt`: photo, name, age, sex, one line in the page's language. */
export interface AdoptableCard {
  slug: string;
  name: string;
  species: Species;
  sex: Sex;
  age: AnimalAge | null;
  /** In the page's language, or English where staff wrote none (`oneLineInEnglish`). */
  oneLine: string;
  oneLineInEnglish: boolean;
  photo: ImageRecord | null;
}

/** `/adopt` as it is rendered: the filters asked for, one page of cards, how many in all. */
export interface AdoptListOnPage {
  filters: AdoptFilters;
  page: number;
  pages: number;
  total: number;
  animals: AdoptableCard[];
}

/** A published appeal for the animal, linked from its page. */
export interface AnimalAppealLink {
  slug: string;
  title: string;
  titleInEnglish: boolean;
}

/** An animal's page (`/adopt/<slug>`), in the page's language where staff wrote it. */
export interface AnimalOnPage {
  slug: string;
  name: string;
  species: Species;
  sex: Sex;
  status: AnimalStatus;
  age: AnimalAge | null;
  colour: string;
  markings: string;
  photos: ImageRecord[];
  oneLine: string;
  /** Paragraphs. */
  story: string[];
  /** Fields shown in English on a Tamil or Hindi page (no translation written). */
  inEnglish: ('oneLine' | 'story')[];
  sterilised: boolean;
  sterilisedOn: string | null;
  /** Newest first: the vaccine and the day it was given (batch numbers stay with staff). */
  vaccinations: { vaccine: string; givenOn: string }[];
  goodWithDogs: YesNoUnknown;
  goodWithCats: YesNoUnknown;
  goodWithChildren: YesNoUnknown;
  houseTrained: YesNoUnknown;
  specialNeeds: SpecialNeed[];
  /** Staff's own words about its health, in English. */
  condition: string;
  /** The monthly amount it is open for sponsorship at (paise), or null (issue 43's block reads it). */
  sponsorMonthlyAmount: number | null;
  /** "Sponsor Bruno: ₹3,500 a month" and how many sponsor it, when it is open for sponsorship (animals/sponsors/). */
  sponsorBlock?: SponsorBlock | null;
  appeals: AnimalAppealLink[];
  /** The Open Graph card's path (its first photo at 1200×630), or null without a photo. */
  card: string | null;
}

/** Whether the animal has found a home: its page says so, and it is on no list. */
export const hasFoundHome = (status: AnimalStatus): boolean => status === 'reserved' || status === 'adopted';

/** The Open Graph card of an animal's photo: `/adopt/<slug>/card-<photo hash>.jpg` (a new photo, a new address). */
export const ANIMAL_CARD_WIDTH = 1200;
export const ANIMAL_CARD_HEIGHT = 630;
export const animalCardPath = (slug: string, photoHash: string) => `/adopt/${slug}/card-${photoHash}.jpg`;

/** The statuses a page (`/adopt/<slug>`) exists for besides a resident open for sponsorship. */
export const STATUSES_WITH_PAGE: readonly AnimalStatus[] = ['adoptable', 'reserved', 'adopted'];

export type { Language };
