import type { EntityManager } from '@mikro-orm/postgresql';
import type { DonorListInput, DonorSortColumn } from '../../shared/donors.schema';
import { withTotal } from '../staff/list-total';
import { isoTime } from '../staff/sql-time';
import { normaliseEmail } from './email-key';

/**
 * The console's list of donors: one row per person (merged records are not listed), with the
 * rollups the database keeps on each record, searched by what any of their gifts carries.
 */
export interface DonorListItem {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  giftCount: number;
  /** Paise kept. */
  lifetimeTotal: number;
  /** ISO-8601 UTC; null for a donor with nothing kept (a gift refunded in full). */
  lastGiftAt: string | null;
}

/** The only orders the list takes, each the order of its index (donor.entity.ts): the input names a key, never SQL. */
const ORDER: Record<DonorSortColumn, Record<'asc' | 'desc', string>> = {
  lifetimeTotal: { asc: 'lifetime_total asc, id asc', desc: 'lifetime_total desc, id desc' },
  giftCount: { asc: 'gift_count asc, id asc', desc: 'gift_count desc, id desc' },
  name: { asc: 'name asc, id asc', desc: 'name desc, id desc' },
  // Donors with nothing kept have no last gift: last when newest first, first when oldest first.
  lastGiftAt: { asc: 'last_gift_at asc nulls first, id asc', desc: 'last_gift_at desc nulls last, id desc' },
};

const contains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * A search as SQL over `donors o`: part of a name, e-mail or phone on any of the donor's gifts (by
 * the donations' trigram index), the donor's e-mail key, or four letters and digits as the end of
 * a PAN or Aadhaar given with a gift.
 */
function searchWhere(search: string): { sql: string; params: unknown[] } {
  if (search === '') return { sql: 'o.merged_into_id is null', params: [] };
  const matches = [
    `o.id in (select d.donor_id from donations d
               where (d.name || chr(31) || d.email || chr(31) || d.phone) ilike ? and d.donor_id is not null)`,
  ];
  const params: unknown[] = [contains(search)];
  if (search.includes('@')) {
    matches.push('o.email_key = ?');
    params.push(normaliseEmail(search));
  }
  if (/^[0-9a-z]{4}$/i.test(search)) {
    matches.push(`o.id in (select d.donor_id from donations d
                           where right(d.tax_id_masked, 4) = ? and d.tax_id_masked is not null and d.donor_id is not null)`);
    params.push(search.toUpperCase());
  }
  return { sql: `o.merged_into_id is null and (${matches.join(' or ')})`, params };
}

export async function donorList({ em, input }: { em: EntityManager; input: DonorListInput }) {
  const where = searchWhere(input.search);
  const order = ORDER[input.sort][input.direction];
  const offset = (input.page - 1) * input.pageSize;
  const { rows, ...total } = await withTotal(
    em,
    em.execute<(Omit<DonorListItem, 'lifetimeTotal'> & { lifetimeTotal: string })[]>(
      `select o.id, o.name, o.email, o.phone, o.gift_count as "giftCount", o.lifetime_total as "lifetimeTotal",
              ${isoTime('o.last_gift_at')} as "lastGiftAt"
         from donors o where ${where.sql} order by ${order} limit ? offset ?`,
      [...where.params, input.pageSize, offset],
    ),
    offset,
    `from donors o where ${where.sql}`,
    where.params,
  );
  return {
    rows: rows.map((row): DonorListItem => ({ ...row, lifetimeTotal: Number(row.lifetimeTotal) })),
    ...total,
    page: input.page,
    pageSize: input.pageSize,
  };
}
