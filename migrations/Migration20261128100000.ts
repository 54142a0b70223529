import { Migration } from '@mikro-orm/migrations';

/**
 * `spend_limits` as before (Migration20261124240000: each request's limits all spend one, or none
 * does when one is full; the batch's rows locked in key order first), but each counter row of the
 * batch is read once and written once, however many of the batch's requests spend it: the spends
 * are counted in memory, in the requests' order, between the two. Before, every spend read its row
 * and wrote a new version of it, so a batch of donors behind one address (an office, a mobile
 * carrier's NAT, a burst from one client) wrote that address's row once per donor, all within one
 * statement, while holding its lock.
 */
export class Migration20261128100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function spend_limits(p_item int[], p_key text[], p_max int[], p_window_ms bigint[], p_now timestamptz[])
returns table (item int, full_position int, retry_ms float8)
language plpgsql as $$
declare
  total int := coalesce(array_length(p_item, 1), 0);
  -- The batch's distinct counter rows, by key, as they stand after the spends so far.
  keys text[];
  counts int[];
  ends timestamptz[];
  maxes int[];
  spent boolean[];
  -- Each spend's row: its place in those arrays.
  at int[] := '{}';
  first_k int := 1;
  last_k int;
  j int;
  r int;
  blocked int;
  blocked_ends timestamptz;
begin
  insert into rate_limit_counters as c (key, window_ends_at, count, max_count)
    select distinct on (k) k, '-infinity'::timestamptz, 0, 0 from unnest(p_key) as k order by k
    on conflict (key) do nothing;
  select coalesce(array_agg(s.key order by s.key), '{}'), coalesce(array_agg(s.count order by s.key), '{}'),
         coalesce(array_agg(s.window_ends_at order by s.key), '{}'), coalesce(array_agg(s.max_count order by s.key), '{}')
    into keys, counts, ends, maxes
    from (select c.key, c.count, c.window_ends_at, c.max_count from rate_limit_counters c
           where c.key = any(p_key) order by c.key for update) as s;
  spent := array_fill(false, array[coalesce(array_length(keys, 1), 0)]);
  for j in 1..total loop
    at[j] := array_position(keys, p_key[j]);
  end loop;
  while first_k <= total loop
    last_k := first_k;
    while last_k < total and p_item[last_k + 1] = p_item[first_k] loop last_k := last_k + 1; end loop;
    blocked := null;
    for j in first_k..last_k loop
      r := at[j];
      -- No row (a sweep removed it before the lock): it blocks nothing and takes nothing, as before.
      if r is not null and blocked is null and ends[r] > p_now[j] and counts[r] >= p_max[j] then
        blocked := j - first_k + 1;
        blocked_ends := ends[r];
      end if;
    end loop;
    item := p_item[first_k];
    if blocked is null then
      for j in first_k..last_k loop
        r := at[j];
        continue when r is null;
        if ends[r] <= p_now[j] then
          counts[r] := 1;
          ends[r] := p_now[j] + p_window_ms[j] * interval '1 millisecond';
        else
          counts[r] := counts[r] + 1;
        end if;
        maxes[r] := p_max[j];
        spent[r] := true;
      end loop;
      full_position := null;
      retry_ms := null;
    else
      full_position := blocked;
      retry_ms := extract(epoch from (blocked_ends - p_now[first_k])) * 1000;
    end if;
    return next;
    first_k := last_k + 1;
  end loop;
  update rate_limit_counters c set count = u.u_count, window_ends_at = u.u_ends, max_count = u.u_max
    from unnest(keys, counts, ends, maxes, spent) as u (u_key, u_count, u_ends, u_max, u_spent)
   where c.key = u.u_key and u.u_spent;
end $$;`);
  }

  override async down(): Promise<void> {
    // The previous body, one read and one write per spend.
    this.addSql(`create or replace function spend_limits(p_item int[], p_key text[], p_max int[], p_window_ms bigint[], p_now timestamptz[])
returns table (item int, full_position int, retry_ms float8)
language plpgsql as $$
declare
  total int := coalesce(array_length(p_item, 1), 0);
  first_k int := 1;
  last_k int;
  j int;
  row_count int;
  row_ends timestamptz;
  blocked int;
  blocked_ends timestamptz;
begin
  insert into rate_limit_counters as c (key, window_ends_at, count, max_count)
    select distinct on (k) k, '-infinity'::timestamptz, 0, 0 from unnest(p_key) as k order by k
    on conflict (key) do nothing;
  perform 1 from rate_limit_counters c where c.key = any(p_key) order by c.key for update;
  while first_k <= total loop
    last_k := first_k;
    while last_k < total and p_item[last_k + 1] = p_item[first_k] loop last_k := last_k + 1; end loop;
    blocked := null;
    for j in first_k..last_k loop
      select c.count, c.window_ends_at into row_count, row_ends from rate_limit_counters c where c.key = p_key[j];
      if blocked is null and row_ends > p_now[j] and row_count >= p_max[j] then
        blocked := j - first_k + 1;
        blocked_ends := row_ends;
      end if;
    end loop;
    item := p_item[first_k];
    if blocked is null then
      for j in first_k..last_k loop
        update rate_limit_counters c set
          count = case when c.window_ends_at <= p_now[j] then 1 else c.count + 1 end,
          window_ends_at = case when c.window_ends_at <= p_now[j]
            then p_now[j] + p_window_ms[j] * interval '1 millisecond' else c.window_ends_at end,
          max_count = p_max[j]
        where c.key = p_key[j];
      end loop;
      full_position := null;
      retry_ms := null;
    else
      full_position := blocked;
      retry_ms := extract(epoch from (blocked_ends - p_now[first_k])) * 1000;
    end if;
    return next;
    first_k := last_k + 1;
  end loop;
end $$;`);
  }
}
