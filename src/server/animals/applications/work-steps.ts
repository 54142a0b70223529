import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApplicationMailStep } from '../../../shared/application-work.schema';
import {
  type ApplicationKind,
  type ApplicationStatus,
  canMoveApplication,
  OPEN_APPLICATION_STATUSES,
} from '../../../shared/applications';
import type { Language } from '../../../shared/languages';
import { type Actor, audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import { enqueueMail } from '../../platform/mail/outbox';
import { actorOf, type StaffActor } from '../../platform/staff/staff-actor';
import type { SponsorMailLinks } from '../sponsors/animal-left';
import { markAnimalAdopted, releaseAnimalOf, reserveAnimalFor } from './adoption-steps';
import { applicationMail } from './mail-templates';

/**
 * The steps staff take on an application (docs/architecture.md, "Where state changes": an
 * application's status moves only here): each under the application's row lock, forward only as
 * src/shared/applications.ts allows, with its event row, its audit entry (ids only) and, when staff
 * choose, the step's mail queued in the same transaction.
 */

interface Locked {
  id: number;
  kind: ApplicationKind;
  status: ApplicationStatus;
  animal_id: number | null;
  animal_name: string | null;
  name: string;
  email: string;
  language: Language;
}

const OPEN = `(${OPEN_APPLICATION_STATUSES.map((status) => `'${status}'`).join(', ')})`;

async function lock(em: EntityManager, id: number): Promise<Locked> {
  const [row] = await em.execute<Locked[]>(
    `select ap.id, ap.kind, ap.status, ap.animal_id, an.name as animal_name, ap.name, ap.email, ap.language
       from applications ap left join animals an on an.id = ap.animal_id where ap.id = ? for update of ap`,
    [id],
  );
  if (!row) throw new DomainError('NOT_FOUND', `No application ${id}`, { field: 'id' });
  return row;
}

async function event(
  em: EntityManager,
  actor: Actor,
  applicationId: number,
  step: {
    kind: 'status' | 'note' | 'assigned' | 'mail';
    from?: ApplicationStatus;
    to?: ApplicationStatus;
    text?: string;
  },
): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>(
    `insert into application_events (application_id, kind, from_status, to_status, text, by_user)
     values (?, ?, ?, ?, ?, ?) returning id`,
    [applicationId, step.kind, step.from ?? null, step.to ?? null, step.text ?? '', actor.username],
  );
  return (row as { id: number }).id;
}

/** Queues the step's mail to the applicant in their language, and keeps it as a step of its own. */
async function mailApplicant(em: EntityManager, actor: Actor, application: Locked, step: ApplicationMailStep) {
  const mail = await applicationMail(em, {
    step,
    language: application.language,
    name: application.name,
    animalName: application.animal_name,
  });
  const eventId = await event(em, actor, application.id, { kind: 'mail', text: mail.subject });
  await enqueueMail(em, {
    ...mail,
    eventKey: `application-${application.id}-${step}-${eventId}`,
    kind: `application-${step}`,
    to: application.email,
  });
  await audit(em, actor, 'application_mailed', { applicationId: application.id, step });
}

async function setStatus(em: EntityManager, actor: Actor, application: Locked, to: ApplicationStatus, note: string) {
  await em.execute(
    'update applications set status = ?, status_at = now(), updated_at = now() where id = ? and status = ?',
    [to, application.id, application.status],
  );
  await event(em, actor, application.id, { kind: 'status', from: application.status, to, text: note });
  await audit(em, actor, 'application_status_changed', { applicationId: application.id, from: application.status, to });
}

export interface MoveOutcome {
  id: number;
  from: ApplicationStatus;
  to: ApplicationStatus;
  mailed: boolean;
  /** Approving an adoption: the other applications declined for the same animal. */
  declined: number[];
  /** What happened to the animal: reserved, adopted, or released back to the list. */
  animal: 'reserved' | 'adopted' | 'released' | null;
}

/**
 * Moves an application one step. An adoption of a named animal carries its animal: approved
 * reserves it (refused when it is no longer adoptable), completed marks it adopted on `onDate`, and
 * an approved one declined or withdrawn gives the animal back to the list. Approving may decline the
 * other open applications for the same animal (`declineOthers`), each with the kind mail.
 */
export async function moveApplication({
  em,
  staff,
  input,
  ...sponsorLinks
}: Partial<SponsorMailLinks> & {
  em: EntityManager;
  staff: StaffActor;
  input: { id: number; to: ApplicationStatus; mail: boolean; note: string; onDate?: string; declineOthers: number[] };
}): Promise<MoveOutcome> {
  const actor = actorOf(staff);
  return em.transactional(async (tx) => {
    const application = await lock(tx, input.id);
    if (!canMoveApplication(application.status, input.to))
      throw new DomainError('CONFLICT', `An application that is ${application.status} cannot move to ${input.to}`, {
        field: 'to',
      });
    if (input.declineOthers.length > 0 && !(input.to === 'approved' && application.animal_id))
      throw new DomainError('BAD_REQUEST', 'Only approving an adoption of a named animal declines others', {
        field: 'declineOthers',
      });
    let animal: MoveOutcome['animal'] = null;
    const adoption =
      application.kind === 'adopt' && application.animal_id !== null
        ? { animalId: application.animal_id, applicationId: application.id }
        : null;
    if (adoption && input.to === 'approved') {
      await reserveAnimalFor(tx, actor, adoption);
      animal = 'reserved';
    } else if (adoption && input.to === 'completed') {
      await markAnimalAdopted(tx, actor, { ...adoption, onDate: input.onDate }, sponsorLinks);
      animal = 'adopted';
    } else if (adoption && application.status === 'approved' && (input.to === 'declined' || input.to === 'withdrawn')) {
      if (await releaseAnimalOf(tx, actor, adoption)) animal = 'released';
    }
    await setStatus(tx, actor, application, input.to, input.note);
    if (input.mail && input.to !== 'new') await mailApplicant(tx, actor, application, input.to);

    const declined: number[] = [];
    for (const otherId of [...new Set(input.declineOthers)].filter((other) => other !== application.id)) {
      const other = await lock(tx, otherId);
      if (other.animal_id !== application.animal_id || !OPEN_APPLICATION_STATUSES.includes(other.status))
        throw new DomainError('CONFLICT', `Application ${otherId} is not open for the same animal`, {
          field: 'declineOthers',
        });
      await setStatus(tx, actor, other, 'declined', `Another family adopts: application ${application.id}`);
      await mailApplicant(tx, actor, other, 'found-another-home');
      declined.push(otherId);
    }
    return { id: application.id, from: application.status, to: input.to, mailed: input.mail, declined, animal };
  });
}

/** The other open applications for an application's animal: what approving offers to decline. */
export async function otherOpenApplications(em: EntityManager, id: number) {
  return em.execute<{ id: number; name: string; status: ApplicationStatus; createdAt: string }[]>(
    `select o.id, o.name, o.status, to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
       from applications ap join applications o on o.animal_id = ap.animal_id and o.id <> ap.id
      where ap.id = ? and ap.animal_id is not null and o.status in ${OPEN} order by o.created_at`,
    [id],
  );
}

/** Gives the application to a staff member (or to nobody): an active account only. */
export async function assignApplication({
  em,
  staff,
  input,
}: {
  em: EntityManager;
  staff: StaffActor;
  input: { id: number; userId: number | null };
}) {
  const actor = actorOf(staff);
  return em.transactional(async (tx) => {
    const application = await lock(tx, input.id);
    let username = '';
    if (input.userId !== null) {
      const [user] = await tx.execute<{ username: string }[]>(
        'select username from users where id = ? and not disabled',
        [input.userId],
      );
      if (!user) throw new DomainError('BAD_REQUEST', 'No active staff account with this id', { field: 'userId' });
      username = user.username;
    }
    await tx.execute('update applications set assigned_to = ?, updated_at = now() where id = ?', [
      input.userId,
      application.id,
    ]);
    await event(tx, actor, application.id, { kind: 'assigned', text: username });
    await audit(tx, actor, 'application_assigned', { applicationId: application.id, userId: input.userId });
    return { id: application.id, assignedTo: input.userId === null ? null : { id: input.userId, username } };
  });
}

/** A note on the application (what was said on the phone, what the home visit found). */
export async function addApplicationNote({
  em,
  staff,
  input,
}: {
  em: EntityManager;
  staff: StaffActor;
  input: { id: number; text: string };
}) {
  const actor = actorOf(staff);
  return em.transactional(async (tx) => {
    const application = await lock(tx, input.id);
    const eventId = await event(tx, actor, application.id, { kind: 'note', text: input.text });
    await tx.execute('update applications set updated_at = now() where id = ?', [application.id]);
    await audit(tx, actor, 'application_note_added', { applicationId: application.id, eventId });
    return { id: application.id, eventId };
  });
}
