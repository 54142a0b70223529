import {
  EmulatorNotFoundError,
  EmulatorStateError,
  newInvoice,
  newOrder,
  newPayment,
  newRefund,
  nextMonth,
  type OrderEntity,
  type Payer,
  type PaymentEntity,
  publicSubscription,
  type RefundEntity,
  razorpayId,
  type SettlementEntity,
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

interface Snapshot {
  subscription?: SubscriptionEntity;
  refund?: RefundEntity;
  payment?: PaymentEntity;
  order?: OrderEntity;
  settlement?: SettlementEntity;
}

export interface EmulatorEvent {
  event: string;
  payload: { [K in keyof Snapshot]?: { entity: NonNullable<Snapshot[K]> } };
  created_at: number;
}

export function event(name: string, entities: Snapshot): EmulatorEvent {
  const shown = entities.subscription
    ? { ...entities, subscription: publicSubscription(entities.subscription) }
    : entities;
  const payload = Object.fromEntries(
    Object.entries(shown).map(([key, value]) => [key, { entity: structuredClone(value) }]),
  );
  return { event: name, payload, created_at: unixNow() };
}

/** The one place a payment lands: stored, applied to its order and subscription, and its events. */
export async function recordPayment(
  tx: SandboxTransaction,
  payment: PaymentEntity,
  { order, subscription }: { order?: OrderEntity; subscription?: SubscriptionEntity },
): Promise<EmulatorEvent[]> {
  const captured = payment.status === 'captured';
  await tx.save(payment);
  if (order) {
    order.attempts += 1;
    if (captured) Object.assign(order, { amount_paid: order.amount, amount_due: 0, status: 'paid' });
    else if (order.status === 'created') order.status = 'attempted';
    await tx.save(order);
  }
  if (!captured) return [event('payment.failed', { payment })];
  const authorized = event('payment.authorized', { payment: { ...payment, status: 'authorized', captured: false } });
  if (!subscription) {
    const events = [authorized, event('payment.captured', { payment })];
    return order ? [...events, event('order.paid', { payment, order })] : events;
  }

  const first = subscription.paid_count === 0;
  // A retry that pays a pending subscription makes it active again, as Razorpay reports it.
  const recovering = subscription.status === 'pending';
  // The first payment authenticates the subscription (the UPI mandate), then pays the first cycle.
  if (first) Object.assign(subscription, { status: 'authenticated', payment_method: payment.method });
  const events = first ? [event('subscription.authenticated', { subscription }), authorized] : [];
  events.push(event('payment.captured', { payment }));
  const start = first ? payment.created_at : (subscription.current_end ?? payment.created_at);
  Object.assign(subscription, { current_start: start, current_end: nextMonth(start), status: 'active' });
  subscription.charge_at = subscription.current_end;
  subscription.paid_count += 1;
  subscription.remaining_count = subscription.total_count - subscription.paid_count;
  if (payment.invoice_id) await tx.save(newInvoice(subscription.id, payment, start, nextMonth(start)));
  if (first || recovering) events.push(event('subscription.activated', { subscription, payment }));
  events.push(event('subscription.charged', { subscription, payment }));
  if (subscription.remaining_count <= 0) {
    Object.assign(subscription, { status: 'completed', ended_at: payment.created_at, charge_at: null });
    events.push(event('subscription.completed', { subscription, payment }));
  }
  await tx.save(subscription);
  return events;
}

/** The subscription, locked, if it can still be paid for. */
export async function payableSubscription(tx: SandboxTransaction, id: string): Promise<SubscriptionEntity> {
  const subscription = await tx.find('subscription', id, 'lock');
  if (!subscription) throw new EmulatorNotFoundError('subscription', id);
  if (['cancelled', 'completed'].includes(subscription.status)) {
    throw new EmulatorStateError(`Subscription ${id} is ${subscription.status}`);
  }
  return subscription;
}

/** What one cycle of the subscription costs: its plan's amount times its quantity. */
export async function cycleAmount(tx: SandboxTransaction, subscription: SubscriptionEntity): Promise<number> {
  const plan = await tx.find('plan', subscription.plan_id);
  if (!plan) throw new EmulatorNotFoundError('plan', subscription.plan_id);
  return plan.item.amount * (subscription.quantity ?? 1);
}

/**
 * A new cycle begins: a plan or quantity scheduled for the cycle's end takes effect first (and
 * Razorpay tells of it with `subscription.updated`). A scheduled cancellation is not applied here
 * (dev-controls.ts ends the subscription instead of charging it).
 */
export function applyScheduledUpdate(subscription: SubscriptionEntity): EmulatorEvent[] {
  const scheduled = subscription.scheduled;
  if (!scheduled || scheduled.cancel) return [];
  Object.assign(subscription, {
    plan_id: scheduled.plan_id ?? subscription.plan_id,
    quantity: scheduled.quantity ?? subscription.quantity,
    scheduled: null,
    has_scheduled_changes: false,
    change_scheduled_at: null,
  });
  return [event('subscription.updated', { subscription })];
}

/** A cycle's charge (or a failed try): billed through an invoice with its own order, as Razorpay does. */
export async function chargeCycle(
  tx: SandboxTransaction,
  subscription: SubscriptionEntity,
  payer: Payer,
  failed = false,
) {
  const updated = subscription.paid_count > 0 ? applyScheduledUpdate(subscription) : [];
  const amount = await cycleAmount(tx, subscription);
  const order = failed ? undefined : newOrder(amount, null, []);
  const links = {
    order_id: order?.id ?? null,
    invoice_id: order ? razorpayId('inv') : null,
    notes: subscription.notes,
  };
  // A mandate's later charges are made the way it was set up.
  const payment = newPayment(amount, links, { ...payer, method: subscription.payment_method ?? payer.method }, failed);
  return { payment, events: [...updated, ...(await recordPayment(tx, payment, { order, subscription }))] };
}

/** Refunds what is left of a captured payment, or `amount` paise of it; the sandbox's bank settles at once. */
export async function refund(tx: SandboxTransaction, paymentId: string, amount: number | undefined) {
  const payment = await tx.find('payment', paymentId, 'lock');
  if (!payment) throw new EmulatorNotFoundError('payment', paymentId);
  if (payment.status === 'refunded') throw new EmulatorStateError(`Payment ${paymentId} is already fully refunded`);
  if (payment.status !== 'captured') throw new EmulatorStateError(`Payment ${paymentId} is ${payment.status}`);
  const refundable = payment.amount - payment.amount_refunded;
  const value = amount ?? refundable;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError('The refund amount must be a positive whole number of paise');
  }
  if (value > refundable)
    throw new EmulatorStateError(`Payment ${paymentId} has only ${refundable} paise left to refund`);
  payment.amount_refunded += value;
  const full = payment.amount_refunded >= payment.amount;
  payment.refund_status = full ? 'full' : 'partial';
  if (full) payment.status = 'refunded';
  const pending = newRefund(paymentId, value);
  const processed: RefundEntity = { ...pending, status: 'processed' };
  await tx.save(payment);
  await tx.save(processed);
  const events = [
    event('refund.created', { refund: pending, payment }),
    event('refund.processed', { refund: processed, payment }),
  ];
  return { answer: processed, events };
}
