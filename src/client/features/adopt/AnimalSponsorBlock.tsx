import type { AnimalOnPage } from '../../../shared/adoptable';

/**
 * The place on an animal's page for sponsoring it monthly (issue 43: the sponsors' engineer fills
 * it in). AnimalPage renders it under the facts for every animal with a page; an animal open for
 * sponsorship has `sponsorMonthlyAmount` (paise) set. Until the sponsors' block exists it shows nothing.
 */
export function AnimalSponsorBlock(_props: { animal: AnimalOnPage }) {
  return null;
}
