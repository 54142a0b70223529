import type { EntityManager } from '@mikro-orm/postgresql';
import type { AnimalStatus } from '../../../shared/animals';
import type { Actor } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import { moveAnimal } from '../records/move-animal';
import type { SponsorMailLinks } from '../sponsors/animal-left';
import { moveAnimalTellingSponsors } from '../sponsors/move-animal-telling-sponsors';

/**
 * What an adoption's steps do to its animal, each in the caller's transaction (work-steps.ts holds
 * the application's row lock): approving reserves the animal, completing marks it adopted, and
 * declining or withdrawing an approved adoption gives the animal back to the list. Every move goes
 * through records/move-animal.ts.
 */

const NOT_ADOPTABLE = (name: string, status: AnimalStatus) =>
  status === 'reserved'
    ? `${name} is no longer adoptable: reserved for another family. Decline this application or wait`
    : `${name} is no longer adoptable: ${status}`;

/** SQL: the application the animal `a`'s latest move names (the family it is reserved for, when reserved). */
const LATEST_MOVE_APPLICATION = `(select c.application_id from animal_status_changes c where c.animal_id = a.id
   order by c.recorded_at desc, c.id desc limit 1)`;

/** Approving an adoption of a named animal: the animal is reserved for this family, or the step is refused. */
export async function reserveAnimalFor(
  em: EntityManager,
  actor: Actor,
  adoption: { animalId: number; applicationId: number },
): Promise<void> {
  const [animal] = await em.execute<{ name: string; status: AnimalStatus }[]>(
    'select name, status from animals where id = ? for update',
    [adoption.animalId],
  );
  if (!animal) throw new DomainError('NOT_FOUND', 'The animal of this application no longer exists', { field: 'to' });
  if (animal.status !== 'adoptable')
    throw new DomainError('CONFLICT', NOT_ADOPTABLE(animal.name, animal.status), { field: 'to' });
  await moveAnimal(em, actor, {
    animalId: adoption.animalId,
    to: 'reserved',
    applicationId: adoption.applicationId,
    note: `Reserved for application ${adoption.applicationId}`,
  });
}

/**
 * Completing an adoption: the animal is adopted on the day given, by this application's family. The
 * animal leaves the trust's care here: this is the one place an adoption moves it, and its sponsors
 * are told and offered another animal in the same transaction (animals/sponsors/).
 */
export async function markAnimalAdopted(
  em: EntityManager,
  actor: Actor,
  adoption: { animalId: number; applicationId: number; onDate?: string },
  sponsorLinks: Partial<SponsorMailLinks>,
): Promise<void> {
  const [animal] = await em.execute<{ name: string; status: AnimalStatus; reservedFor: number | null }[]>(
    `select a.name, a.status, ${LATEST_MOVE_APPLICATION} as "reservedFor" from animals a where a.id = ? for update`,
    [adoption.animalId],
  );
  if (!animal) throw new DomainError('NOT_FOUND', 'The animal of this application no longer exists', { field: 'to' });
  if (animal.status !== 'reserved' && animal.status !== 'adoptable' && animal.status !== 'fostered')
    throw new DomainError('CONFLICT', `${animal.name} cannot be adopted now: ${animal.status}`, { field: 'to' });
  // Reserved since for another family (staff released it from this one, then approved theirs): not this family's to adopt.
  if (animal.status === 'reserved' && animal.reservedFor !== adoption.applicationId)
    throw new DomainError('CONFLICT', NOT_ADOPTABLE(animal.name, animal.status), { field: 'to' });
  await moveAnimalTellingSponsors(
    em,
    actor,
    {
      animalId: adoption.animalId,
      to: 'adopted',
      onDate: adoption.onDate,
      applicationId: adoption.applicationId,
      note: `Adopted through application ${adoption.applicationId}`,
    },
    sponsorLinks,
  );
}

/**
 * An approved adoption declined or withdrawn: the animal it reserved is adoptable again, if it is
 * still reserved by this application (its latest move names it).
 */
export async function releaseAnimalOf(
  em: EntityManager,
  actor: Actor,
  adoption: { animalId: number; applicationId: number },
): Promise<boolean> {
  const [held] = await em.execute<{ held: boolean }[]>(
    `select a.status = 'reserved' and ${LATEST_MOVE_APPLICATION} = ? as held from animals a where a.id = ? for update`,
    [adoption.applicationId, adoption.animalId],
  );
  if (!held?.held) return false;
  await moveAnimal(em, actor, {
    animalId: adoption.animalId,
    to: 'adoptable',
    applicationId: adoption.applicationId,
    note: `Application ${adoption.applicationId} closed: back on the list`,
  });
  return true;
}
