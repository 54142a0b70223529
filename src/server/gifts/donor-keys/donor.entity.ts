import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * One donor: a person, however many ways they gave (online, monthly, by cheque, imported). Gifts
 * join the donor of their e-mail key (email-key.ts, attach-donor.ts); staff merge records the key
 * could not join. A merged record keeps its key and points at the record it was merged into (always
 * the surviving root), so later gifts from that address follow it there.
 *
 * The rollups (from `giftCount` on) are written by the database: a trigger on `donations` keeps
 * them in the transaction of every write that changes a donor's gifts (Migration20261128030000).
 * Never write them from here.
 */
export const Donor = defineEntity({
  name: 'Donor',
  tableName: 'donors',
  indexes: [
    {
      name: 'donors_merged_into_id_index',
      expression:
        'create index "donors_merged_into_id_index" on "donors" ("merged_into_id") where "merged_into_id" is not null',
    },
    // The console's list of donors (merged records are not in it): each sort with the id that breaks its ties.
    {
      name: 'donors_lifetime_total_index',
      expression:
        'create index "donors_lifetime_total_index" on "donors" ("lifetime_total", "id") where "merged_into_id" is null',
    },
    {
      name: 'donors_last_gift_at_index',
      expression:
        'create index "donors_last_gift_at_index" on "donors" ("last_gift_at" desc nulls last, "id" desc) where "merged_into_id" is null',
    },
    {
      name: 'donors_gift_count_index',
      expression:
        'create index "donors_gift_count_index" on "donors" ("gift_count", "id") where "merged_into_id" is null',
    },
    {
      name: 'donors_name_index',
      expression: 'create index "donors_name_index" on "donors" ("name", "id") where "merged_into_id" is null',
    },
    // The list's search by any name, e-mail or phone of the record's gifts (Migration20261129080000).
    {
      name: 'donors_search_text_trgm_index',
      expression: `create index "donors_search_text_trgm_index" on "donors" using gin ("search_text" gin_trgm_ops) where "merged_into_id" is null`,
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    /** The normalised e-mail gifts join by; null for a gift recorded without one, and after an erasure. */
    emailKey: p.text().nullable().unique('donors_email_key_unique'),
    /** The record this one was merged into (the surviving root), by id. */
    mergedInto: () => p.manyToOne(Donor).fieldName('merged_into_id').nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    /** The name, e-mail and phone of the newest gift. */
    name: p.text().nullable(),
    email: p.text().nullable(),
    phone: p.text().nullable(),
    /** Gifts kept (paid, not wholly refunded). */
    giftCount: p.integer().default(0),
    /** Paise kept: each paid gift less any part refunded. */
    lifetimeTotal: p.bigint('number').default(0),
    /** Paise: the largest gift kept. */
    largestGift: p.integer().default(0),
    firstGiftAt: p.datetime().columnType('timestamptz').nullable(),
    lastGiftAt: p.datetime().columnType('timestamptz').nullable(),
    /** Every distinct name, e-mail and phone of the record's gifts, joined by chr(31): what the donor list searches. */
    searchText: p.text().default(''),
  }),
});

export type Donor = InferEntity<typeof Donor>;
