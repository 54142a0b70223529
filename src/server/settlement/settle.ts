import { type EntityManager, type FilterQuery, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import type { DonationStatus } from '../../shared/donation.schema';
import { Donation } from '../donations/donation.entity';
import { Subscription } from '../donations/subscription.entity';
import { wasRefundedEarly } from './refund-ledger';

/**
 * The donation status changes, shared by the browser's verify call, Razorpay's webhooks and
 * reconciliation. Each is one conditional UPDATE, so they only move forward whatever order they
 * arrive in and however many race: `paid` never goes back, a later capture turns `failed` paid.
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
    .select(['status', 'razorpayPaymentId', 'razorpayOrderId'])
    .where({ id: donationId })
    .execute('get');
  if (current?.status === 'refunded' && current.razorpayPaymentId === null && current.razorpayOrderId) {
    return settleAfterEarlyRefund(em, donationId, current.razorpayOrderId, paymentId, signature);
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
 * The donation was refunded on the strength of a refund that came before any capture was recorded
 * (see markRefunded). If this payment is the one refunded, it stays refunded and the payment is
 * recorded; any other captured payment is money the trust kept (the refund was of a duplicate),
 * so it pays the donation.
 */
async function settleAfterEarlyRefund(
  em: EntityManager,
  donationId: number,
  orderId: string,
  paymentId: string,
  signature: string | null,
): Promise<PaidOutcome> {
  const early = { id: donationId, status: 'refunded', razorpayPaymentId: null };
  if (await wasRefundedEarly(em, orderId, paymentId)) {
    await em
      .transactional((tx) => tx.nativeUpdate(Donation, early, { razorpayPaymentId: paymentId }))
      .catch((error) => {
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
      });
    return 'not_payable';
  }
  return (await payIf(em, early, paymentId, signature)) ?? markPaid(em, donationId, paymentId, signature);
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
 * A full refund. Usually of the payment that paid a donation. But events arrive out of order, and
 * an order can be paid twice (Razorpay refunds the duplicate by itself), so a refund of a payment
 * not recorded yet cannot tell whether that payment is the one paying the order. It marks the
 * order's unpaid donation refunded without recording the payment: a later capture of that same
 * payment keeps it refunded, a capture of any other payment pays it (see markPaid).
 */
export async function markRefunded(em: EntityManager, paymentId: string, orderId?: string | null): Promise<boolean> {
  const refunded = await em.nativeUpdate(
    Donation,
    { razorpayPaymentId: paymentId, status: 'paid' },
    { status: 'refunded' },
  );
  if (refunded === 1 || !orderId) return refunded === 1;
  const early = await em.nativeUpdate(
    Donation,
    { razorpayOrderId: orderId, donationType: 'one-time', razorpayPaymentId: null, status: { $in: PAYABLE } },
    { status: 'refunded' },
  );
  return early === 1;
}

/**
 * A verified first payment ends the subscription's set-up. Only set-up: once Razorpay has reported
 * it running (pending, halted, …), its webhooks and reconciliation are the word, not a replayed verify.
 */
const IN_SET_UP = ['created', 'authenticated'];

export async function activateSubscription(em: EntityManager, subscriptionId: number): Promise<void> {
  await em.nativeUpdate(Subscription, { id: subscriptionId, status: { $in: IN_SET_UP } }, { status: 'active' });
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
      amount: original.amount,
      donationType: 'monthly',
      purpose: original.purpose,
      razorpayPaymentId: paymentId,
      status: 'paid',
      subscriptionId: subscription.id,
    })
    .onConflict('razorpayPaymentId')
    .ignore()
    .execute('run');
  return inserted.affectedRows === 1 ? 'charge_recorded' : 'already_recorded';
}
