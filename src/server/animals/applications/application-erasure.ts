import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_APPLICATION_KEEP_MONTHS } from '../../../shared/applications';
import { type Actor, audit } from '../../platform/audit/audit';
import { ERASED, ERASED_EMAIL } from '../../platform/personal-data/erased';
import { actorOf, type StaffActor } from '../../platform/staff/staff-actor';

/**
 * Applications are personal data (DPDP Act 2023): declined and withdrawn ones are erased once the
 * admins' period has passed since they closed, and every one of a person's goes with their erasure.
 * Erasing deletes the application, its steps (application_events, on delete cascade) and, for a
 * partner, its contacts row, and scrubs its mails in the outbox; the audit keeps the ids only.
 */

/** pg_try_advisory_xact_lock key: one instance erases at a time. */
const APPLICATION_RETENTION_LOCK = 80_142;
const SYSTEM: Actor = { userId: null, username: 'system', ip: '-' };

async function eraseApplications(em: EntityManager, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const json = JSON.stringify(ids);
  const erased = await em.execute<{ contact_id: number | null }[]>(
    `delete from applications where id in (select value::int from jsonb_array_elements_text(?::jsonb)) returning contact_id`,
    [json],
  );
  // Their mails (the acknowledgement, the steps' mails: message ids `application-<id>` and
  // `application-<id>-…`) keep no name, address or animal; one not sent yet is not sent.
  await em.execute(
    `update mail_outbox set recipient = ?, subject = ?, text_body = ?, html_body = ?, attachments = '[]',
        status = case when status = 'queued' then 'failed' else status end,
        last_error = case when status = 'queued' then 'erased with the application' else last_error end
      where message_id in (select 'application-' || value from jsonb_array_elements_text(?::jsonb))
         or message_id ~ ('^application-(' || (select string_agg(value, '|') from jsonb_array_elements_text(?::jsonb)) || ')-')`,
    [ERASED_EMAIL, ERASED, ERASED, ERASED, json, json],
  );
  const contacts = erased.map((row) => row.contact_id).filter((id): id is number => id !== null);
  if (contacts.length)
    await em.execute(
      `delete from contacts where id in (select value::int from jsonb_array_elements_text(?::jsonb))
         and not exists (select 1 from applications a where a.contact_id = contacts.id)`,
      [JSON.stringify(contacts)],
    );
  return erased.length;
}

export async function applicationKeepMonths(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ keep_months: number }[]>(
    'select keep_months from application_settings where id = 1',
  );
  return row?.keep_months ?? DEFAULT_APPLICATION_KEEP_MONTHS;
}

/** An admin sets the period (months) declined and withdrawn applications are kept. */
export async function setApplicationKeepMonths({
  em,
  staff,
  input,
}: {
  em: EntityManager;
  staff: StaffActor;
  input: { months: number };
}): Promise<{ months: number }> {
  return em.transactional(async (tx) => {
    const previous = await applicationKeepMonths(tx);
    await tx.execute(
      `insert into application_settings (id, keep_months, updated_by) values (1, ?, ?)
       on conflict (id) do update set keep_months = excluded.keep_months, updated_by = excluded.updated_by, updated_at = now()`,
      [input.months, staff.username],
    );
    await audit(tx, actorOf(staff), 'applications_keep_period_set', { months: input.months, previous });
    return { months: input.months };
  });
}

/**
 * The daily pass: erases declined and withdrawn applications closed longer ago than the admins'
 * period. Null when another instance holds the lock.
 */
export async function eraseExpiredApplications(em: EntityManager, now: Date = new Date()): Promise<number | null> {
  return em.transactional(async (tx) => {
    const [lock] = await tx.execute<{ locked: boolean }[]>('select pg_try_advisory_xact_lock(?) as locked', [
      APPLICATION_RETENTION_LOCK,
    ]);
    if (!lock?.locked) return null;
    const months = await applicationKeepMonths(tx);
    const due = await tx.execute<{ id: number }[]>(
      `select id from applications where status in ('declined', 'withdrawn')
          and status_at < ?::timestamptz - make_interval(months => ?) order by id for update`,
      [now, months],
    );
    const ids = due.map((row) => row.id);
    const erased = await eraseApplications(tx, ids);
    if (erased) await audit(tx, SYSTEM, 'application_erased', { reason: 'retention', months, applicationIds: ids });
    return erased;
  });
}

/** A person's applications by any of their addresses (lower case): what their erasure reaches. */
export async function applicationsOf(em: EntityManager, emails: readonly string[]) {
  return em.execute<{ id: number; kind: string; status: string }[]>(
    `select id, kind, status from applications
      where lower(email) in (select value from jsonb_array_elements_text(?::jsonb)) order by id`,
    [JSON.stringify(emails)],
  );
}

/** Erases every application of a person (their erasure request), in the caller's transaction. */
export async function eraseApplicationsOf(em: EntityManager, actor: Actor, emails: readonly string[]): Promise<number> {
  const ids = (await applicationsOf(em, emails)).map((row) => row.id);
  const erased = await eraseApplications(em, ids);
  if (erased) await audit(em, actor, 'application_erased', { reason: 'request', applicationIds: ids });
  return erased;
}
