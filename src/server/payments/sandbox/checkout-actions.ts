import { EmulatorNotFoundError, EmulatorStateError, hmacHex, type SubscriptionEntity } from './entities';
import { chargeCycle, cycleAmount, type EmulatorEvent, newPayment, type Payer, recordPayment } from './ledger';
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

type Outcome<T> = { answer: T; events: EmulatorEvent[] };

async function payableOrder(tx: SandboxTransaction, orderId: string) {
  const order = await tx.find('order', orderId, 'lock');
  if (!order) throw new EmulatorNotFoundError('order', orderId);
  if (order.status === 'paid') throw new EmulatorStateError(`Order ${order.id} is already paid`);
  return order;
}

async function payableSubscription(tx: SandboxTransaction, subscriptionId: string): Promise<SubscriptionEntity> {
  const subscription = await tx.find('subscription', subscriptionId, 'lock');
  if (!subscription) throw new EmulatorNotFoundError('subscription', subscriptionId);
  if (['cancelled', 'completed'].includes(subscription.status)) {
    throw new EmulatorStateError(`Subscription ${subscription.id} is ${subscription.status}`);
  }
  return subscription;
}

export async function completePayment(
  tx: SandboxTransaction,
  keySecret: string,
  target: PaymentTarget,
  payer: Payer,
): Promise<Outcome<CheckoutSuccess>> {
  if ('orderId' in target) {
    const order = await payableOrder(tx, target.orderId);
    const payment = newPayment(order.amount, { orderId: order.id, notes: order.notes }, payer);
    const events = await recordPayment(tx, payment, { order });
    const razorpay_signature = hmacHex(`${order.id}|${payment.id}`, keySecret);
    return { answer: { razorpay_payment_id: payment.id, razorpay_order_id: order.id, razorpay_signature }, events };
  }
  const subscription = await payableSubscription(tx, target.subscriptionId);
  const { payment, events } = await chargeCycle(tx, subscription, payer);
  const razorpay_signature = hmacHex(`${payment.id}|${subscription.id}`, keySecret);
  return {
    answer: { razorpay_payment_id: payment.id, razorpay_subscription_id: subscription.id, razorpay_signature },
    events,
  };
}

export async function failPayment(
  tx: SandboxTransaction,
  target: PaymentTarget,
  payer: Payer,
): Promise<Outcome<CheckoutFailure>> {
  const failure = {
    code: 'BAD_REQUEST_ERROR',
    description: 'Payment failed',
    source: 'customer',
    step: 'payment_authorization',
    reason: 'payment_failed',
  };
  if ('orderId' in target) {
    const order = await payableOrder(tx, target.orderId);
    const payment = newPayment(order.amount, { orderId: order.id, notes: order.notes }, payer, true);
    const events = await recordPayment(tx, payment, { order });
    return { answer: { error: { ...failure, metadata: { payment_id: payment.id, order_id: order.id } } }, events };
  }
  const subscription = await payableSubscription(tx, target.subscriptionId);
  const amount = await cycleAmount(tx, subscription);
  const payment = newPayment(amount, { orderId: null, notes: subscription.notes }, payer, true);
  const events = await recordPayment(tx, payment, { subscription });
  const metadata = { payment_id: payment.id, subscription_id: subscription.id };
  return { answer: { error: { ...failure, metadata } }, events };
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
