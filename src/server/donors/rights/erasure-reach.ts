import type { EntityManager } from '@mikro-orm/postgresql';
import { applicationsOf } from '../../animals/applications/application-erasure';
import { donorRootSql } from '../../gifts/donor-keys/person-of-address';
import { DomainError } from '../../platform/core/domain-error';

/**
 * Whom an erasure reaches: the person, not one spelling of their address. The request's address
 * names a donor record by its e-mail key (email-key.ts; `donor_email_key` in SQL), followed to the
 * record it was merged into (merges keep every record pointing at the surviving root, merge.ts);
 * the erasure then reaches every gift of that root and of every record merged into it, and every
 * spelling of an address those gifts were given from (`Priya.Sharma+x@Gmail.com` and
 * `priyasharma@gmail.com`, or a staff-merged `p.sharma@work.example`): their contact messages,
 * mails, certificates and news consent go too. Checkouts never paid have no record: those of the
 * request's address or of one of these spellings are reached by the address.
 */
export interface ErasureReach {
  /** The donor records reached: the root first, then those merged into it. */
  donorIds: number[];
  /** Every gift and checkout reached. */
  donationIds: number[];
  /** Every address reached, lower case: the request's first. */
  emails: string[];
}

export async function erasureReach(em: EntityManager, requestEmail: string): Promise<ErasureReach> {
  const email = requestEmail.trim().toLowerCase();
  const donors = await em.execute<{ id: number }[]>(
    `with root as (select ${donorRootSql('?')} as id)
     select id from donors where id in (select id from root) or merged_into_id in (select id from root)
      order by merged_into_id is not null, id`,
    [email],
  );
  const donorIds = donors.map((donor) => donor.id);
  const spellings = await em.execute<{ email: string }[]>(
    `select distinct lower(email) as email from donations
      where donor_id in (select value::int from jsonb_array_elements_text(?::jsonb)) and email <> ''`,
    [JSON.stringify(donorIds)],
  );
  const emails = [
    email,
    ...spellings
      .map((row) => row.email)
      .filter((spelling) => spelling !== email)
      .sort(),
  ];
  const donations = await em.execute<{ id: number }[]>(
    `select id from donations
      where donor_id in (select value::int from jsonb_array_elements_text(?::jsonb))
         or lower(email) in (select value from jsonb_array_elements_text(?::jsonb))
      order by id`,
    [JSON.stringify(donorIds), JSON.stringify(emails)],
  );
  return { donorIds, donationIds: donations.map((row) => row.id), emails };
}

/** What completing a waiting request will reach, for the admin who confirms it (the console's erasure page). */
export interface ErasurePreview {
  requestId: number;
  donorIds: number[];
  /** Gifts kept or refunded, and checkouts never paid, counted apart. */
  gifts: number;
  unpaidCheckouts: number;
  /** Every spelling of an address the erasure reaches, the request's first. */
  emails: string[];
  /** Names the gifts were given under. */
  names: string[];
  /** Their applications to adopt, foster, volunteer or partner (by any address reached): erased with them. */
  applications: { id: number; kind: string; status: string }[];
}

export async function erasurePreview(em: EntityManager, requestId: number): Promise<ErasurePreview> {
  const [request] = await em.execute<{ email: string; status: string }[]>(
    'select email, status from erasure_requests where id = ?',
    [requestId],
  );
  if (!request) throw new DomainError('NOT_FOUND', `No erasure request ${requestId}`);
  if (request.status !== 'requested') throw new DomainError('CONFLICT', 'Already completed');
  const reach = await erasureReach(em, request.email);
  const [counts] = await em.execute<{ gifts: number; unpaid: number; names: string[] | null }[]>(
    `select count(*) filter (where status in ('paid', 'refunded', 'bounced'))::int as gifts,
            count(*) filter (where status not in ('paid', 'refunded', 'bounced'))::int as unpaid,
            array_agg(distinct name) filter (where name <> '') as names
       from donations where id in (select value::int from jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(reach.donationIds)],
  );
  return {
    requestId,
    donorIds: reach.donorIds,
    gifts: counts?.gifts ?? 0,
    unpaidCheckouts: counts?.unpaid ?? 0,
    emails: reach.emails,
    names: [...(counts?.names ?? [])].sort(),
    applications: await applicationsOf(em, reach.emails),
  };
}
