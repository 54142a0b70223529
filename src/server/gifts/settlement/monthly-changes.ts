import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../platform/core/domain-error';
import { isUpiUpdateRefusal, type PaymentGateway, PaymentProviderError } from '../payments/gateway';
import type { PlanCatalog } from '../payments/plans';
import type { DonorLinks } from './donor-notices';
import { type MadeBy, type MonthlyGift, recordMonthlyChange } from './monthly-record';
import { isFinalSubscriptionStatus, recordReportedStatus } from './subscription-status';

/**
 * What a donor (or the staff) may do to a running monthly gift, done the way Razorpay allows:
 * Razorpay first, then the books, the change's row and the donor's confirmation in one
 * transaction, so the books never say what Razorpay did not do. Razorpay's refusals become a
 * CONFLICT in plain words; Razorpay unreachable, a BAD_GATEWAY that changed nothing.
 *
 * - the amount, from the next charge: the plan of the new amount, scheduled for the cycle's end
 *   (PATCH `schedule_change_at: cycle_end`). Razorpay refuses it for a UPI mandate: the caller then
 *   offers a new mandate (new-mandate.ts); `UpiMandateError` says so.
 * - pause (an active one only) and resume (a paused one only; a cancelled one never);
 * - cancel at the end of the month already paid (`cancel_at_cycle_end`), an active one only; at
 *   once is cancel-subscription.ts.
 */

export interface ChangeDependencies {
  gateway: PaymentGateway;
  donorLinks: DonorLinks;
}

/** Razorpay refused to change the plan of a UPI mandate: a new mandate is the way (new-mandate.ts). */
export class UpiMandateError extends DomainError {
  constructor() {
    super(
      'CONFLICT',
      'Razorpay cannot change the amount of a UPI mandate: authorise a new mandate for the new amount; the old one ends with the month already paid.',
    );
    this.name = 'UpiMandateError';
  }
}

const RUNNING_FOR_UPDATE = ['authenticated', 'active'];

function startedAtRazorpay(gift: MonthlyGift): string {
  if (isFinalSubscriptionStatus(gift.status)) {
    throw new DomainError('CONFLICT', `This monthly gift is already ${gift.status}; nothing can change it now.`);
  }
  if (!gift.razorpaySubscriptionId) throw new DomainError('CONFLICT', 'This monthly gift never started.');
  return gift.razorpaySubscriptionId;
}

/** Razorpay's refusal in its own words (a CONFLICT), or Razorpay unreachable (a BAD_GATEWAY); nothing was changed. */
function refused(error: unknown): DomainError {
  if (error instanceof PaymentProviderError && error.status === 400) {
    return new DomainError('CONFLICT', `Razorpay refused: ${error.description ?? 'the change is not allowed'}`, {
      cause: error,
    });
  }
  return new DomainError('BAD_GATEWAY', 'Razorpay could not be reached; nothing was changed.', { cause: error });
}

/** When the cycle already paid ends, from Razorpay's answer (unix seconds). */
const cycleEnd = (remote: { current_end?: number | null }) =>
  remote.current_end ? new Date(remote.current_end * 1000) : null;

export async function changeMonthlyAmount(
  em: EntityManager,
  deps: ChangeDependencies & { plans: Pick<PlanCatalog, 'planFor'> },
  gift: MonthlyGift,
  amount: number,
  madeBy: MadeBy,
) {
  const razorpayId = startedAtRazorpay(gift);
  if (amount === gift.amount) {
    throw new DomainError('BAD_REQUEST', 'That is already the monthly amount.', { field: 'amount' });
  }
  if (gift.endsAt) throw new DomainError('CONFLICT', 'This monthly gift ends with the month already paid.');
  if (!RUNNING_FOR_UPDATE.includes(gift.status)) {
    throw new DomainError(
      'CONFLICT',
      `Razorpay changes the amount only of a running monthly gift, not of one that is ${gift.status}.`,
    );
  }
  let remote: Awaited<ReturnType<PaymentGateway['scheduleSubscriptionPlan']>>;
  try {
    const planId = await deps.plans.planFor(amount);
    remote = await deps.gateway.scheduleSubscriptionPlan(razorpayId, planId);
  } catch (error) {
    if (isUpiUpdateRefusal(error)) {
      await em.execute(`update subscriptions set payment_method = 'upi' where id = ?`, [gift.id]);
      throw new UpiMandateError();
    }
    throw refused(error);
  }
  const fromDate = cycleEnd(remote);
  await em.transactional(async (tx) => {
    await tx.execute(
      'update subscriptions set monthly_amount = ?, payment_method = coalesce(?, payment_method) where id = ?',
      [amount, remote.payment_method ?? null, gift.id],
    );
    await recordMonthlyChange(
      tx,
      deps.donorLinks,
      {
        subscriptionId: gift.id,
        kind: 'amount_changed',
        madeBy,
        amountBefore: gift.amount,
        amountAfter: amount,
        effectiveAt: fromDate,
      },
      () => ({ kind: 'amount_changed', from: gift.amount, to: amount, fromDate }),
    );
  });
  return { id: gift.id, amount, from: fromDate?.toISOString() ?? null };
}

export async function pauseMonthlyGift(em: EntityManager, deps: ChangeDependencies, gift: MonthlyGift, madeBy: MadeBy) {
  const razorpayId = startedAtRazorpay(gift);
  if (gift.status !== 'active') {
    throw new DomainError('CONFLICT', `Razorpay pauses only an active monthly gift; this one is ${gift.status}.`);
  }
  if (gift.endsAt) throw new DomainError('CONFLICT', 'This monthly gift ends with the month already paid.');
  try {
    await deps.gateway.pauseSubscription(razorpayId);
  } catch (error) {
    throw refused(error);
  }
  await em.transactional(async (tx) => {
    await recordReportedStatus(tx, gift, 'paused');
    await recordMonthlyChange(tx, deps.donorLinks, { subscriptionId: gift.id, kind: 'paused', madeBy }, (now) => ({
      kind: 'paused',
      amount: now.amount,
    }));
  });
  return { id: gift.id, status: 'paused' as const };
}

export async function resumeMonthlyGift(
  em: EntityManager,
  deps: ChangeDependencies,
  gift: MonthlyGift,
  madeBy: MadeBy,
) {
  const razorpayId = startedAtRazorpay(gift);
  if (gift.status !== 'paused') {
    throw new DomainError('CONFLICT', `Razorpay resumes only a paused monthly gift; this one is ${gift.status}.`);
  }
  try {
    await deps.gateway.resumeSubscription(razorpayId);
  } catch (error) {
    throw refused(error);
  }
  await em.transactional(async (tx) => {
    await recordReportedStatus(tx, gift, 'active');
    await recordMonthlyChange(tx, deps.donorLinks, { subscriptionId: gift.id, kind: 'resumed', madeBy }, (now) => ({
      kind: 'resumed',
      amount: now.amount,
    }));
  });
  return { id: gift.id, status: 'active' as const };
}

/** Cancelled when the month already paid ends: it stays active (and uncharged) until then; Razorpay's `subscription.cancelled` then ends it. */
export async function cancelMonthlyGiftAtCycleEnd(
  em: EntityManager,
  deps: ChangeDependencies,
  gift: MonthlyGift,
  madeBy: MadeBy,
) {
  const razorpayId = startedAtRazorpay(gift);
  if (gift.endsAt) throw new DomainError('CONFLICT', 'This monthly gift already ends with the month already paid.');
  if (gift.status !== 'active') {
    throw new DomainError(
      'CONFLICT',
      `Razorpay cancels at the end of the month paid only an active monthly gift; this one is ${gift.status}: cancel it now instead.`,
    );
  }
  let endsOn: Date | null;
  try {
    endsOn = cycleEnd(await deps.gateway.cancelSubscription(razorpayId, { atCycleEnd: true }));
  } catch (error) {
    throw refused(error);
  }
  await em.transactional(async (tx) => {
    // The cycle's end as Razorpay said, or now when it did not (the gift is then over at its next event).
    await tx.execute('update subscriptions set ends_at = coalesce(?, now()) where id = ?', [endsOn, gift.id]);
    await recordMonthlyChange(
      tx,
      deps.donorLinks,
      { subscriptionId: gift.id, kind: 'cancel_at_cycle_end', madeBy, effectiveAt: endsOn },
      (now) => ({ kind: 'cancel_at_cycle_end', amount: now.amount, endsOn }),
    );
  });
  return { id: gift.id, status: gift.status, endsAt: endsOn?.toISOString() ?? null };
}
