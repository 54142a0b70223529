import type { EntityManager } from '@mikro-orm/postgresql';
import type { VerifyPaymentInput, VerifyPaymentOutput } from '../../shared/donation.schema';
import { DomainError } from '../domain-error';
import { isValidOrderPayment, isValidSubscriptionPayment } from '../payments/signatures';
import { acknowledgePayment, type DonorNotices } from '../settlement/donor-notices';
import { markPaid } from '../settlement/settle';
import { activateSubscription } from '../settlement/subscription-status';
import { Donation } from './donation.entity';
import { Subscription } from './subscription.entity';

/**
 * Checks the checkout's signature against the order or subscription id stored on the donation
 * (never the id the browser sends) and settles the donation. Safe to repeat and to race: the
 * status change is one conditional UPDATE, and a repeat of the same payment answers success.
 */
export async function verifyPayment(
  { em, keySecret, notices }: { em: EntityManager; keySecret: string; notices: DonorNotices },
  input: VerifyPaymentInput,
): Promise<VerifyPaymentOutput> {
  const donation = await em.findOne(Donation, input.donation_id);
  if (!donation) throw new DomainError('NOT_FOUND', `Donation ${input.donation_id} was not found.`);

  const subscription = await checkSignature(em, keySecret, donation, input);

  // One transaction records the payment, issues its receipt and queues its mail: all or nothing.
  const receipt = await em.transactional(async (tx) => {
    // The subscription's row first, as the webhooks lock it before the donation: no deadlock.
    // Activation is repeated too, in case a crash interrupted it; a refusal below rolls it back.
    if (subscription) await activateSubscription(tx, subscription.id);
    const outcome = await markPaid(tx, donation.id, input.razorpay_payment_id, input.razorpay_signature);
    if (outcome === 'paid_by_another_payment') {
      throw new DomainError(
        'CONFLICT',
        `Donation ${donation.id} is already paid, or this payment paid another donation.`,
      );
    }
    if (outcome === 'not_payable') {
      const current = await tx.findOneOrFail(Donation, donation.id, { refresh: true });
      throw new DomainError('CONFLICT', `Donation ${donation.id} is ${current.status} and cannot be paid.`);
    }
    // Paid now, or by an earlier repeat of this same success (a replay, a racing request or the
    // webhook): harmless either way, and its receipt is the one already issued.
    return acknowledgePayment(tx, notices, input.razorpay_payment_id);
  });
  return {
    success: true,
    donation: { id: donation.id, status: 'paid' },
    receipt: receipt && { number: receipt.number, downloadUrl: notices.receiptUrl(receipt.id) },
  };
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
      throw new DomainError(
        'CONFLICT',
        `Donation ${donation.id} is a one-time donation: verify it with razorpay_order_id, not a subscription.`,
      );
    }
    if (!donation.razorpayOrderId) {
      throw new DomainError('CONFLICT', `Donation ${donation.id} has no Razorpay order to pay.`);
    }
    if (!isValidOrderPayment(donation.razorpayOrderId, paymentId, signature, keySecret)) throw invalidSignature();
    return undefined;
  }

  if (!claimsMonthly) {
    throw new DomainError(
      'CONFLICT',
      `Donation ${donation.id} is a monthly donation: verify it with razorpay_subscription_id, not an order.`,
    );
  }
  const subscription = await em.findOne(Subscription, { donation: donation.id });
  if (!subscription?.razorpaySubscriptionId) {
    throw new DomainError('CONFLICT', `Donation ${donation.id} has no Razorpay subscription to pay.`);
  }
  if (!isValidSubscriptionPayment(paymentId, subscription.razorpaySubscriptionId, signature, keySecret)) {
    throw invalidSignature();
  }
  return subscription;
}

function invalidSignature(): DomainError {
  return new DomainError('BAD_REQUEST', 'The payment signature is not valid for this donation.');
}
