import type { EntityManager } from '@mikro-orm/postgresql';
import type { DonorListInput, DonorSortColumn } from '../../../shared/donors.schema';
import { withTotal } from '../../gifts/gift-lists/list-total';
import { isoTime } from '../../platform/db/sql-time';
import { normaliseEmail } from '../../platform/personal-data/email-key';
import { PHONE_KEY } from './gift-sql';

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

/** Every name, e-mail and phone of the record's gifts as one text, as donors_search_text_trgm_index indexes it. */
const CONTACT = 'o.search_text';

/** What a typed phone number looks like: digits with spaces, dashes, brackets or a leading +. */
const PHONE_LIKE = /^\+?[0-9][0-9\s\-()]*$/;

/** Four letters and digits, one a digit at least: the end of a PAN (`234F`) or an Aadhaar (`1234`). */
const ID_LAST_FOUR = /^(?=.*\d)[0-9a-z]{4}$/i;

/**
 * A search as SQL over `donors o`. Four letters and digits with a digit among them: the end of a PAN
 * or Aadhaar given with any of the donor's gifts. Anything else: part of any name, e-mail or phone
 * the donor's gifts carry (the record's search text, kept by the rollups' trigger, by its trigram
 * index), or, with an `@`, any address the donor gave with (its e-mail key, a record merged into
 * this one's too).
 */
function searchWhere(search: string): { sql: string; params: unknown[] } {
  const listed = 'o.merged_into_id is null';
  if (search === '') return { sql: listed, params: [] };
  if (ID_LAST_FOUR.test(search)) {
    return {
      sql: `${listed} and o.id in (select d.donor_id from donations d
                                    where right(d.tax_id_masked, 4) = ? and d.tax_id_masked is not null and d.donor_id is not null)`,
      params: [search.toUpperCase()],
    };
  }
  // A phone however it is typed (`+91 98400 12345`, `98400-12345`): its last ten digits, compared with
  // every gift's phone by the same key (donations_phone_key_index), not only the newest's.
  const digits = search.replace(/[^0-9]/g, '');
  if (PHONE_LIKE.test(search) && digits.length >= 10) {
    return {
      sql: `${listed} and (${CONTACT} ilike ? or o.id in (select d.donor_id from donations d
                                    where ${PHONE_KEY} = ? and d.donor_id is not null))`,
      params: [contains(search), digits.slice(-10)],
    };
  }
  if (!search.includes('@')) return { sql: `${listed} and ${CONTACT} ilike ?`, params: [contains(search)] };
  const key = normaliseEmail(search);
  return {
    sql: `${listed} and (${CONTACT} ilike ? or o.email_key = ?
                          or o.id = (select m.merged_into_id from donors m where m.email_key = ?))`,
    params: [contains(search), key, key],
  };
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
