import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * The Razorpay plan used for each monthly amount: created once, then reused by every donor. Plans
 * belong to a Razorpay account (test and live keys see different plans), hence the key id.
 */
export const RazorpayPlan = defineEntity({
  name: 'RazorpayPlan',
  tableName: 'razorpay_plans',
  uniques: [{ properties: ['keyId', 'amount'], name: 'razorpay_plans_key_id_amount_unique' }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    keyId: p.text(),
    amount: p.integer(),
    razorpayPlanId: p.text().unique('razorpay_plans_razorpay_plan_id_unique'),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});

export type RazorpayPlan = InferEntity<typeof RazorpayPlan>;
