import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../platform/core/domain-error';
import { Donation } from '../donations/donation.entity';
import type { Subscription } from '../donations/subscription.entity';
import { attachDonor } from '../donor-keys/attach-donor';
import { consentFromPaidGift } from '../donor-keys/news-consent';
import type { Receipt } from '../receipts/receipt.entity';
import {
  acknowledgePayment,
  type DonorLinks,
  noticePaymentFailed,
  noticeRefund,
  noticeSubscriptionStatus,
} from './donor-notices';
import { holdPaymentAfterErasure, PAID_AFTER_ERASURE } from './paid-after-erasure';
import { trackRiskEpisode } from './risk-episodes';
import { markFailed, markPaid, markRefunded, type PaidOutcome, recordSubscriptionCharge } from './settle';
import { activateSubscription, recordReportedStatus } from './subscription-status';

/**
 * The settlement steps as the webhooks and reconciliation record them: each status change in one
 * transaction with what it tells the donor (a savepoint when the caller has opened one already),
 * so a receipt, its number and its mail exist exactly when the payment is recorded. The browser's
 * verify call (verify-payment.ts), the webhooks and reconciliation all end here. A payment recorded
 * gets its donor here too (gifts/donor-keys/attach-donor.ts), with its receipt.
 */

/**
 * The receipt of a payment just recorded, after giving its gift its donor and making the donate
 * form's ticked box consent to news (gifts/donor-keys/news-consent.ts: only a paid gift's box counts).
 */
async function acknowledgeGift(tx: EntityManager, donorLinks: DonorLinks, paymentId: string) {
  const receipt = await acknowledgePayment(tx, donorLinks, paymentId);
  if (receipt) await attachDonor(tx, receipt.donationId);
  await consentFromPaidGift(tx, paymentId);
  return receipt;
}

/**
 * A payment the browser's checkout signature proved (verify-payment.ts checked it): the payment
 * recorded, its receipt issued and its mail queued, all or nothing. Refused (CONFLICT) when the
 * donation was paid by another payment or can no longer be paid. After the donor's erasure: held
 * for a refund (paid-after-erasure.ts), no receipt.
 */
export function recordVerifiedPayment(
  em: EntityManager,
  donorLinks: DonorLinks,
  payment: { donationId: number; subscriptionId: number | null; paymentId: string; signature: string },
): Promise<Receipt | null | typeof PAID_AFTER_ERASURE> {
  const { donationId, subscriptionId, paymentId, signature } = payment;
  return em.transactional(async (tx) => {
    // The subscription's row first, as the webhooks lock it before the donation: no deadlock.
    // Activation is repeated too, in case a crash interrupted it; a refusal below rolls it back.
    if (subscriptionId !== null) await activateSubscription(tx, subscriptionId);
    if (await holdPaymentAfterErasure(tx, donationId, paymentId)) return PAID_AFTER_ERASURE;
    const outcome = await markPaid(tx, donationId, paymentId, signature);
    if (outcome === 'paid_by_another_payment') {
      throw new DomainError(
        'CONFLICT',
        `Donation ${donationId} is already paid, or this payment paid another donation.`,
      );
    }
    if (outcome === 'not_payable') {
      const current = await tx.findOneOrFail(Donation, donationId, { refresh: true });
      throw new DomainError('CONFLICT', `Donation ${donationId} is ${current.status} and cannot be paid.`);
    }
    // Paid now, or by an earlier repeat of this same success (a replay, a racing request or the
    // webhook): harmless either way, and its receipt is the one already issued.
    return acknowledgeGift(tx, donorLinks, paymentId);
  });
}

export function recordPayment(
  em: EntityManager,
  donorLinks: DonorLinks,
  donationId: number,
  paymentId: string,
): Promise<PaidOutcome | typeof PAID_AFTER_ERASURE> {
  return em.transactional(async (tx) => {
    if (await holdPaymentAfterErasure(tx, donationId, paymentId)) return PAID_AFTER_ERASURE;
    const outcome = await markPaid(tx, donationId, paymentId);
    // Already paid by this payment: its receipt exists (same transaction), and is returned as it is.
    if (outcome === 'paid' || outcome === 'already_paid') await acknowledgeGift(tx, donorLinks, paymentId);
    return outcome;
  });
}

/** A monthly charge of `amount` paise (one of the amounts its charges have had: subscription-reports.ts). */
export function recordCharge(
  em: EntityManager,
  donorLinks: DonorLinks,
  subscription: Subscription,
  paymentId: string,
  amount: number,
) {
  return em.transactional(async (tx) => {
    const first = subscription.donation?.id;
    const chargeOf = { subscriptionId: subscription.id };
    if (first && (await holdPaymentAfterErasure(tx, first, paymentId, chargeOf))) return PAID_AFTER_ERASURE;
    const outcome = await recordSubscriptionCharge(tx, subscription, paymentId, amount);
    await acknowledgeGift(tx, donorLinks, paymentId);
    return outcome;
  });
}

export function recordFailure(em: EntityManager, donorLinks: DonorLinks, donationId: number): Promise<boolean> {
  return em.transactional(async (tx) => {
    const failed = await markFailed(tx, donationId);
    if (failed) await noticePaymentFailed(tx, donorLinks, donationId);
    return failed;
  });
}

export function recordRefund(
  em: EntityManager,
  donorLinks: DonorLinks,
  paymentId: string,
  orderId?: string | null,
): Promise<boolean> {
  return em.transactional(async (tx) => {
    const refunded = await markRefunded(tx, paymentId, orderId);
    if (!refunded) return false;
    await noticeRefund(tx, donorLinks, paymentId);
    // A refund that came before its capture settled a gift never recorded paid: it is the donor's too.
    const [gift] = await tx.execute<{ id: number }[]>('select id from donations where razorpay_payment_id = ?', [
      paymentId,
    ]);
    if (gift) await attachDonor(tx, gift.id);
    return true;
  });
}

export function recordStatus(
  em: EntityManager,
  donorLinks: DonorLinks,
  subscription: Pick<Subscription, 'id' | 'status'>,
  reported: string,
): Promise<void> {
  return em.transactional(async (tx) => {
    const changedTo = await recordReportedStatus(tx, subscription, reported);
    if (!changedTo) return;
    // Pending or halted opens an episode at risk (and its one mail); active or an end closes it.
    await trackRiskEpisode(tx, donorLinks, subscription.id, changedTo);
    await noticeSubscriptionStatus(tx, donorLinks, subscription.id, changedTo);
  });
}
