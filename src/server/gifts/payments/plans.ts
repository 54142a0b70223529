import type { Orm } from '../../platform/db/orm';
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
export function createPlanCatalog(orm: Orm, gateway: PaymentGateway, currentKeyId: () => string): PlanCatalog {
  // Keyed by key id and amount: the keys may change while the server runs (the console's settings).
  const inFlight = new Map<string, Promise<string>>();

  async function findPlanId(keyId: string, amount: number): Promise<string | undefined> {
    const plan = await orm.em.fork().findOne(RazorpayPlan, { keyId, amount });
    return plan?.razorpayPlanId;
  }

  async function createPlan(keyId: string, amount: number): Promise<string> {
    const existing = await findPlanId(keyId, amount);
    if (existing) return existing;
    const { id } = await gateway.createMonthlyPlan({ amount });
    await orm.em
      .fork()
      .createQueryBuilder(RazorpayPlan)
      .insert({ keyId, amount, razorpayPlanId: id })
      .onConflict(['keyId', 'amount'])
      .ignore()
      .execute();
    const stored = await findPlanId(keyId, amount);
    if (!stored) throw new Error(`plan for ${amount} paise vanished after insert`);
    return stored;
  }

  function planFor(amount: number, keyId = currentKeyId()): Promise<string> {
    const key = `${keyId}:${amount}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = createPlan(keyId, amount).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  return {
    planFor: (amount) => planFor(amount),
    async subscribe(amount, { totalCount, notes }) {
      const keyId = currentKeyId();
      const stale = await planFor(amount, keyId);
      try {
        return { planId: stale, subscription: await gateway.createSubscription({ planId: stale, totalCount, notes }) };
      } catch (error) {
        if (!isUnknownPlan(error)) throw error;
      }
      // Only the stale id: another request may already have stored the new plan.
      await orm.em.fork().nativeDelete(RazorpayPlan, { keyId, amount, razorpayPlanId: stale });
      const planId = await planFor(amount, keyId);
      return { planId, subscription: await gateway.createSubscription({ planId, totalCount, notes }) };
    },
  };
}
