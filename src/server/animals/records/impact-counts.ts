import type { EntityManager } from '@mikro-orm/postgresql';
import { LEFT_CARE_STATUSES } from '../../../shared/animals';
import type { ImpactCount } from '../../../shared/impact-counts';

/**
 * The home page's counted impact figures (issue 42 item 6), read by the page renderer
 * (transports/web/site-pages.ts) at each of its checks, so a count is at most a check old:
 * - rehomed: animals moved to adopted on or after the day (each animal once, however often);
 * - sterilised: animals whose record says sterilised on or after the day;
 * - rescued: animals that came in rescued on or after the day;
 * - in care now: every animal that has not left the trust's care (adopted, returned, died).
 * One query for all the figures; null for a figure that is typed, not counted.
 */
export async function countImpactFigures(
  em: EntityManager,
  figures: readonly { count?: ImpactCount }[],
): Promise<(number | null)[]> {
  const wanted = figures.map((figure) => figure.count);
  if (wanted.every((count) => count === undefined)) return wanted.map(() => null);
  const parts: string[] = [];
  const values: unknown[] = [];
  for (const count of wanted) {
    if (count === undefined) {
      parts.push('null::bigint');
      continue;
    }
    const since = count.since ?? '1900-01-01';
    if (count.of === 'rehomed') {
      parts.push(
        `(select count(distinct animal_id) from animal_status_changes where to_status = 'adopted' and on_date >= ?::date)`,
      );
      values.push(since);
    } else if (count.of === 'sterilised') {
      parts.push(`(select count(*) from animals where sterilised and sterilised_on >= ?::date)`);
      values.push(since);
    } else if (count.of === 'rescued') {
      parts.push(`(select count(*) from animals where intake_kind = 'rescued' and intake_on >= ?::date)`);
      values.push(since);
    } else {
      parts.push(
        `(select count(*) from animals where status not in (${LEFT_CARE_STATUSES.map(() => '?').join(', ')}))`,
      );
      values.push(...LEFT_CARE_STATUSES);
    }
  }
  const [row] = await em.execute<{ counts: (string | null)[] }[]>(
    `select array[${parts.join(', ')}]::text[] as counts`,
    values,
  );
  return (row?.counts ?? wanted.map(() => null)).map((count) => (count === null ? null : Number(count)));
}
