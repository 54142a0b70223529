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
  }),
});

export type DonorYear = InferEntity<typeof DonorYear>;
