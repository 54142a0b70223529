// The donor-retention part of `npm run bench:staff` (scripts/bench-staff.ts): on the donors seeded
// by scripts/lib/bench-donors.ts, the LYBUNT list as the console asks for it (its first rows and
// the totals of all), SYBUNT, the whole LYBUNT CSV's rows, and the overview's retention figures.
import type { EntityManager } from '@mikro-orm/postgresql';
import { retentionFigures } from '../../src/server/donors/retention/retention-rates';
import { segmentRows } from '../../src/server/donors/retention/segments';
import { financialYearOf } from '../../src/shared/india-time';

type Time = (label: string, goalMs: number, work: () => Promise<unknown>) => Promise<void>;
type Execute = <T>(sql: string) => Promise<T[]>;

const TRIGGERS = ['donations_donor_years_insert', 'donations_donor_years_update', 'donations_donor_years_delete'];

/**
 * Runs the bench's seeding with donor_years' trigger off (a million gifts given donors one by one
 * would rewrite a donor's years a million times), then writes the table once, set-based, by the
 * trigger's own rules (rebuild_donor_years, Migration20261128050000). The bench's vacuum after
 * lets its indexes answer alone, as autovacuum leaves a live table.
 */
export async function withDonorYearsRebuilt(execute: Execute, seeding: () => Promise<void>): Promise<void> {
  for (const trigger of TRIGGERS) await execute(`alter table donations disable trigger ${trigger}`);
  await seeding();
  for (const trigger of TRIGGERS) await execute(`alter table donations enable trigger ${trigger}`);
  await execute('select rebuild_donor_years()');
}

export async function benchRetention({
  em,
  time,
  listMs,
  overviewMs,
}: {
  em: () => EntityManager;
  time: Time;
  listMs: number;
  overviewMs: number;
}) {
  const year = financialYearOf(new Date()).label;
  // `found`: the list's count, as the other lists report theirs.
  const listed = (segment: Parameters<typeof segmentRows>[1], limit?: number) => async () => {
    const list = await segmentRows(em(), segment, { limit });
    return { total: list.totals.donors };
  };
  await time(`LYBUNT ${year}: first 200 rows and the totals`, listMs, listed({ kind: 'lybunt', year }, 200));
  await time(`SYBUNT ${year}: first 200 rows and the totals`, listMs, listed({ kind: 'sybunt', year }, 200));
  await time(`LYBUNT ${year}: every row (the CSV's)`, overviewMs * 10, listed({ kind: 'lybunt', year }));
  await time('overview: retention figures (three rates, two years)', overviewMs, () => retentionFigures(em()));
}
