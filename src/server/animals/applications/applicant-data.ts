import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApplicationKind, ApplicationStatus } from '../../../shared/applications';
import { isoTime } from '../../platform/db/sql-time';

/** One of a person's own applications, as their "my data" page shows it and their download holds it. */
export interface OwnApplication {
  id: number;
  kind: ApplicationKind;
  status: ApplicationStatus;
  animalName: string | null;
  name: string;
  email: string;
  phone: string;
  answers: Record<string, unknown>;
  createdAt: string;
  statusAt: string;
}

/**
 * The applications made from the address a signed link was made for (gifts/donor-keys/donor-link.ts):
 * the same link opens a donor's gifts and an applicant's applications, one page for what the trust
 * holds about the person. Staff's notes are the trust's own working papers and are not listed; the
 * steps are (as statuses).
 */
export async function ownApplications(em: EntityManager, email: string): Promise<OwnApplication[]> {
  return em.execute<OwnApplication[]>(
    `select ap.id, ap.kind, ap.status, an.name as "animalName", ap.name, ap.email, ap.phone, ap.answers,
            ${isoTime('ap.created_at')} as "createdAt", ${isoTime('ap.status_at')} as "statusAt"
       from applications ap left join animals an on an.id = ap.animal_id
      where lower(ap.email) = ? order by ap.created_at desc, ap.id desc`,
    [email.trim().toLowerCase()],
  );
}
