import { type EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import type { DonationStatus, VerifyPaymentInput, VerifyPaymentOutput } from '../../shared/donation.schema';
import type { PaymentsContext } from '../payments/payments';
import { isValidOrderPayment, isValidSubscriptionPayment } from '../payments/signatures';
import { Donation } from './donation.entity';
import { DonationError } from './donation-errors';
import { Subscription } from './subscription.entity';

/** Statuses a successful payment may settle: a retry after a failure, or a late payment. */
const PAYABLE: DonationStatus[] = ['pending', 'failed', 'expired'];
/** Subscription statuses that the first verified payment turns into 'active'. */
const AWAITING_FIRST_PAYMENT = ['created', 'authenticated', 'pending'];

/**
 * Checks the checkout's signature against the order or subscription id stored on the donation
 * (never the id the browser sends) and settles the donation. Safe to repeat and to race: the
 * status change is one conditional UPDATE, and a repeat of the same payment answers success.
 */
export async function verifyPayment(ctx: PaymentsContext, input: VerifyPaymentInput): Promise<VerifyPaymentOutput> {
  const em = ctx.orm.em.fork();
  const donation = await em.findOne(Donation, input.donation_id);
  if (!donation) throw new DonationError('NOT_FOUND', `Donation ${input.donation_id} was not found.`);

  const subscription = await checkSignature(em, ctx.keySecret, donation, input);
  const paymentId = input.razorpay_payment_id;

  if (donation.status === 'paid') return alreadyPaid(em, donation, paymentId, subscription);
  if (!PAYABLE.includes(donation.status as DonationStatus)) {
    throw new DonationError('CONFLICT', `Donation ${donation.id} is ${donation.status} and cannot be paid.`);
  }

  let updated: number;
  try {
    updated = await em.nativeUpdate(
      Donation,
      { id: donation.id, status: { $in: PAYABLE } },
      { status: 'paid', razorpayPaymentId: paymentId, razorpaySignature: input.razorpay_signature },
    );
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new DonationError('CONFLICT', `Payment ${paymentId} is already recorded on another donation.`);
    }
    throw error;
  }
  if (updated === 0) {
    // Another request settled it between our read and our update: answer as for a repeat.
    const current = await em.fork().findOneOrFail(Donation, donation.id);
    return alreadyPaid(em, current, paymentId, subscription);
  }
  await activate(em, subscription);
  return { success: true, donation: { id: donation.id, status: 'paid' } };
}

async function checkSignature(
  em: EntityManager,
  keySecret: string,
  donation: Donation,
  input: VerifyPaymentInput,
): Promise<Subscription | undefined> {
  const claimsMonthly = !input.razorpay_order_id && Boolean(input.razorpay_subscription_id ?? input.subscription_id);
  const { razorpay_payment_id: paymentId, razorpay_signature: signature } = input;

  if (donation.donationType === 'one-time') {
    if (claimsMonthly) {
      throw new DonationError(
        'CONFLICT',
        `Donation ${donation.id} is a one-time donation: verify it with razorpay_order_id, not a subscription.`,
      );
    }
    if (!donation.razorpayOrderId) {
      throw new DonationError('CONFLICT', `Donation ${donation.id} has no Razorpay order to pay.`);
    }
    if (!isValidOrderPayment(donation.razorpayOrderId, paymentId, signature, keySecret)) throw invalidSignature();
    return undefined;
  }

  if (!claimsMonthly) {
    throw new DonationError(
      'CONFLICT',
      `Donation ${donation.id} is a monthly donation: verify it with razorpay_subscription_id, not an order.`,
    );
  }
  const subscription = await em.findOne(Subscription, { donation: donation.id });
  if (!subscription?.razorpaySubscriptionId) {
    throw new DonationError('CONFLICT', `Donation ${donation.id} has no Razorpay subscription to pay.`);
  }
  if (!isValidSubscriptionPayment(paymentId, subscription.razorpaySubscriptionId, signature, keySecret)) {
    throw invalidSignature();
  }
  return subscription;
}

function invalidSignature(): DonationError {
  return new DonationError('BAD_REQUEST', 'The payment signature is not valid for this donation.');
}

async function alreadyPaid(
  em: EntityManager,
  donation: Donation,
  paymentId: string,
  subscription: Subscription | undefined,
): Promise<VerifyPaymentOutput> {
  if (donation.status !== 'paid' || donation.razorpayPaymentId !== paymentId) {
    throw new DonationError('CONFLICT', `Donation ${donation.id} is ${donation.status} with another payment.`);
  }
  // Repeating the same success is harmless; it also completes an activation a crash interrupted.
  await activate(em, subscription);
  return { success: true, donation: { id: donation.id, status: 'paid' } };
}

async function activate(em: EntityManager, subscription: Subscription | undefined): Promise<void> {
  if (!subscription) return;
  await em.nativeUpdate(
    Subscription,
    { id: subscription.id, status: { $in: AWAITING_FIRST_PAYMENT } },
    { status: 'active' },
  );
}
