import type { Orm } from '../db/orm';
import { type PaymentGateway, PaymentProviderError } from './gateway';
import { RazorpayPlan } from './plan.entity';

export interface PlanCatalog {
  /** The Razorpay plan id for this monthly amount (paise), creating the plan the first time. */
  planFor(amount: number): Promise<string>;
  /**
   * A subscription to the plan of this monthly amount. A stored plan Razorpay no longer knows
   * (the sandbox's database was reset, the account's plans were removed) is forgotten, created
   * again and the subscription retried once; any other failure is thrown as it is.
   */
  subscribe(
    amount: number,
    subscription: { totalCount: number; notes: Record<string, string> },
  ): Promise<{ planId: string; subscription: { id: string; status: string } }>;
}

/** Razorpay's answer to a subscription whose plan_id it does not know: a 400 about that id. */
function isUnknownPlan(error: unknown): boolean {
  if (!(error instanceof PaymentProviderError) || error.status !== 400) return false;
  const detail = (error.cause as { error?: { field?: string; description?: string } } | undefined)?.error;
  return detail?.field === 'plan_id' || /id provided does not exist/i.test(detail?.description ?? '');
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

  function planFor(amount: number): Promise<string> {
    let pending = inFlight.get(amount);
    if (!pending) {
      pending = createPlan(amount).finally(() => inFlight.delete(amount));
      inFlight.set(amount, pending);
    }
    return pending;
  }

  return {
    planFor,
    async subscribe(amount, { totalCount, notes }) {
      const stale = await planFor(amount);
      try {
        return { planId: stale, subscription: await gateway.createSubscription({ planId: stale, totalCount, notes }) };
      } catch (error) {
        if (!isUnknownPlan(error)) throw error;
      }
      // Only the stale id: another request may already have stored the new plan.
      await orm.em.fork().nativeDelete(RazorpayPlan, { keyId, amount, razorpayPlanId: stale });
      const planId = await planFor(amount);
      return { planId, subscription: await gateway.createSubscription({ planId, totalCount, notes }) };
    },
  };
}
