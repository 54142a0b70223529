import { type EntityManager, type FilterQuery, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import type { DonationStatus } from '../../../shared/donation.schema';
import { Donation } from '../donations/donation.entity';
import type { Subscription } from '../donations/subscription.entity';
import { wasCaptureRecorded, wasFullyRefunded } from './refund-ledger';

/**
 * The donation status changes, shared by the browser's verify call, Razorpay's webhooks and
 * reconciliation. Each is one conditional UPDATE, so they only move forward whatever order they
 * arrive in and however many race: `paid` never goes back, a later capture turns `failed` paid.
 * The one way out of `refunded` is a refund that turns out to have been of a duplicate payment.
 */

/** Statuses a captured payment may settle: a retry after a failure, or a late payment. */
export const PAYABLE: DonationStatus[] = ['pending', 'failed', 'expired'];

export type PaidOutcome = 'paid' | 'already_paid' | 'paid_by_another_payment' | 'not_payable';

export async function markPaid(
  em: EntityManager,
  donationId: number,
  paymentId: string,
  signature: string | null = null,
): Promise<PaidOutcome> {
  const outcome = await payIf(em, { id: donationId, status: { $in: PAYABLE } }, paymentId, signature);
  if (outcome) return outcome;
  // Someone else settled it first. Read what they wrote past the identity map (which may still
  // hold the row as it was before the race), within the caller's transaction if any.
  const current = await em
    .createQueryBuilder(Donation)
    .select(['status', 'donationType', 'razorpayPaymentId', 'razorpaySignature'])
    .where({ id: donationId })
    .execute('get');
  if (current?.status === 'refunded' && current.razorpayPaymentId !== paymentId) {
    return (await payAfterDuplicateRefund(em, donationId, current, paymentId, signature)) ?? 'not_payable';
  }
  if (current?.status !== 'paid') return 'not_payable';
  return current.razorpayPaymentId === paymentId ? 'already_paid' : 'paid_by_another_payment';
}

/** One conditional UPDATE to paid; undefined when the condition no longer holds. */
async function payIf(
  em: EntityManager,
  where: FilterQuery<Donation>,
  paymentId: string,
  signature: string | null,
): Promise<'paid' | 'paid_by_another_payment' | undefined> {
  try {
    // A savepoint inside a webhook's transaction: a duplicate payment id must not abort it.
    const updated = await em.transactional((tx) =>
      tx.nativeUpdate(Donation, where, { status: 'paid', razorpayPaymentId: paymentId, razorpaySignature: signature }),
    );
    return updated === 1 ? 'paid' : undefined;
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    return 'paid_by_another_payment';
  }
}

/**
 * A one-time donation refunded by a refund that came before any capture of that payment was
 * recorded (see markRefunded) may have been a duplicate's: the order was paid twice and Razorpay
 * refunded the second. Then a captured payment not refunded is money the trust kept, and pays it.
 */
async function payAfterDuplicateRefund(
  em: EntityManager,
  donationId: number,
  current: Pick<Donation, 'donationType' | 'razorpayPaymentId' | 'razorpaySignature'>,
  paymentId: string,
  signature: string | null,
): Promise<PaidOutcome | undefined> {
  const refundedPayment = current.razorpayPaymentId;
  if (current.donationType !== 'one-time' || !refundedPayment || current.razorpaySignature !== null) return undefined;
  if (await wasCaptureRecorded(em, refundedPayment)) return undefined;
  if (await wasFullyRefunded(em, paymentId)) return undefined;
  const where = { id: donationId, status: 'refunded' as const, razorpayPaymentId: refundedPayment };
  return payIf(em, where, paymentId, signature);
}

/** A failed attempt: only a pending donation becomes failed (the donor may still retry). */
export async function markFailed(em: EntityManager, donationId: number): Promise<boolean> {
  return (await em.nativeUpdate(Donation, { id: donationId, status: 'pending' }, { status: 'failed' })) === 1;
}

/** A checkout nobody completed within a day. */
export async function markExpired(em: EntityManager, donationId: number): Promise<boolean> {
  return (await em.nativeUpdate(Donation, { id: donationId, status: 'pending' }, { status: 'expired' })) === 1;
}

/**
 * A full refund. Usually of the payment that paid a donation; but events arrive out of order, so
 * a refund of a payment not recorded yet settles its order's unpaid donation as refunded at once
 * (a late capture or verify of that payment then finds it refunded and cannot mark it paid). If
 * that payment was a duplicate, the capture of the one the trust kept still pays it (markPaid).
 */
export async function markRefunded(em: EntityManager, paymentId: string, orderId?: string | null): Promise<boolean> {
  const refunded = await em.nativeUpdate(
    Donation,
    { razorpayPaymentId: paymentId, status: 'paid' },
    { status: 'refunded' },
  );
  if (refunded === 1 || !orderId) return refunded === 1;
  try {
    const early = await em.transactional((tx) =>
      tx.nativeUpdate(
        Donation,
        { razorpayOrderId: orderId, donationType: 'one-time', razorpayPaymentId: null, status: { $in: PAYABLE } },
        { status: 'refunded', razorpayPaymentId: paymentId },
      ),
    );
    return early === 1;
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) return false;
    throw error;
  }
}

/**
 * A successful monthly charge. The first settles the donation the donor started; each later one
 * is its own paid row with the donor's details, linked to the subscription. The unique payment id
 * makes a repeat of the same charge a no-op.
 */
export async function recordSubscriptionCharge(
  em: EntityManager,
  subscription: Subscription,
  paymentId: string,
  /** The charge's amount: the donor may have changed it since the first (gifts/settlement/monthly-changes.ts). */
  amount: number,
): Promise<'first_charge' | 'charge_recorded' | 'already_recorded'> {
  const original = await em.findOneOrFail(Donation, subscription.donation?.id ?? -1, { refresh: true });
  const outcome = await markPaid(em, original.id, paymentId);
  if (outcome === 'paid') return 'first_charge';
  if (outcome === 'already_paid') return 'already_recorded';

  const inserted = await em
    .createQueryBuilder(Donation)
    .insert({
      name: original.name,
      email: original.email,
      phone: original.phone,
      amount,
      donationType: 'monthly',
      purpose: original.purpose,
      // The donor's 80G details, so each month's receipt carries them too.
      address: original.address,
      taxIdKind: original.taxIdKind,
      taxIdMasked: original.taxIdMasked,
      taxIdEncrypted: original.taxIdEncrypted,
      razorpayPaymentId: paymentId,
      status: 'paid',
      subscriptionId: subscription.id,
      // The appeal and the tribute too: a monthly donor's every charge counts for the appeal and prints it.
      appeal: original.appeal ?? null,
      tribute: original.tribute ?? null,
      // And the language they gave in: each month's receipt and mail speak it.
      language: original.language,
      // The animal the gift sponsors now: the subscription's, which a sponsor may have moved to another.
      animalId: subscription.animalId ?? null,
    })
    .onConflict('razorpayPaymentId')
    .ignore()
    .execute('run');
  return inserted.affectedRows === 1 ? 'charge_recorded' : 'already_recorded';
}
