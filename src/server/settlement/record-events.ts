import type { EntityManager } from '@mikro-orm/postgresql';
import type { Subscription } from '../donations/subscription.entity';
import {
  acknowledgePayment,
  type DonorNotices,
  noticePaymentFailed,
  noticeRefund,
  noticeSubscriptionStatus,
} from './donor-notices';
import { markFailed, markPaid, markRefunded, type PaidOutcome, recordSubscriptionCharge } from './settle';
import { recordReportedStatus } from './subscription-status';

/**
 * The settlement steps as the webhooks and reconciliation record them: each status change in one
 * transaction with what it tells the donor (a savepoint when the caller has opened one already),
 * so a receipt, its number and its mail exist exactly when the payment is recorded. The browser's
 * verify call does the same in its own transaction (donations/verify-payment.ts).
 */

export function recordPayment(
  em: EntityManager,
  notices: DonorNotices,
  donationId: number,
  paymentId: string,
): Promise<PaidOutcome> {
  return em.transactional(async (tx) => {
    const outcome = await markPaid(tx, donationId, paymentId);
    // Already paid by this payment: its receipt exists (same transaction), and is returned as it is.
    if (outcome === 'paid' || outcome === 'already_paid') await acknowledgePayment(tx, notices, paymentId);
    return outcome;
  });
}

export function recordCharge(em: EntityManager, notices: DonorNotices, subscription: Subscription, paymentId: string) {
  return em.transactional(async (tx) => {
    const outcome = await recordSubscriptionCharge(tx, subscription, paymentId);
    await acknowledgePayment(tx, notices, paymentId);
    return outcome;
  });
}

export function recordFailure(em: EntityManager, notices: DonorNotices, donationId: number): Promise<boolean> {
  return em.transactional(async (tx) => {
    const failed = await markFailed(tx, donationId);
    if (failed) await noticePaymentFailed(tx, notices, donationId);
    return failed;
  });
}

export function recordRefund(
  em: EntityManager,
  notices: DonorNotices,
  paymentId: string,
  orderId?: string | null,
): Promise<boolean> {
  return em.transactional(async (tx) => {
    const refunded = await markRefunded(tx, paymentId, orderId);
    if (refunded) await noticeRefund(tx, notices, paymentId);
    return refunded;
  });
}

export function recordStatus(
  em: EntityManager,
  notices: DonorNotices,
  subscription: Pick<Subscription, 'id' | 'status'>,
  reported: string,
): Promise<void> {
  return em.transactional(async (tx) => {
    const changedTo = await recordReportedStatus(tx, subscription, reported);
    if (changedTo) await noticeSubscriptionStatus(tx, notices, subscription.id, changedTo);
  });
}
