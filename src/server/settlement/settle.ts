import { type EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import type { DonationStatus } from '../../shared/donation.schema';
import { Donation } from '../donations/donation.entity';
import { Subscription } from '../donations/subscription.entity';

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
  try {
    // A savepoint inside a webhook's transaction: a duplicate payment id must not abort it.
    const updated = await em.transactional((tx) =>
      tx.nativeUpdate(
        Donation,
        { id: donationId, status: { $in: PAYABLE } },
        { status: 'paid', razorpayPaymentId: paymentId, razorpaySignature: signature },
      ),
    );
    if (updated === 1) return 'paid';
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    return 'paid_by_another_payment';
  }
  // Someone else settled it first. Read what they wrote past the identity map (which may still
  // hold the row as it was before the race), within the caller's transaction if any.
  const current = await em
    .createQueryBuilder(Donation)
    .select(['status', 'razorpayPaymentId'])
    .where({ id: donationId })
    .execute('get');
  if (current?.status !== 'paid') return 'not_payable';
  return current.razorpayPaymentId === paymentId ? 'already_paid' : 'paid_by_another_payment';
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
 * (a late capture or verify then finds it refunded and cannot mark it paid).
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

/** Subscription statuses the first verified payment turns into 'active'. */
const AWAITING_FIRST_PAYMENT = ['created', 'authenticated', 'pending'];

export async function activateSubscription(em: EntityManager, subscriptionId: number): Promise<void> {
  await em.nativeUpdate(
    Subscription,
    { id: subscriptionId, status: { $in: AWAITING_FIRST_PAYMENT } },
    { status: 'active' },
  );
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
