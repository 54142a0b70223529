import { EmulatorNotFoundError, EmulatorStateError, hmacHex, newPayment, type Payer } from './entities';
import { chargeCycle, cycleAmount, payableSubscription, recordPayment } from './ledger';
import type { SandboxTransaction } from './store';

/**
 * The donor's side of the checkout modal: Pay and Fail on an order or a subscription, and the
 * amount the modal shows. Pay answers what Razorpay's checkout hands to `handler`, signed with
 * the key secret as Razorpay signs it; Fail what it passes to `payment.failed`.
 */

export type PaymentTarget = { orderId: string } | { subscriptionId: string };

export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_signature: string;
  razorpay_order_id?: string;
  razorpay_subscription_id?: string;
}

export interface CheckoutFailure {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: { payment_id: string; order_id?: string; subscription_id?: string };
  };
}

/** One try at paying the target, captured or failed. */
async function attempt(tx: SandboxTransaction, target: PaymentTarget, payer: Payer, failed: boolean) {
  if ('subscriptionId' in target) {
    return chargeCycle(tx, await payableSubscription(tx, target.subscriptionId), payer, failed);
  }
  const order = await tx.find('order', target.orderId, 'lock');
  if (!order) throw new EmulatorNotFoundError('order', target.orderId);
  if (order.status === 'paid') throw new EmulatorStateError(`Order ${order.id} is already paid`);
  const payment = newPayment(order.amount, { order_id: order.id, invoice_id: null, notes: order.notes }, payer, failed);
  return { payment, events: await recordPayment(tx, payment, { order }) };
}

export async function completePayment(tx: SandboxTransaction, keySecret: string, target: PaymentTarget, payer: Payer) {
  const { payment, events } = await attempt(tx, target, payer, false);
  const answer: CheckoutSuccess =
    'orderId' in target
      ? {
          razorpay_payment_id: payment.id,
          razorpay_order_id: target.orderId,
          razorpay_signature: hmacHex(`${target.orderId}|${payment.id}`, keySecret),
        }
      : {
          razorpay_payment_id: payment.id,
          razorpay_subscription_id: target.subscriptionId,
          razorpay_signature: hmacHex(`${payment.id}|${target.subscriptionId}`, keySecret),
        };
  return { answer, events };
}

export async function failPayment(tx: SandboxTransaction, target: PaymentTarget, payer: Payer) {
  const { payment, events } = await attempt(tx, target, payer, true);
  const on = 'orderId' in target ? { order_id: target.orderId } : { subscription_id: target.subscriptionId };
  const answer: CheckoutFailure = {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment failed',
      source: 'customer',
      step: 'payment_authorization',
      reason: 'payment_failed',
      metadata: { payment_id: payment.id, ...on },
    },
  };
  return { answer, events };
}

/** What the checkout modal shows: an order's amount, or a subscription's cycle. */
export async function describe(tx: SandboxTransaction, target: PaymentTarget) {
  if ('orderId' in target) {
    const order = await tx.find('order', target.orderId);
    if (!order) throw new EmulatorNotFoundError('order', target.orderId);
    return { amount: order.amount, currency: 'INR' };
  }
  const subscription = await tx.find('subscription', target.subscriptionId);
  if (!subscription) throw new EmulatorNotFoundError('subscription', target.subscriptionId);
  return { amount: await cycleAmount(tx, subscription), currency: 'INR' };
}
