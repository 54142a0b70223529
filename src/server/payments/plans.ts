import type { Orm } from '../db/orm';
import type { PaymentGateway } from './gateway';
import { RazorpayPlan } from './plan.entity';

export interface PlanCatalog {
  /** The Razorpay plan id for this monthly amount (paise), creating the plan the first time. */
  planFor(amount: number): Promise<string>;
}

/**
 * One plan per distinct amount. Two requests for a new amount in this process share one creation
 * (single flight); across instances the unique (key, amount) decides, and the loser reuses the winner's
 * plan. No database connection is held while Razorpay is asked.
 */
export function createPlanCatalog(orm: Orm, gateway: PaymentGateway, keyId: string): PlanCatalog {
  const inFlight = new Map<number, Promise<string>>();

  async function findPlanId(amount: number): Promise<string | undefined> {
    const plan = await orm.em.fork().findOne(RazorpayPlan, { keyId, amount });
    return plan?.razorpayPlanId;
  }

  async function createPlan(amount: number): Promise<string> {
    const existing = await findPlanId(amount);
    if (existing) return existing;
    const { id } = await gateway.createMonthlyPlan({ amount });
    await orm.em
      .fork()
      .createQueryBuilder(RazorpayPlan)
      .insert({ keyId, amount, razorpayPlanId: id })
      .onConflict(['keyId', 'amount'])
      .ignore()
      .execute();
    const stored = await findPlanId(amount);
    if (!stored) throw new Error(`plan for ${amount} paise vanished after insert`);
    return stored;
  }

  return {
    planFor(amount) {
      let pending = inFlight.get(amount);
      if (!pending) {
        pending = createPlan(amount).finally(() => inFlight.delete(amount));
        inFlight.set(amount, pending);
      }
      return pending;
    },
  };
}
