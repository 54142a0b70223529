import type { EntityManager } from '@mikro-orm/postgresql';
import type { SubscriptionStatus } from '../../../shared/donation-states';
import type { Subscription } from '../donations/subscription.entity';
import type { DonorLinks } from './donor-notices';
import { monthlyAmountsOf, recordMonthlyChange } from './monthly-record';
import type { PaymentAmount } from './payment-match';

/**
 * What a subscription's webhook says beyond its status (record-events.ts records that): the
 * mandate's method, a pause or resume made at Razorpay (its dashboard, not the donor's page), and
 * a new plan in force (`subscription.updated`: the donor's change reaching its cycle's end, or
 * one made at Razorpay). Runs in the event's transaction, the subscription row locked.
 */
export async function recordSubscriptionReport(
  em: EntityManager,
  donorLinks: DonorLinks,
  subscription: Pick<Subscription, 'id' | 'razorpayPlanId' | 'paymentMethod'>,
  report: {
    event: string;
    statusBefore: SubscriptionStatus;
    statusAfter: SubscriptionStatus;
    planId?: string | undefined;
    paymentMethod?: string | null | undefined;
  },
): Promise<void> {
  if (report.paymentMethod && report.paymentMethod !== subscription.paymentMethod) {
    await em.execute('update subscriptions set payment_method = ? where id = ?', [
      report.paymentMethod,
      subscription.id,
    ]);
  }
  const moved = report.statusBefore !== report.statusAfter;
  if (report.event === 'subscription.paused' && moved && report.statusAfter === 'paused') {
    await recordMonthlyChange(
      em,
      donorLinks,
      { subscriptionId: subscription.id, kind: 'paused', madeBy: 'razorpay' },
      (now) => ({
        kind: 'paused',
        amount: now.amount,
      }),
    );
  }
  if (report.event === 'subscription.resumed' && moved && report.statusBefore === 'paused') {
    await recordMonthlyChange(
      em,
      donorLinks,
      { subscriptionId: subscription.id, kind: 'resumed', madeBy: 'razorpay' },
      (now) => ({
        kind: 'resumed',
        amount: now.amount,
      }),
    );
  }
  if (report.event === 'subscription.cancelled' && moved && report.statusAfter === 'cancelled') {
    // Its mail is the cancellation's (donor-notices.ts); this row is for the pages.
    await recordMonthlyChange(em, donorLinks, {
      subscriptionId: subscription.id,
      kind: 'cancelled',
      madeBy: 'razorpay',
    });
  }
  if (report.event === 'subscription.updated' && report.planId && report.planId !== subscription.razorpayPlanId) {
    await recordPlanInForce(em, donorLinks, subscription.id, report.planId);
  }
}

/** The plan Razorpay now charges: kept; its amount, when it is one of the trust's plans and new, is the gift's from now on. */
async function recordPlanInForce(em: EntityManager, donorLinks: DonorLinks, subscriptionId: number, planId: string) {
  await em.execute('update subscriptions set razorpay_plan_id = ? where id = ?', [planId, subscriptionId]);
  const [row] = await em.execute<{ planAmount: number | null; amount: number }[]>(
    `select (select p.amount from razorpay_plans p where p.razorpay_plan_id = ? limit 1) as "planAmount",
            coalesce(s.monthly_amount, d.amount) as amount
       from subscriptions s join donations d on d.id = s.donation_id where s.id = ?`,
    [planId, subscriptionId],
  );
  const planAmount = row?.planAmount == null ? null : Number(row.planAmount);
  if (planAmount === null || planAmount === Number(row?.amount)) return;
  const before = Number(row?.amount);
  await em.execute('update subscriptions set monthly_amount = ? where id = ?', [planAmount, subscriptionId]);
  await recordMonthlyChange(
    em,
    donorLinks,
    { subscriptionId, kind: 'amount_changed', madeBy: 'razorpay', amountBefore: before, amountAfter: planAmount },
    () => ({ kind: 'amount_changed', from: before, to: planAmount, fromDate: null }),
  );
}

/** A charge is the subscription's when it is one of the amounts its charges have had (its first, each change), in rupees. */
export async function chargeMatchesSubscription(em: EntityManager, subscriptionId: number, payment: PaymentAmount) {
  return payment.currency === 'INR' && (await monthlyAmountsOf(em, subscriptionId)).includes(payment.amount);
}
