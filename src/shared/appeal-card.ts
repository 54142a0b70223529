/**
 * An appeal's link preview card (Open Graph, 1200×630 JPEG), made by the server with sharp
 * (server/gifts/appeals/appeal-card.ts) and named by a version that changes with what it shows: the
 * title, the first photo and the progress. The page names the card's address; the server answers
 * the current version there. No imports: the pages' bundle uses this.
 */
export const APPEAL_CARD_WIDTH = 1200;
export const APPEAL_CARD_HEIGHT = 630;

/** What the card shows. */
export interface AppealCardFacts {
  slug: string;
  title: string;
  /** The first photo's content hash, or null. */
  photoHash: string | null;
  /** Paise. */
  raised: number;
  goal: number;
  donors: number;
  status: 'published' | 'closed';
}

/** 32-bit FNV-1a of a string, as 8 hex digits. */
function fnv1a(text: string, seed = 0x811c9dc5): string {
  let hash = seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The card's version: 16 hex digits, new whenever anything it shows changes. */
export function appealCardVersion(facts: AppealCardFacts): string {
  const text = JSON.stringify([facts.title, facts.photoHash, facts.raised, facts.goal, facts.donors, facts.status]);
  return `${fnv1a(text)}${fnv1a(text, 0x01000193)}`;
}

/** `/appeals/<slug>/card-<version>.jpg`: cached a year at this address, since a new card has a new one. */
export function appealCardPath(facts: AppealCardFacts): string {
  return `/appeals/${facts.slug}/card-${appealCardVersion(facts)}.jpg`;
}

/** The facts of an appeal as the public query answers it. */
export function appealCardFacts(appeal: {
  slug: string;
  title: string;
  photos: readonly { hash: string }[];
  raised: number;
  goal: number;
  donors: number;
  status: 'published' | 'closed';
}): AppealCardFacts {
  const { slug, title, raised, goal, donors, status } = appeal;
  return { slug, title, photoHash: appeal.photos[0]?.hash ?? null, raised, goal, donors, status };
}
