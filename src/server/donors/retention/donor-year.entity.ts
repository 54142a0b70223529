import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * What one donor kept giving in one financial year (`startYear` 2026 for 2026-27): written only by
 * the database's trigger on `donations` (Migration20261128050000), never from here. LYBUNT, SYBUNT,
 * the segments and the retention rates read it instead of every gift.
 */
export const DonorYear = defineEntity({
  name: 'DonorYear',
  tableName: 'donor_years',
  indexes: [
    // A donor's years, covered: a segment reads each member's rows from the index alone.
    {
      name: 'donor_years_donor_id_index',
      expression:
        'create index "donor_years_donor_id_index" on "donor_years" ("donor_id", "start_year") include ("kept", "first_gift_at", "last_gift_at", "last_gift_amount", "last_donation_id")',
    },
    // A year's rows (LYBUNT's, a cohort's), covered.
    {
      name: 'donor_years_start_year_index',
      expression:
        'create index "donor_years_start_year_index" on "donor_years" ("start_year", "donor_id") include ("kept", "kept_before", "kept_year_before", "kept_two_years_before", "next_start_year", "next_first_gift_at", "last_gift_at", "last_gift_amount", "last_donation_id")',
    },
    // The rows that are a donor's last up to a year (SYBUNT's): by when the donor next gave.
    {
      name: 'donor_years_next_start_year_index',
      expression:
        'create index "donor_years_next_start_year_index" on "donor_years" ((coalesce("next_start_year", 32767)), "start_year", "donor_id") include ("kept", "kept_before", "kept_year_before", "kept_two_years_before", "next_start_year", "next_first_gift_at", "last_gift_at", "last_gift_amount", "last_donation_id")',
    },
    // A donor's last year (SYBUNT of the current year, Migration20261129081000): its totals, and its rows largest giving first.
    {
      name: 'donor_years_last_year_index',
      expression:
        'create index "donor_years_last_year_index" on "donor_years" ("start_year") include ("donor_id", "kept", "kept_before", "kept_year_before", "last_gift_amount") where "next_start_year" is null',
    },
    {
      name: 'donor_years_last_year_total_index',
      expression:
        'create index "donor_years_last_year_total_index" on "donor_years" (("kept" + "kept_before") desc, "donor_id") include ("start_year", "kept", "kept_before", "kept_year_before", "last_gift_at", "last_gift_amount", "last_donation_id") where "next_start_year" is null',
    },
  ],
  properties: (p) => ({
    startYear: p.smallint().primary(),
    donorId: p.integer().primary(),
    /** Paise kept: each paid gift less any part refunded. */
    kept: p.bigint('number'),
    gifts: p.integer(),
    firstGiftAt: p.datetime().columnType('timestamptz'),
    lastGiftAt: p.datetime().columnType('timestamptz'),
    /** Paise kept of the year's last gift, and that gift. */
    lastGiftAmount: p.integer(),
    lastDonationId: p.integer(),
    /** Paise kept in the donor's years before this one: all of them, the one before, two before. */
    keptBefore: p.bigint('number'),
    keptYearBefore: p.bigint('number'),
    keptTwoYearsBefore: p.bigint('number'),
    /** The donor's next year with a kept gift, and its first gift (Migration20261128060000). */
    nextStartYear: p.smallint().nullable(),
    nextFirstGiftAt: p.datetime().columnType('timestamptz').nullable(),
  }),
});

export type DonorYear = InferEntity<typeof DonorYear>;
