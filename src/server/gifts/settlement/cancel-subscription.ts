import type { EntityManager } from '@mikro-orm/postgresql';
import type { SubscriptionStatus } from '../../../shared/donation-states';
import type { Subscription } from '../donations/subscription.entity';
import type { PaymentGateway } from '../payments/gateway';
import { type DonorLinks, noticeSubscriptionStatus } from './donor-notices';
import { type MadeBy, recordMonthlyChange } from './monthly-record';
import { isFinalSubscriptionStatus, recordReportedStatus } from './subscription-status';

export type CancelOutcome =
  | { ok: true; previousStatus: SubscriptionStatus }
  /** `cause`: why Razorpay refused, for `provider_failed`. */
  | {
      ok: false;
      reason: 'finished' | 'never_started' | 'provider_failed';
      status: SubscriptionStatus;
      cause?: unknown;
    };

/**
 * Stops a monthly gift, for the staff or the donor alike: at Razorpay first, then in the books, so
 * they never say cancelled while Razorpay still charges. The status and the donor's mail commit
 * together; Razorpay's own `subscription.cancelled` webhook then changes nothing.
 */
export async function cancelSubscription(
  em: EntityManager,
  {
    gateway,
    donorLinks,
    madeBy = 'staff',
  }: { gateway: Pick<PaymentGateway, 'cancelSubscription'>; donorLinks: DonorLinks; madeBy?: MadeBy },
  subscription: Pick<Subscription, 'id' | 'status' | 'razorpaySubscriptionId'>,
): Promise<CancelOutcome> {
  const { status, razorpaySubscriptionId } = subscription;
  if (isFinalSubscriptionStatus(status)) return { ok: false, reason: 'finished', status };
  if (!razorpaySubscriptionId) return { ok: false, reason: 'never_started', status };
  try {
    await gateway.cancelSubscription(razorpaySubscriptionId);
  } catch (cause) {
    return { ok: false, reason: 'provider_failed', status, cause };
  }
  await em.transactional(async (tx) => {
    if ((await recordReportedStatus(tx, subscription, 'cancelled')) === 'cancelled') {
      await noticeSubscriptionStatus(tx, donorLinks, subscription.id, 'cancelled');
      // The pages' record of it; the mail is the cancellation's above.
      await recordMonthlyChange(tx, donorLinks, { subscriptionId: subscription.id, kind: 'cancelled', madeBy });
    }
  });
  return { ok: true, previousStatus: status };
}
