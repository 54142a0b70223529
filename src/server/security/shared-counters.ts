import type { Knex } from '@mikro-orm/knex';
import { pooledQuery } from '../db/pooled-query';

/**
 * Counters in fixed windows, kept in PostgreSQL so every instance on one database counts the same
 * requests: the donation budgets, the rate limits and the donor-link limits. Each check is one
 * statement (an upsert whose row lock lasts only that statement), so two instances allow exactly
 * what one does, and no lock is held across requests.
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

/**
 * Spends one from every limit, or from none when one is full: one statement. The upsert re-checks
 * each row under its lock, so limits filling up concurrently never let more through than `max`.
 */
const SPEND_SQL = `
with wanted as (
  select * from unnest($1::text[], $2::int[], $3::bigint[]) with ordinality as w (key, max_count, window_ms, position)
), full_now as (
  select w.position, c.window_ends_at from wanted w join rate_limit_counters c on c.key = w.key
   where c.window_ends_at > $4::timestamptz and c.count >= w.max_count
), spent as (
  insert into rate_limit_counters as c (key, window_ends_at, count, max_count)
  select key, $4::timestamptz + window_ms * interval '1 millisecond', 1, max_count from wanted
   where not exists (select 1 from full_now)
  on conflict (key) do update set
    count = case when c.window_ends_at <= $4::timestamptz then 1 else c.count + 1 end,
    window_ends_at = case when c.window_ends_at <= $4::timestamptz then excluded.window_ends_at else c.window_ends_at end,
    max_count = excluded.max_count
  where c.window_ends_at <= $4::timestamptz or c.count < excluded.max_count
  returning c.key
)
select (select count(*) from spent)::int as spent,
       (select position from full_now order by position limit 1)::int as "fullPosition",
       (select extract(epoch from (window_ends_at - $4::timestamptz)) * 1000 from full_now order by position limit 1)::float8
         as "retryAfterMs"`;

export async function spendFromLimits(knex: Knex, limits: Limit[], now: number): Promise<SpendOutcome> {
  const { rows } = await pooledQuery<{ spent: number; fullPosition: number | null; retryAfterMs: number | null }>(
    knex,
    SPEND_SQL,
    [limits.map((l) => l.key), limits.map((l) => l.max), limits.map((l) => l.windowMs), new Date(now)],
  );
  const [row] = rows;
  if (row && row.spent === limits.length) return { spent: true };
  if (row?.fullPosition) {
    return { spent: false, limit: row.fullPosition - 1, retryAfterMs: Math.max(0, row.retryAfterMs ?? 0) };
  }
  // A limit filled between this statement's snapshot and its row lock: refused, try after its window.
  const index = Math.max(0, limits.length - 1);
  return { spent: false, limit: index, retryAfterMs: limits[index]?.windowMs ?? 0 };
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

export async function countHit(knex: Knex, limit: Limit, now: number): Promise<{ current: number; ttlMs: number }> {
  const { rows } = await pooledQuery<{ count: number; ttlMs: number }>(knex, HIT_SQL, [
    limit.key,
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
