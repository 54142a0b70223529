import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** The Razorpay plan used for each monthly amount: created once, then reused by every donor. */
export const RazorpayPlan = defineEntity({
  name: 'RazorpayPlan',
  tableName: 'razorpay_plans',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    amount: p.integer().unique('razorpay_plans_amount_unique'),
    razorpayPlanId: p.text().unique('razorpay_plans_razorpay_plan_id_unique'),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});

export type RazorpayPlan = InferEntity<typeof RazorpayPlan>;
