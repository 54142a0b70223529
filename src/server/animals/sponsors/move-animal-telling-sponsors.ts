import type { EntityManager } from '@mikro-orm/postgresql';
import { LEFT_CARE_STATUSES } from '../../../shared/animals';
import type { Actor } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import { type AnimalMove, type AnimalMoved, moveAnimal } from '../records/move-animal';
import { type SponsorMailLinks, tellSponsorsAnimalLeft } from './animal-left';

/**
 * A status move made by staff (the animal's console page, an adoption's completion): moveAnimal,
 * and when the animal leaves care (adopted, returned, died), its sponsors told in the same
 * transaction, their gifts' pauses owed at Razorpay (made by the sponsors' task loop). records/ cannot
 * import sponsors/, so every caller that may move an animal out of care comes through here.
 */
export async function moveAnimalTellingSponsors(
  em: EntityManager,
  actor: Actor,
  move: AnimalMove,
  links: Partial<SponsorMailLinks>,
): Promise<AnimalMoved & { sponsorsTold: number }> {
  const moved = await moveAnimal(em, actor, move);
  if (!LEFT_CARE_STATUSES.includes(moved.to)) return { ...moved, sponsorsTold: 0 };
  const { donorLinks, siteUrl, personalDataKey } = links;
  if (!donorLinks || !siteUrl || !personalDataKey)
    throw new DomainError('BAD_REQUEST', 'This server cannot write to sponsors (no site address or data key)');
  const { sponsors } = await tellSponsorsAnimalLeft(em, move.animalId, { donorLinks, siteUrl, personalDataKey });
  return { ...moved, sponsorsTold: sponsors };
}
