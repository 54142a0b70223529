import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * What came in on one India day, as the overview sums it (overview.ts): the gifts kept (paid, less
 * any part refunded) and the gifts returned (refunded in full, or paid and refunded in part),
 * counted by the day each donation is dated. Kept by triggers on `donations` (migration
 * Migration20261128020000) in the transaction of every write that changes a received gift, so it
 * always equals the sum of the rows; never written by the application.
 */
export const DonationDayTotal = defineEntity({
  name: 'DonationDayTotal',
  tableName: 'donation_day_totals',
  properties: (p) => ({
    day: p.string().columnType('date').primary(),
    keptCount: p.integer().default(0),
    /** Paise. */
    keptAmount: p.bigint('number').default(0),
    returnedCount: p.integer().default(0),
    /** Paise. */
    returnedAmount: p.bigint('number').default(0),
  }),
});
export type DonationDayTotal = InferEntity<typeof DonationDayTotal>;
