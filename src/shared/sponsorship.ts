import type { AnimalStatus } from './animals';

/**
 * Sponsoring a named animal (issue 43): an ordinary monthly gift whose purpose names the animal.
 * The rules the console, the animal's page, the donate path and the server share. No Node or DOM
 * imports, and no zod: the site's default content (site-content.ts) reads the amount.
 */

/**
 * ₹3,500 a month: what the donate page's impact list says "virtually adopts an animal and covers
 * medical care" (shared/site-content.ts builds that line from it), and the amount an animal is
 * opened for sponsorship at unless staff choose another.
 */
export const SPONSOR_MONTHLY_DEFAULT_PAISE = 350_000;

/** Who may be sponsored: an animal that stays with the trust (a permanent resident, or one in long care). */
export const SPONSORABLE_STATUSES: readonly AnimalStatus[] = ['resident', 'in-care'];

/** The console and the overview list a sponsored animal whose sponsors heard nothing for longer. */
export const SPONSOR_SILENCE_DAYS = 45;

/** What the receipt and the console call a sponsor's gift: "Sponsorship of Bruno". */
export const sponsorshipPurpose = (animalName: string): string => `Sponsorship of ${animalName}`;

/** An animal's slug as its page's address has it (`/adopt/<slug>`); the schema is donation.schema.ts's `animalSlugSchema`. */
export const ANIMAL_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A sponsor's own page, from the mail sent when their animal left care (`/ta/…`, `/hi/…` too). */
export const SPONSOR_CHOICE_PATH = '/my-sponsorship';

/** The header the sponsor's page sends its link's token in (never a URL: URLs are logged). */
export const SPONSOR_TOKEN_HEADER = 'x-sponsor-token';

/** What an animal's page shows to sponsor it (animals/sponsors/sponsorship.ts sponsorBlockOf): null when it takes no sponsors. */
export interface SponsorBlock {
  slug: string;
  name: string;
  /** Paise a month. */
  monthlyAmount: number;
  /** Its active sponsors: how many, never who. */
  sponsors: number;
}

/**
 * The donate form filled in to sponsor the animal (`/donate?type=monthly&amount=3500&animal=bruno-3&animalName=Bruno`,
 * amount in whole rupees): the same monthly gift path, with the animal (client/features/donate/prefill-from-url.ts).
 */
export function sponsorDonatePath(block: Pick<SponsorBlock, 'slug' | 'name' | 'monthlyAmount'>): string {
  const query = new URLSearchParams({
    type: 'monthly',
    amount: String(Math.round(block.monthlyAmount / 100)),
    animal: block.slug,
    animalName: block.name,
  });
  return `/donate?${query.toString()}`;
}
