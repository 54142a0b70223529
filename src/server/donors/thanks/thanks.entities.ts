import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { Donation } from '../../gifts/donations/donation.entity';

/**
 * A gift someone called to thank its donor for (Migration20261128041000), read and written with
 * SQL by thank-queue.ts; mapped here so the schema and the migrations agree. Unticked: deleted.
 */
export const ThankYouCall = defineEntity({
  name: 'ThankYouCall',
  tableName: 'thank_you_calls',
  properties: (p) => ({
    donation: p.manyToOne(Donation).primary().fieldName('donation_id').deleteRule('cascade'),
    /** The staff member's username, so it still reads after the account is renamed or disabled. */
    calledBy: p.text(),
    calledAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});
export type ThankYouCall = InferEntity<typeof ThankYouCall>;

/** The amount (paise) at or over which a gift is thanked personally: one row, id 1, set by admins. */
export const ThanksSettings = defineEntity({
  name: 'ThanksSettings',
  tableName: 'thanks_settings',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(false),
    threshold: p.integer().default(1000000),
    updatedBy: p.text().nullable(),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});
export type ThanksSettings = InferEntity<typeof ThanksSettings>;

export const THANKS_ENTITIES = [ThankYouCall, ThanksSettings];
