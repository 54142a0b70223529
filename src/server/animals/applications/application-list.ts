import type { EntityManager } from '@mikro-orm/postgresql';
import {
  APPLICATION_PAGE_SIZE,
  APPLICATION_WAITING_DAYS,
  type applicationListInputSchema,
} from '../../../shared/application-work.schema';
import {
  type ApplicationKind,
  type ApplicationStatus,
  OPEN_APPLICATION_STATUSES,
  type WantedSpecies,
} from '../../../shared/applications';
import type { Language } from '../../../shared/languages';
import { DomainError } from '../../platform/core/domain-error';
import { isoTime } from '../../platform/db/sql-time';
import { otherOpenApplications } from './work-steps';

type ListInput = ReturnType<typeof applicationListInputSchema.parse>;

const OPEN = `(${OPEN_APPLICATION_STATUSES.map((status) => `'${status}'`).join(', ')})`;
const waitingSince = (now: Date) => new Date(now.getTime() - APPLICATION_WAITING_DAYS * 24 * 60 * 60 * 1000);

/** One row of the console's list; times ISO-8601 UTC. */
export interface ApplicationRow {
  id: number;
  kind: ApplicationKind;
  status: ApplicationStatus;
  name: string;
  email: string;
  animalName: string | null;
  wantedSpecies: WantedSpecies | null;
  assignedTo: string | null;
  createdAt: string;
  /** When it entered its status: the waiting time is counted from it. */
  statusAt: string;
}

/**
 * The console's list: by kind and status (or every open status), newest first, a page at a time,
 * searched by part of a name or an e-mail. Read from applications_list_index when a kind is chosen;
 * the total is counted with the same filters.
 */
export async function listApplications(em: EntityManager, input: ListInput, now: Date = new Date()) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (input.kind) {
    where.push('ap.kind = ?');
    params.push(input.kind);
  }
  if (input.status === 'open' || input.waiting) where.push(`ap.status in ${OPEN}`);
  else if (input.status) {
    where.push('ap.status = ?');
    params.push(input.status);
  }
  if (input.waiting) {
    where.push('ap.status_at < ?');
    params.push(waitingSince(now));
  }
  if (input.search) {
    // Typed text is a literal: % and _ in it match themselves.
    const pattern = `%${input.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    // One ILIKE over name and e-mail together, served by applications_search_trgm_index.
    where.push(`(ap.name || chr(31) || ap.email) ilike ?`);
    params.push(pattern);
  }
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const offset = (input.page - 1) * APPLICATION_PAGE_SIZE;
  const [rows, [count]] = await Promise.all([
    em.execute<ApplicationRow[]>(
      `select ap.id, ap.kind, ap.status, ap.name, ap.email, an.name as "animalName", ap.wanted_species as "wantedSpecies",
              u.username as "assignedTo", ${isoTime('ap.created_at')} as "createdAt", ${isoTime('ap.status_at')} as "statusAt"
         from (select * from applications ap ${filter} order by ap.created_at desc, ap.id desc
                limit ${APPLICATION_PAGE_SIZE} offset ${offset}) ap
         left join animals an on an.id = ap.animal_id
         left join users u on u.id = ap.assigned_to
        order by ap.created_at desc, ap.id desc`,
      params,
    ),
    em.execute<{ total: number }[]>(`select count(*)::int as total from applications ap ${filter}`, params),
  ]);
  return { rows, total: count?.total ?? 0, page: input.page, pageSize: APPLICATION_PAGE_SIZE };
}

/** Open applications waiting over three days in their status: the overview's count. */
export async function applicationsWaiting(em: EntityManager, now: Date = new Date()): Promise<number> {
  const [row] = await em.execute<{ count: number }[]>(
    `select count(*)::int as count from applications where status in ${OPEN} and status_at < ?`,
    [waitingSince(now)],
  );
  return row?.count ?? 0;
}

/** An application's page: its answers, its animal, who works it, its steps, and the others for its animal. */
export async function applicationDetail(em: EntityManager, id: number) {
  const [application] = await em.execute<
    (ApplicationRow & {
      phone: string;
      language: Language;
      answers: Record<string, unknown>;
      assignedToId: number | null;
      animal: { id: number; name: string; slug: string; status: string } | null;
      contact: { organisation: string; message: string } | null;
    })[]
  >(
    `select ap.id, ap.kind, ap.status, ap.name, ap.email, ap.phone, ap.language, ap.answers,
            ap.wanted_species as "wantedSpecies", ap.assigned_to as "assignedToId", u.username as "assignedTo",
            ${isoTime('ap.created_at')} as "createdAt", ${isoTime('ap.status_at')} as "statusAt",
            an.name as "animalName",
            case when an.id is null then null
                 else json_build_object('id', an.id, 'name', an.name, 'slug', an.slug, 'status', an.status) end as animal,
            case when c.id is null then null
                 else json_build_object('organisation', c.subject, 'message', c.message) end as contact
       from applications ap
       left join animals an on an.id = ap.animal_id
       left join users u on u.id = ap.assigned_to
       left join contacts c on c.id = ap.contact_id
      where ap.id = ?`,
    [id],
  );
  if (!application) throw new DomainError('NOT_FOUND', `No application ${id}`, { field: 'id' });
  const [events, others] = await Promise.all([
    em.execute<
      {
        id: number;
        kind: string;
        fromStatus: ApplicationStatus | null;
        toStatus: ApplicationStatus | null;
        text: string;
        byUser: string;
        at: string;
      }[]
    >(
      `select id, kind, from_status as "fromStatus", to_status as "toStatus", text, by_user as "byUser", ${isoTime('at')} as at
         from application_events where application_id = ? order by at desc, id desc`,
      [id],
    ),
    otherOpenApplications(em, id),
  ]);
  return { ...application, events, otherOpen: others };
}

/** Who an application may be given to: the active staff accounts. */
export async function assignees(em: EntityManager) {
  return em.execute<{ id: number; username: string; displayName: string }[]>(
    `select id, username, display_name as "displayName" from users where not disabled order by username`,
  );
}
