import type { Knex } from '@mikro-orm/knex';
import { batchPerTurn } from '../db/batch-per-turn';
import { pooledQuery } from '../db/pooled-query';
import type { CounterStore } from './counter-keys';

/**
 * Counters in fixed windows, kept in PostgreSQL so every instance on one database counts the same
 * requests: the donation budgets, the rate limits and the donor-link limits. Each check is part
 * of one statement (the checks of one event-loop turn share it; its row locks last only that
 * statement), so two instances allow exactly what one does, and no lock is held across requests.
 *
 * Callers name a limit by a readable key (`budget:email:…`); the table keeps its keyed hash
 * (counter-keys.ts), so no e-mail or client address is stored.
 *
 * Times come from the caller's clock (`now`, milliseconds), so tests can move it and instances
 * with synchronised clocks agree. Expired rows are deleted now and then (`sweep`).
 */

export interface Limit {
  key: string;
  /** How many the window allows. */
  max: number;
  windowMs: number;
}

/** Spent when every limit had room, or the first limit (in the order given) that had none. */
export type SpendOutcome = { spent: true } | { spent: false; limit: number; retryAfterMs: number };

/** One request's limits (keys as stored) and its clock. */
export interface Spend {
  limits: Limit[];
  now: number;
}

/** The SQL call of `spend_limits` (its migration says how it works), its arrays numbered from `$first`. */
export const spendLimitsCall = (first: number) =>
  `spend_limits($${first}::int[], $${first + 1}::text[], $${first + 2}::int[], $${first + 3}::bigint[], $${first + 4}::timestamptz[])`;

/**
 * The five arrays `spend_limits` takes for a batch of spends, each spend numbered by its place in
 * `spends` (`undefined`: a place that spends nothing). The limits' keys must be as stored (storedLimits).
 */
export function spendLimitsArguments(spends: (Spend | undefined)[]): unknown[] {
  const rows = spends.flatMap((spend, item) =>
    spend ? spend.limits.map((limit) => ({ item, limit, now: spend.now })) : [],
  );
  return [
    rows.map((row) => row.item),
    rows.map((row) => row.limit.key),
    rows.map((row) => row.limit.max),
    rows.map((row) => row.limit.windowMs),
    rows.map((row) => new Date(row.now)),
  ];
}

/** What `spend_limits` answered for one spend: its row's full_position and retry_ms, or no row (spent). */
export function spendOutcome(
  answer: { full_position: number | null; retry_ms: number | null } | undefined,
): SpendOutcome {
  if (!answer || answer.full_position === null) return { spent: true };
  return { spent: false, limit: answer.full_position - 1, retryAfterMs: Math.max(0, Number(answer.retry_ms ?? 0)) };
}

/** The limits with their keys as the table keeps them (counter-keys.ts). */
export const storedLimits = (store: CounterStore, limits: Limit[]): Limit[] =>
  limits.map((limit) => ({ ...limit, key: store.storedKey(limit.key) }));

/**
 * The spends of one event-loop turn go to PostgreSQL as one statement (platform/db/batch-per-turn.ts): the
 * `spend_limits` function (its migration says how) takes them in order, so the busiest path pays
 * one round trip per turn, not one per donor, and a hot key (one address) is locked once. The
 * creates spend theirs in the statement that stores their donation (gifts/donations/donation-rows.ts).
 */
function spendMany(knex: Knex) {
  return async (spends: Spend[]): Promise<SpendOutcome[]> => {
    const { rows: outcomes } = await pooledQuery<{
      item: number;
      full_position: number | null;
      retry_ms: number | null;
    }>(knex, `select item, full_position, retry_ms from ${spendLimitsCall(1)}`, spendLimitsArguments(spends));
    const byItem = new Map(outcomes.map((outcome) => [Number(outcome.item), outcome]));
    return spends.map((_spend, item) => spendOutcome(byItem.get(item)));
  };
}

const spendersByPool = new WeakMap<Knex, (spend: Spend) => Promise<SpendOutcome>>();

/** Spends one from every limit, or from none when one is full (the first full one, in the order given, says so). */
export function spendFromLimits(store: CounterStore, limits: Limit[], now: number): Promise<SpendOutcome> {
  const { knex } = store;
  let spend = spendersByPool.get(knex);
  if (!spend) {
    // Five parameters a limit; a request has a few limits.
    spend = batchPerTurn(spendMany(knex), { parametersPerCall: 5 * 4 });
    spendersByPool.set(knex, spend);
  }
  return spend({ limits: storedLimits(store, limits), now });
}

/** Counts one hit on `key` however many came before (the rate limiter decides): its count and ms left. */
const HIT_SQL = `
insert into rate_limit_counters as c (key, window_ends_at, count, max_count)
values ($1, $3::timestamptz + $2::bigint * interval '1 millisecond', 1, $4)
on conflict (key) do update set
  count = case when c.window_ends_at <= $3::timestamptz then 1 else c.count + 1 end,
  window_ends_at = case when c.window_ends_at <= $3::timestamptz then excluded.window_ends_at else c.window_ends_at end,
  max_count = excluded.max_count
returning count, (extract(epoch from (window_ends_at - $3::timestamptz)) * 1000)::float8 as "ttlMs"`;

export async function countHit(
  store: CounterStore,
  limit: Limit,
  now: number,
): Promise<{ current: number; ttlMs: number }> {
  const { rows } = await pooledQuery<{ count: number; ttlMs: number }>(store.knex, HIT_SQL, [
    store.storedKey(limit.key),
    limit.windowMs,
    new Date(now),
    limit.max,
  ]);
  const [row] = rows;
  return { current: Number(row?.count ?? 1), ttlMs: Math.max(0, Number(row?.ttlMs ?? limit.windowMs)) };
}

const SWEEP_EVERY_MS = 10 * 60_000;
const lastSweep = new WeakMap<Knex, number>();

/** Deletes windows that ended over an hour ago, at most once every ten minutes per pool; never waited on. */
export function sweep(knex: Knex, now: number, onError: (error: unknown) => void): void {
  if (now - (lastSweep.get(knex) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(knex, now);
  pooledQuery(knex, `delete from rate_limit_counters where window_ends_at < $1::timestamptz - interval '1 hour'`, [
    new Date(now),
  ]).catch(onError);
}
