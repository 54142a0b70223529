import type { Knex } from '@mikro-orm/knex';
import type { EntityManager } from '@mikro-orm/postgresql';

/** What an appeal has raised: paise, and the people who gave. */
export interface AppealTotals {
  raised: number;
  donors: number;
  /** When they were counted. */
  at: Date;
}

/** How long the public pages reuse a count: "raised so far" is at most this old (and a minute is the promise). */
export const TOTALS_MAX_AGE_MS = 30_000;

/**
 * One person, however many gifts: the e-mail, lower-cased. A gift with no address (walk-in cash) or
 * an erased donor's (each row got its own placeholder address) counts as its own donor, a monthly
 * donor's later charges as their first donation.
 */
const DONOR_KEY = `case when d.email = '' or d.email like '%@erased.invalid'
    then 'gift:' || coalesce(s.donation_id, d.id) else lower(d.email) end`;

/**
 * Raised and donors of these appeals, counted now: paid gifts only, online and offline (a refund
 * makes a gift `refunded`, a returned cheque `bounced`: neither counts), each at what was kept (a
 * partial refund leaves it paid with its `refunded_amount`). A monthly donor's later
 * charges are their own paid rows, linked to the first by subscription, with its appeal.
 */
export async function countAppealTotals(em: EntityManager, appealIds: readonly number[]) {
  const totals = new Map<number, AppealTotals>();
  if (appealIds.length === 0) return totals;
  const at = new Date();
  for (const id of appealIds) totals.set(id, { raised: 0, donors: 0, at });
  const rows = await em.execute<{ appealId: number; raised: string; donors: string }[]>(
    `select d.appeal_id as "appealId", sum(d.amount - d.refunded_amount) as raised, count(distinct ${DONOR_KEY}) as donors
       from donations d left join subscriptions s on s.id = d.subscription_id
      where d.appeal_id in (${appealIds.map(() => '?').join(', ')}) and d.status = 'paid'
      group by d.appeal_id`,
    [...appealIds],
  );
  for (const row of rows) totals.set(row.appealId, { raised: Number(row.raised), donors: Number(row.donors), at });
  return totals;
}

type Cached = { at: number; totals: Promise<AppealTotals> };
const cacheByPool = new WeakMap<Knex, Map<number, Cached>>();

/**
 * The public pages' totals: counted at most once per TOTALS_MAX_AGE_MS per appeal on each instance
 * (one query for every appeal due), so a page viewed by thousands after a WhatsApp share costs the
 * database a query every half minute. Callers asking while a count runs share it.
 */
export async function cachedAppealTotals(
  em: EntityManager,
  appealIds: readonly number[],
  now: Date = new Date(),
): Promise<Map<number, AppealTotals>> {
  const knex = em.getConnection().getKnex();
  let cache = cacheByPool.get(knex);
  if (!cache) {
    cache = new Map();
    cacheByPool.set(knex, cache);
  }
  const due = appealIds.filter((id) => {
    const cached = cache.get(id);
    return !cached || now.getTime() - cached.at >= TOTALS_MAX_AGE_MS || now.getTime() < cached.at;
  });
  if (due.length > 0) {
    const counting = countAppealTotals(em, due);
    for (const id of due) {
      const totals = counting.then((all) => all.get(id) as AppealTotals);
      cache.set(id, { at: now.getTime(), totals });
      // A failed count is not kept: the next caller counts again.
      totals.catch(() => {
        if (cache.get(id)?.totals === totals) cache.delete(id);
      });
    }
  }
  const counts = appealIds.map((id) => (cache.get(id) as Cached).totals);
  const totals = await Promise.all(counts);
  return new Map(appealIds.map((id, index) => [id, totals[index] as AppealTotals]));
}
