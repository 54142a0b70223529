import type { AnimalOnPage } from '../../../shared/adoptable';
import { SponsorBlock } from '../animals/SponsorBlock';

/**
 * Sponsoring the animal monthly (issue 43), on its page under the facts: "Sponsor Bruno: ₹3,500 a
 * month", how many sponsor it, and the donate form filled in for it. Nothing when it takes no
 * sponsors (the server gives the block only for an animal open for sponsorship).
 */
export function AnimalSponsorBlock({ animal }: { animal: AnimalOnPage }) {
  return animal.sponsorBlock ? <SponsorBlock block={animal.sponsorBlock} /> : null;
}
