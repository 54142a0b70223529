import { Migration } from '@mikro-orm/migrations';

/**
 * Spends the limits of many requests in one statement, in the requests' order: each request's
 * limits all spend one, or none does when one is full (then it says which and for how long). The
 * rows of the batch are locked in key order first, so two batches never wait for each other in a
 * circle, and the locks last only as long as the statement.
 */
export class Migration20261124240000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function spend_limits(p_item int[], p_key text[], p_max int[], p_window_ms bigint[], p_now timestamptz[])
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

  override async down(): Promise<void> {
    this.addSql('drop function if exists spend_limits(int[], text[], int[], bigint[], timestamptz[]);');
  }
}
