import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { SUBSCRIPTION_STATUSES } from '../../../shared/donation-states';
import { Donation } from './donation.entity';

/** A monthly donation's Razorpay subscription; `status` mirrors what Razorpay reports, from `created` on. */
export const Subscription = defineEntity({
  name: 'Subscription',
  tableName: 'subscriptions',
  // The console's monthly donors, newest first.
  checks: [
    { name: 'subscriptions_monthly_amount_check', expression: '"monthly_amount" is null or "monthly_amount" >= 100' },
  ],
  indexes: [
    { properties: ['createdAt', 'id'], name: 'subscriptions_created_at_index' },
    {
      name: 'subscriptions_replaces_subscription_id_index',
      expression:
        'create index "subscriptions_replaces_subscription_id_index" on "subscriptions" ("replaces_subscription_id") where "replaces_subscription_id" is not null',
    },
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
    /**
     * The monthly gift this one's new mandate takes over from (subscriptions.id). No foreign key:
     * subscriptions are never deleted, and the entity cannot name itself in its own definition.
     */
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

/** What a monthly gift's changes can be (monthly_changes.kind; gifts/settlement/monthly-record.ts). */
export const MONTHLY_CHANGE_KINDS = [
  'amount_changed',
  'paused',
  'resumed',
  'cancel_at_cycle_end',
  'cancelled',
  'new_mandate_started',
  'mandate_replaced',
] as const;

/**
 * One change to a monthly gift (its amount, a pause, a resume, a cancellation, a new mandate): who
 * made it and from when. Amounts only, no personal data. Written by gifts/settlement/monthly-record.ts.
 */
export const MonthlyChange = defineEntity({
  name: 'MonthlyChange',
  tableName: 'monthly_changes',
  indexes: [
    {
      name: 'monthly_changes_subscription_id_index',
      expression: 'create index "monthly_changes_subscription_id_index" on "monthly_changes" ("subscription_id", "id")',
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    subscription: p.manyToOne(Subscription).fieldName('subscription_id').deleteRule('cascade'),
    kind: p.enum([...MONTHLY_CHANGE_KINDS]),
    amountBefore: p.integer().nullable(),
    amountAfter: p.integer().nullable(),
    effectiveAt: p.datetime().columnType('timestamptz').nullable(),
    madeBy: p.enum(['donor', 'staff', 'razorpay'] as const),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});
export type MonthlyChange = InferEntity<typeof MonthlyChange>;
