import type { EntityManager } from '@mikro-orm/postgresql';
import type { VerifyPaymentInput, VerifyPaymentOutput } from '../../../shared/donation.schema';
import { DomainError } from '../../platform/core/domain-error';
import { Donation } from '../donations/donation.entity';
import { Subscription } from '../donations/subscription.entity';
import type { PaymentGateway } from '../payments/gateway';
import { isValidOrderPayment, isValidSubscriptionPayment } from '../payments/signatures';
import type { DonorLinks } from './donor-notices';
import { PAID_AFTER_ERASURE, refundPaymentsAfterErasure } from './paid-after-erasure';
import { recordVerifiedPayment } from './record-events';

/**
 * The browser's verify call: checks the checkout's signature against the order or subscription id
 * stored on the donation (never the id the browser sends), then records the payment as the
 * webhooks and reconciliation do (record-events.ts). Safe to repeat and to race: the status change
 * is one conditional UPDATE, and a repeat of the same payment answers success.
 */
export async function verifyPayment(
  {
    em,
    keySecret,
    donorLinks,
    gateway,
  }: { em: EntityManager; keySecret: string; donorLinks: DonorLinks; gateway: Pick<PaymentGateway, 'refundPayment'> },
  input: VerifyPaymentInput,
): Promise<VerifyPaymentOutput> {
  const donation = await em.findOne(Donation, input.donation_id);
  if (!donation) throw new DomainError('NOT_FOUND', `Donation ${input.donation_id} was not found.`);

  const subscription = await checkSignature(em, keySecret, donation, input);

  const receipt = await recordVerifiedPayment(em, donorLinks, {
    donationId: donation.id,
    subscriptionId: subscription?.id ?? null,
    paymentId: input.razorpay_payment_id,
    signature: input.razorpay_signature,
  });
  if (receipt === PAID_AFTER_ERASURE) {
    // Held for a refund (recorded before this answer): refunded now; if Razorpay cannot be reached,
    // by the next reconciliation pass.
    await refundPaymentsAfterErasure(em, gateway, input.razorpay_payment_id);
    throw new DomainError(
      'CONFLICT',
      `Donation ${donation.id} can no longer be paid: its donor's details were erased at their request. The payment is refunded in full and no receipt is issued.`,
    );
  }
  return {
    success: true,
    donation: { id: donation.id, status: 'paid' },
    receipt: receipt && { number: receipt.number, downloadUrl: donorLinks.receiptUrl(receipt.id, receipt.issuedAt) },
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
