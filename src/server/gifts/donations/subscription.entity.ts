import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { SUBSCRIPTION_STATUSES } from '../../../shared/donation-states';
import { Donation } from './donation.entity';

/** A monthly donation's Razorpay subscription; `status` mirrors what Razorpay reports, from `created` on. */
export const Subscription = defineEntity({
  name: 'Subscription',
  tableName: 'subscriptions',
  // The console's monthly donors, newest first.
  indexes: [
    { properties: ['createdAt', 'id'], name: 'subscriptions_created_at_index' },
    // An animal's sponsors (animals/sponsors/): a handful per animal, whatever the table's size.
    {
      name: 'subscriptions_animal_id_index',
      expression:
        'create index "subscriptions_animal_id_index" on "subscriptions" ("animal_id", "status") where "animal_id" is not null',
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    donation: p.manyToOne(Donation).fieldName('donation_id').nullable().index('subscriptions_donation_id_index'),
    razorpaySubscriptionId: p.text().nullable().unique('subscriptions_razorpay_subscription_id_unique'),
    razorpayPlanId: p.text().nullable(),
    status: p.enum([...SUBSCRIPTION_STATUSES]).default('created'),
    /** Each charge's amount (paise) since the donor changed it; null: the first gift's (Migration20261129121000). */
    monthlyAmount: p.integer().nullable(),
    /** How its mandate pays, as Razorpay reports it: `card`, `upi`…; null until known. */
    paymentMethod: p.text().nullable(),
    /** When a gift cancelled at the end of the month already paid stops. */
    endsAt: p.datetime().columnType('timestamptz').nullable(),
    /** The monthly gift this one's new mandate takes over from. */
    replacesSubscriptionId: p.integer().nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    /**
     * The animal this monthly gift sponsors (animals.id), or null for the general fund. Our record of
     * what the gift is for: moving a sponsor to another animal changes it, the mandate stays.
     */
    animalId: p.integer().nullable(),
  }),
});

export type Subscription = InferEntity<typeof Subscription>;
