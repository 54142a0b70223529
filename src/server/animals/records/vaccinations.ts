import type { EntityManager } from '@mikro-orm/postgresql';
import type { VaccinationAddInput } from '../../../shared/animal-record.schema';
import { audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import { actorOf, type StaffActor } from '../../platform/staff/staff-actor';

interface StaffCall {
  em: EntityManager;
  staff: StaffActor;
}

/** A vaccination given (day, vaccine, batch), recorded and audited; never before the animal came into care. */
export async function addVaccination({ em, staff }: StaffCall, input: VaccinationAddInput) {
  return em.transactional(async (tx) => {
    const [animal] = await tx.execute<{ intake_on: string }[]>(
      `select to_char(intake_on, 'YYYY-MM-DD') as intake_on from animals where id = ?`,
      [input.animalId],
    );
    if (!animal) throw new DomainError('NOT_FOUND', 'No such animal', { field: 'animalId' });
    if (input.givenOn < animal.intake_on)
      throw new DomainError('BAD_REQUEST', 'must not be before the animal came into care', { field: 'givenOn' });
    const [row] = await tx.execute<{ id: number }[]>(
      `insert into animal_vaccinations (animal_id, given_on, vaccine, batch, recorded_by) values (?, ?, ?, ?, ?) returning id`,
      [input.animalId, input.givenOn, input.vaccine, input.batch, staff.username],
    );
    const id = (row as { id: number }).id;
    await audit(tx, actorOf(staff), 'animal_vaccination_recorded', {
      animalId: input.animalId,
      vaccinationId: id,
      vaccine: input.vaccine,
      givenOn: input.givenOn,
    });
    return { id };
  });
}

/** A vaccination recorded by mistake, taken off the record; the audit keeps what it was. */
export async function removeVaccination({ em, staff }: StaffCall, input: { animalId: number; id: number }) {
  return em.transactional(async (tx) => {
    const [removed] = await tx.execute<{ vaccine: string; given_on: string }[]>(
      `delete from animal_vaccinations where id = ? and animal_id = ?
        returning vaccine, to_char(given_on, 'YYYY-MM-DD') as given_on`,
      [input.id, input.animalId],
    );
    if (!removed) throw new DomainError('NOT_FOUND', 'No such vaccination on this animal', { field: 'id' });
    await audit(tx, actorOf(staff), 'animal_edited', {
      animalId: input.animalId,
      changed: ['vaccinations'],
      vaccinationRemoved: { id: input.id, vaccine: removed.vaccine, givenOn: removed.given_on },
    });
    return { id: input.id };
  });
}
