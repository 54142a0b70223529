import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * How many rows past the page's first a console list counts. Counting every match of a filter that
 * matches most of a million donations costs more than the page itself, and nobody pages that far:
 * past this the total is a lower bound (`totalIsLowerBound`), shown as "1,000+".
 */
export const COUNT_AHEAD = 1000;

export interface PageWithTotal<Row> {
  rows: Row[];
  total: number;
  /** Whether more than `total` match: the count stopped there. */
  totalIsLowerBound: boolean;
}

/**
 * A page and its total: the rows of `fromWhere` (SQL from `from` on, with its `?` parameters)
 * counted up to COUNT_AHEAD past the page's first, at the same time as the page is read (each on
 * its own connection of the pool, outside a transaction), so the list waits for the slower of the
 * two rather than for both.
 */
export async function withTotal<Row>(
  em: EntityManager,
  page: Promise<Row[]>,
  offset: number,
  fromWhere: string,
  params: unknown[],
): Promise<PageWithTotal<Row>> {
  const countedUpTo = offset + COUNT_AHEAD;
  const [rows, [count]] = await Promise.all([
    page,
    em.execute<{ total: string }[]>(`select count(*) as total from (select ${fromWhere} limit ?) matches`, [
      ...params,
      countedUpTo + 1,
    ]),
  ]);
  const counted = Number(count?.total ?? 0);
  return { rows, total: Math.min(counted, countedUpTo), totalIsLowerBound: counted > countedUpTo };
}
