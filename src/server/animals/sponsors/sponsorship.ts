import type { EntityManager } from '@mikro-orm/postgresql';
import type { AnimalStatus } from '../../../shared/animals';
import { formatRupees } from '../../../shared/rupees';
import {
  SPONSOR_MONTHLY_DEFAULT_PAISE,
  SPONSOR_SILENCE_DAYS,
  SPONSORABLE_STATUSES,
  type SponsorBlock,
} from '../../../shared/sponsorship';
import { audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import { isoTime } from '../../platform/db/sql-time';
import { actorOf, type StaffActor } from '../../platform/staff/staff-actor';

/**
 * An animal open for sponsorship: staff open a resident animal (or one in long care) at a monthly
 * amount and close it; a sponsor's gift is an ordinary monthly gift (gifts/donations/) that names
 * the animal (`donations.animal_id`, `subscriptions.animal_id`). Only `animals.sponsor_monthly_amount`
 * is written here, each change in the audit trail.
 */

/** The statuses of a sponsor's gift that still runs (or may again): its sponsors to mail and to tell. */
export const SPONSOR_GIFT_RUNNING = `('authenticated', 'active', 'pending', 'halted', 'paused')`;

const sponsorableList = SPONSORABLE_STATUSES.map((status) => `'${status}'`).join(', ');
/** SQL: the animal `a` takes sponsors now. */
export const OPEN_FOR_SPONSORS = `a.sponsor_monthly_amount is not null and a.status in (${sponsorableList})`;

export async function openSponsorship(
  { em, staff }: { em: EntityManager; staff: StaffActor },
  input: { animalId: number; monthlyAmount?: number },
): Promise<{ animalId: number; monthlyAmount: number }> {
  const monthlyAmount = input.monthlyAmount ?? SPONSOR_MONTHLY_DEFAULT_PAISE;
  return em.transactional(async (tx) => {
    const [animal] = await tx.execute<{ status: AnimalStatus; amount: number | null }[]>(
      'select status, sponsor_monthly_amount as amount from animals where id = ? for update',
      [input.animalId],
    );
    if (!animal) throw new DomainError('NOT_FOUND', 'No such animal', { field: 'animalId' });
    if (!SPONSORABLE_STATUSES.includes(animal.status)) {
      throw new DomainError(
        'CONFLICT',
        `Only a permanent resident or an animal in care can be sponsored; this one is ${animal.status}`,
        { field: 'animalId' },
      );
    }
    await tx.execute('update animals set sponsor_monthly_amount = ?, updated_by = ?, updated_at = now() where id = ?', [
      monthlyAmount,
      staff.username,
      input.animalId,
    ]);
    await audit(tx, actorOf(staff), 'sponsorship_opened', {
      animalId: input.animalId,
      monthlyAmount,
      previousAmount: animal.amount,
    });
    return { animalId: input.animalId, monthlyAmount };
  });
}

/** No new sponsors; those it has keep giving (their gifts are theirs to stop). */
export async function closeSponsorship(
  { em, staff }: { em: EntityManager; staff: StaffActor },
  input: { animalId: number },
): Promise<{ animalId: number; sponsors: number }> {
  return em.transactional(async (tx) => {
    const [animal] = await tx.execute<{ amount: number | null }[]>(
      'select sponsor_monthly_amount as amount from animals where id = ? for update',
      [input.animalId],
    );
    if (!animal) throw new DomainError('NOT_FOUND', 'No such animal', { field: 'animalId' });
    if (animal.amount === null) throw new DomainError('CONFLICT', 'This animal is not open for sponsorship');
    await tx.execute(
      'update animals set sponsor_monthly_amount = null, updated_by = ?, updated_at = now() where id = ?',
      [staff.username, input.animalId],
    );
    const sponsors = await sponsorCount(tx, input.animalId);
    await audit(tx, actorOf(staff), 'sponsorship_closed', {
      animalId: input.animalId,
      monthlyAmount: animal.amount,
      sponsors,
    });
    return { animalId: input.animalId, sponsors };
  });
}

/** How many sponsor the animal: its active monthly gifts (never who). */
export async function sponsorCount(em: EntityManager, animalId: number): Promise<number> {
  const [row] = await em.execute<{ count: string }[]>(
    `select count(*) as count from subscriptions where animal_id = ? and status = 'active'`,
    [animalId],
  );
  return Number(row?.count ?? 0);
}

/**
 * The animal a monthly gift from its page sponsors, checked for the create path (transports): open
 * for sponsorship, and the amount its own. A refusal names the field, as the form shows it.
 */
export async function sponsoredAnimalFor(
  em: EntityManager,
  gift: { slug: string; amount: number },
): Promise<{ animalId: number; name: string }> {
  const [animal] = await em.execute<{ id: number; name: string; amount: number | null; open: boolean }[]>(
    `select a.id, a.name, a.sponsor_monthly_amount as amount, (${OPEN_FOR_SPONSORS}) as open
       from animals a where a.slug = ?`,
    [gift.slug],
  );
  if (!animal) throw new DomainError('BAD_REQUEST', `There is no animal ${gift.slug} to sponsor`, { field: 'animal' });
  if (!animal.open || animal.amount === null) {
    throw new DomainError('BAD_REQUEST', `${animal.name} is not open for sponsorship`, { field: 'animal' });
  }
  if (gift.amount !== animal.amount) {
    throw new DomainError('BAD_REQUEST', `Sponsoring ${animal.name} is ${formatRupees(animal.amount)} a month`, {
      field: 'amount',
    });
  }
  return { animalId: animal.id, name: animal.name };
}

/** What the animal's page shows to sponsor it (adopt-pages' block, client/features/animals/SponsorBlock.tsx). */
export async function sponsorBlockOf(em: EntityManager, slug: string): Promise<SponsorBlock | null> {
  const [row] = await em.execute<{ slug: string; name: string; amount: number; sponsors: string }[]>(
    `select a.slug, a.name, a.sponsor_monthly_amount as amount,
            (select count(*) from subscriptions s where s.animal_id = a.id and s.status = 'active') as sponsors
       from animals a where a.slug = ? and ${OPEN_FOR_SPONSORS}`,
    [slug],
  );
  return row ? { slug: row.slug, name: row.name, monthlyAmount: row.amount, sponsors: Number(row.sponsors) } : null;
}

/** One row of the console's sponsorships page. */
export interface SponsoredAnimal {
  animalId: number;
  slug: string;
  name: string;
  status: AnimalStatus;
  /** Paise a month; null: closed to new sponsors (it still has some). */
  monthlyAmount: number | null;
  /** Active monthly gifts for it. */
  sponsors: number;
  /** When its sponsors last heard from it (its newest update), ISO-8601; null: never. */
  lastHeardAt: string | null;
  /** Its sponsors heard nothing for over 45 days (or never, since their first gift that long ago). */
  silent: boolean;
}

/**
 * Every animal open for sponsorship or with a sponsor's gift still running, with its sponsor count
 * and when its sponsors last heard: the console's page, and (silent only) the overview's list.
 */
export async function sponsoredAnimals(
  em: EntityManager,
  now: Date = new Date(),
  { silentOnly = false }: { silentOnly?: boolean } = {},
): Promise<SponsoredAnimal[]> {
  const silenceStart = new Date(now.getTime() - SPONSOR_SILENCE_DAYS * 24 * 60 * 60 * 1000);
  const rows = await em.execute<
    {
      animalId: number;
      slug: string;
      name: string;
      status: AnimalStatus;
      monthlyAmount: number | null;
      sponsors: string;
      lastHeardAt: string | null;
      silent: boolean;
    }[]
  >(
    `select * from (
       select a.id as "animalId", a.slug, a.name, a.status, a.sponsor_monthly_amount as "monthlyAmount",
              s.sponsors, ${isoTime('u.last_at')} as "lastHeardAt",
              (s.sponsors > 0 and coalesce(u.last_at, s.first_at) < ?) as silent
         from animals a
         left join lateral (select count(*) filter (where status = 'active') as sponsors,
                                   min(created_at) filter (where status = 'active') as first_at,
                                   count(*) filter (where status in ${SPONSOR_GIFT_RUNNING}) as running
                              from subscriptions where animal_id = a.id) s on true
         left join lateral (select max(posted_at) as last_at from sponsor_updates where animal_id = a.id) u on true
        where a.sponsor_monthly_amount is not null or s.running > 0) listed
      ${silentOnly ? 'where silent' : ''}
      order by silent desc, name, "animalId"`,
    [silenceStart],
  );
  return rows.map((row) => ({ ...row, sponsors: Number(row.sponsors), silent: row.silent === true }));
}

/** The animals staff may open for sponsorship and have not: residents and those in care, by name. */
export async function sponsorshipCandidates(em: EntityManager) {
  return em.execute<{ animalId: number; name: string; status: AnimalStatus }[]>(
    `select a.id as "animalId", a.name, a.status from animals a
      where a.sponsor_monthly_amount is null and a.status in (${sponsorableList})
      order by a.name, a.id limit 500`,
  );
}
