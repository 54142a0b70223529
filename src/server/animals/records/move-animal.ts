import type { EntityManager } from '@mikro-orm/postgresql';
import { type AnimalStatus, canMoveAnimal } from '../../../shared/animals';
import { indiaDate } from '../../../shared/india-time';
import { type Actor, audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';

export interface AnimalMove {
  animalId: number;
  to: AnimalStatus;
  /** The India day it happened (`YYYY-MM-DD`); today when not given. Never in the future. */
  onDate?: string;
  note?: string;
  /** The family's application, when the move is its reservation or adoption. */
  applicationId?: number | null;
}

export interface AnimalMoved {
  animalId: number;
  from: AnimalStatus;
  to: AnimalStatus;
  onDate: string;
}

const todayInIndia = (now: Date): string => {
  const { year, month, day } = indiaDate(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/**
 * The one way an animal's status changes (docs/architecture.md, "Where state changes"): the move
 * must be one src/shared/animals.ts allows from where the animal is now, read under a row lock so two
 * staff cannot both reserve it; the animal's row, its timeline's row and the audit entry are written
 * in the caller's transaction (run it inside `em.transactional`). Whoever calls it for a move out
 * of care (adopted, returned, died) also tells the animal's sponsors (animals/sponsors/).
 */
export async function moveAnimal(
  em: EntityManager,
  actor: Actor,
  move: AnimalMove,
  now: Date = new Date(),
): Promise<AnimalMoved> {
  const today = todayInIndia(now);
  const onDate = move.onDate ?? today;
  if (onDate > today)
    throw new DomainError('BAD_REQUEST', 'The day of the move cannot be in the future', { field: 'onDate' });
  const [animal] = await em.execute<{ status: AnimalStatus; intake_on: string }[]>(
    `select status, to_char(intake_on, 'YYYY-MM-DD') as intake_on from animals where id = ? for update`,
    [move.animalId],
  );
  if (animal === undefined) throw new DomainError('NOT_FOUND', 'No such animal', { field: 'animalId' });
  if (onDate < animal.intake_on)
    throw new DomainError('BAD_REQUEST', 'The day of the move is before the animal came into care', {
      field: 'onDate',
    });
  if (!canMoveAnimal(animal.status, move.to))
    throw new DomainError('CONFLICT', `An animal that is ${animal.status} cannot be moved to ${move.to}`, {
      field: 'to',
    });
  await em.execute(`update animals set status = ?, status_on = ?, updated_by = ?, updated_at = now() where id = ?`, [
    move.to,
    onDate,
    actor.username,
    move.animalId,
  ]);
  await em.execute(
    `insert into animal_status_changes (animal_id, from_status, to_status, on_date, note, application_id, recorded_by)
      values (?, ?, ?, ?, ?, ?, ?)`,
    [move.animalId, animal.status, move.to, onDate, move.note ?? '', move.applicationId ?? null, actor.username],
  );
  await audit(em, actor, 'animal_moved', {
    animalId: move.animalId,
    from: animal.status,
    to: move.to,
    onDate,
    applicationId: move.applicationId ?? null,
  });
  return { animalId: move.animalId, from: animal.status, to: move.to, onDate };
}
