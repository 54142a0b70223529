import type { EntityManager } from '@mikro-orm/postgresql';
import type { AnimalStatus, Species } from '../../../shared/animals';
import type { ApplicationAnimal, ApplicationForm } from '../../../shared/application-forms.schema';
import { DomainError } from '../../platform/core/domain-error';
import { enqueueMail } from '../../platform/mail/outbox';
import { publishedContact } from '../../platform/site-content/published-contact';
import { acknowledgementMail } from './acknowledgement-mail';

/** Who wrote an application's first step: the applicant, through a public form. */
export const APPLICANT = 'applicant';

interface AnimalRow {
  id: number;
  slug: string;
  name: string;
  species: Species;
  status: AnimalStatus;
}

const ANIMAL_BY_SLUG = 'select id, slug, name, species, status from animals where slug = ?';

/** The animal an adoption form names (`?animal=<slug>`), as the form shows it; null when no animal has that address. */
export async function applicationAnimal(em: EntityManager, slug: string): Promise<ApplicationAnimal | null> {
  const [row] = await em.execute<AnimalRow[]>(ANIMAL_BY_SLUG, [slug]);
  return row ? { slug: row.slug, name: row.name, species: row.species, adoptable: row.status === 'adoptable' } : null;
}

/** Why a named animal takes no application: the form's field `animal`, with the way on. */
function notAdoptable(animal: AnimalRow): DomainError {
  const foundAHome = animal.status === 'reserved' || animal.status === 'adopted';
  const message = foundAHome
    ? `${animal.name} has found a home: choose another animal on /adopt, or apply for any dog or cat`
    : `${animal.name} is not looking for a home now: choose another animal on /adopt, or apply for any dog or cat`;
  return new DomainError('BAD_REQUEST', message, { field: 'animal' });
}

/** The kind's own answers, as `applications.answers` keeps them: the form less who applied, the animal and the honeypot. */
function answersOf(input: ApplicationForm): Record<string, unknown> {
  const {
    kind: _kind,
    name: _name,
    email: _email,
    phone: _phone,
    language: _language,
    consent: _consent,
    website: _website,
    ...answers
  } = input;
  if ('animal' in answers) delete answers.animal;
  if ('wantedSpecies' in answers) delete answers.wantedSpecies;
  return answers;
}

/**
 * A public form's application, in one transaction: its row (and, from a partner, the `contacts` row
 * it points at: the organisation as the subject, its offer as the message), its first step
 * (`new`, by the applicant) and the acknowledgement mail in the applicant's language through the
 * outbox; all or nothing. An adoption naming an animal takes it only while the animal is adoptable
 * (read under a share lock, so a reservation committing meanwhile waits for this one or refuses it).
 */
export async function submitApplication(em: EntityManager, input: ApplicationForm): Promise<{ id: number }> {
  const contact = await publishedContact(em);
  return em.transactional(async (tx) => {
    let animal: AnimalRow | null = null;
    if (input.kind === 'adopt' && input.animal) {
      [animal = null] = await tx.execute<AnimalRow[]>(`${ANIMAL_BY_SLUG} for share`, [input.animal]);
      if (!animal) {
        throw new DomainError(
          'BAD_REQUEST',
          'No animal has this address: choose one on /adopt, or apply for any dog or cat',
          { field: 'animal' },
        );
      }
      if (animal.status !== 'adoptable') throw notAdoptable(animal);
    }
    let contactId: number | null = null;
    if (input.kind === 'partner') {
      const [row] = await tx.execute<{ id: number }[]>(
        'insert into contacts (name, email, subject, message) values (?, ?, ?, ?) returning id',
        [input.name, input.email, input.organisation, input.offer],
      );
      contactId = (row as { id: number }).id;
    }
    const wantedSpecies = input.kind === 'adopt' && !animal ? (input.wantedSpecies ?? 'either') : null;
    const [row] = await tx.execute<{ id: number }[]>(
      `insert into applications (kind, animal_id, wanted_species, contact_id, name, email, phone, language, answers)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb) returning id`,
      [
        input.kind,
        animal?.id ?? null,
        wantedSpecies,
        contactId,
        input.name,
        input.email,
        input.phone,
        input.language,
        JSON.stringify(answersOf(input)),
      ],
    );
    const id = (row as { id: number }).id;
    await tx.execute(
      `insert into application_events (application_id, kind, from_status, to_status, by_user) values (?, 'status', null, 'new', ?)`,
      [id, APPLICANT],
    );
    const mail = acknowledgementMail({
      kind: input.kind,
      applicationId: id,
      applicantName: input.name,
      animalName: animal?.name ?? null,
      language: input.language,
      contact,
    });
    await enqueueMail(tx, { ...mail, eventKey: `application-${id}`, kind: 'application-received', to: input.email });
    return { id };
  });
}
