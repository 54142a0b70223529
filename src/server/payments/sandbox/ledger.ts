import {
  addMonths,
  EmulatorNotFoundError,
  EmulatorStateError,
  type OrderEntity,
  type PaymentEntity,
  type RefundEntity,
  razorpayId,
  type SubscriptionEntity,
  unixNow,
} from './entities';
import type { SandboxTransaction } from './store';

/**
 * Where money moves in the emulator: a payment lands on its order and subscription, a cycle is
 * charged through its own invoice and order, a payment is refunded. Each returns the webhook
 * events Razorpay would send, in its order, each entity as it was at that step; the caller sends
 * them once the transaction has committed.
 */

export type EmulatorEventName =
  | 'payment.authorized'
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'subscription.authenticated'
  | 'subscription.activated'
  | 'subscription.charged'
  | 'subscription.completed'
  | 'subscription.cancelled'
  | 'refund.created'
  | 'refund.processed';

export interface EmulatorEvent {
  event: EmulatorEventName;
  payload: {
    subscription?: { entity: SubscriptionEntity };
    refund?: { entity: RefundEntity };
    payment?: { entity: PaymentEntity };
    order?: { entity: OrderEntity };
  };
  created_at: number;
}

/** Who paid, as the checkout form collected it; Razorpay's test placeholders when not given. */
export interface Payer {
  email?: string;
  contact?: string;
}

type Snapshot = {
  subscription?: SubscriptionEntity;
  refund?: RefundEntity;
  payment?: PaymentEntity;
  order?: OrderEntity;
};

export function event(name: EmulatorEventName, entities: Snapshot): EmulatorEvent {
  const payload = Object.fromEntries(
    Object.entries(entities).map(([key, value]) => [key, { entity: structuredClone(value) }]),
  );
  return { event: name, payload, created_at: unixNow() };
}

export function newOrder(amount: number, receipt: string | null, notes: OrderEntity['notes']): OrderEntity {
  const created_at = unixNow();
  const id = razorpayId('order');
  return {
    id,
    entity: 'order',
    amount,
    amount_paid: 0,
    amount_due: amount,
    currency: 'INR',
    receipt,
    status: 'created',
    attempts: 0,
    notes,
    created_at,
  };
}

export function newPayment(
  amount: number,
  links: { orderId: string | null; invoiceId?: string; notes: PaymentEntity['notes'] },
  payer: Payer,
  failed = false,
): PaymentEntity {
  return {
    id: razorpayId('pay'),
    entity: 'payment',
    amount,
    currency: 'INR',
    status: failed ? 'failed' : 'captured',
    captured: !failed,
    order_id: links.orderId,
    invoice_id: links.invoiceId ?? null,
    method: 'upi',
    amount_refunded: 0,
    refund_status: null,
    email: payer.email || 'void@razorpay.com',
    contact: payer.contact || '+919000090000',
    notes: links.notes,
    error_code: failed ? 'BAD_REQUEST_ERROR' : null,
    error_description: failed ? 'Payment failed' : null,
    created_at: unixNow(),
  };
}

/** The one place a payment lands: stored, applied to its order and subscription, and its events. */
export async function recordPayment(
  tx: SandboxTransaction,
  payment: PaymentEntity,
  related: { order?: OrderEntity; subscription?: SubscriptionEntity },
): Promise<EmulatorEvent[]> {
  const { order, subscription } = related;
  const captured = payment.status === 'captured';
  await tx.save(payment);
  if (order) {
    order.attempts += 1;
    if (captured) Object.assign(order, { amount_paid: order.amount, amount_due: 0, status: 'paid' });
    else if (order.status === 'created') order.status = 'attempted';
    await tx.save(order);
  }
  if (!captured) return [event('payment.failed', { payment })];
  const authorized = { ...payment, status: 'authorized' as const, captured: false };
  if (!subscription) {
    const events = [event('payment.authorized', { payment: authorized }), event('payment.captured', { payment })];
    if (order) events.push(event('order.paid', { payment, order }));
    return events;
  }

  const events: EmulatorEvent[] = [];
  const first = subscription.paid_count === 0;
  if (first) {
    // The first payment authenticates the subscription (the UPI mandate), then pays the first cycle.
    subscription.status = 'authenticated';
    events.push(
      event('subscription.authenticated', { subscription }),
      event('payment.authorized', { payment: authorized }),
    );
  }
  events.push(event('payment.captured', { payment }));
  const start = first ? payment.created_at : (subscription.current_end ?? payment.created_at);
  subscription.current_start = start;
  subscription.current_end = addMonths(start, 1);
  subscription.charge_at = subscription.current_end;
  subscription.paid_count += 1;
  subscription.remaining_count = subscription.total_count - subscription.paid_count;
  subscription.status = 'active';
  if (order && payment.invoice_id) {
    const { id: payment_id, amount } = payment;
    const billing = { billing_start: start, billing_end: subscription.current_end };
    await tx.save({
      id: payment.invoice_id,
      entity: 'invoice',
      subscription_id: subscription.id,
      order_id: order.id,
      payment_id,
      status: 'paid',
      amount,
      currency: 'INR',
      ...billing,
      created_at: payment.created_at,
    });
  }
  if (first) events.push(event('subscription.activated', { subscription, payment }));
  events.push(event('subscription.charged', { subscription, payment }));
  if (subscription.remaining_count <= 0) {
    Object.assign(subscription, { status: 'completed', ended_at: payment.created_at, charge_at: null });
    events.push(event('subscription.completed', { subscription, payment }));
  }
  await tx.save(subscription);
  return events;
}

/** What one cycle of the subscription costs: its plan's amount. */
export async function cycleAmount(tx: SandboxTransaction, subscription: SubscriptionEntity): Promise<number> {
  const plan = await tx.find('plan', subscription.plan_id);
  if (!plan) throw new EmulatorNotFoundError('plan', subscription.plan_id);
  return plan.item.amount;
}

/** A cycle's charge: Razorpay bills it through an invoice with its own order; the payment points at both. */
export async function chargeCycle(
  tx: SandboxTransaction,
  subscription: SubscriptionEntity,
  payer: Payer,
): Promise<{ payment: PaymentEntity; events: EmulatorEvent[] }> {
  const amount = await cycleAmount(tx, subscription);
  const order = newOrder(amount, null, []);
  const payment = newPayment(
    amount,
    { orderId: order.id, invoiceId: razorpayId('inv'), notes: subscription.notes },
    payer,
  );
  return { payment, events: await recordPayment(tx, payment, { order, subscription }) };
}

/** Refunds what is left of a captured payment, or `amount` paise of it; the sandbox's bank settles at once. */
export async function refund(
  tx: SandboxTransaction,
  paymentId: string,
  amount: number | undefined,
): Promise<{ refund: RefundEntity; events: EmulatorEvent[] }> {
  const payment = await tx.find('payment', paymentId, 'lock');
  if (!payment) throw new EmulatorNotFoundError('payment', paymentId);
  if (payment.status === 'refunded') throw new EmulatorStateError(`Payment ${payment.id} is already fully refunded`);
  if (payment.status !== 'captured') throw new EmulatorStateError(`Payment ${payment.id} is ${payment.status}`);
  const refundable = payment.amount - payment.amount_refunded;
  const value = amount ?? refundable;
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError('The refund amount must be a positive whole number of paise');
  if (value > refundable)
    throw new EmulatorStateError(`Payment ${payment.id} has only ${refundable} paise left to refund`);
  payment.amount_refunded += value;
  const full = payment.amount_refunded >= payment.amount;
  payment.refund_status = full ? 'full' : 'partial';
  if (full) payment.status = 'refunded';
  const pending: RefundEntity = {
    id: razorpayId('rfnd'),
    entity: 'refund',
    payment_id: payment.id,
    amount: value,
    currency: 'INR',
    status: 'pending',
    created_at: unixNow(),
  };
  const processed: RefundEntity = { ...pending, status: 'processed' };
  await tx.save(payment);
  await tx.save(processed);
  const events = [
    event('refund.created', { refund: pending, payment }),
    event('refund.processed', { refund: processed, payment }),
  ];
  return { refund: processed, events };
}
