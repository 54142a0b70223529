import { createHmac, randomInt } from 'node:crypto';
import {
  type Notes,
  RazorpayApiError,
  type RazorpayCollection,
  type RazorpayOrderEntity,
  type RazorpayPaymentEntity,
  type RazorpayPlanEntity,
  type RazorpaySubscriptionEntity,
  type SubscriptionStatus,
} from './entities';
import { maxTotalCount, parseOrder, parsePlan, parseSubscription } from './validation';

/**
 * The emulator's memory: Razorpay's orders, plans, subscriptions and payments, and what a donor's
 * checkout does to them. Everything a payment changes goes through `recordPayment`, which also
 * tells the event listeners, so webhooks can be delivered from one place.
 */

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

export type PaymentTarget = { orderId: string } | { subscriptionId: string };

/** Who paid, as the checkout form collected it; Razorpay's placeholders when not given. */
export interface Payer {
  email?: string;
  contact?: string;
}

/** A Razorpay webhook event name with its payload, shaped as Razorpay's webhook bodies. */
export interface EmulatorEvent {
  event:
    | 'payment.captured'
    | 'payment.failed'
    | 'order.paid'
    | 'subscription.activated'
    | 'subscription.charged'
    | 'subscription.completed';
  payload: {
    payment?: { entity: RazorpayPaymentEntity };
    order?: { entity: RazorpayOrderEntity };
    subscription?: { entity: RazorpaySubscriptionEntity };
  };
  created_at: number;
}

export type EmulatorEventListener = (event: EmulatorEvent) => void;

/** No order or subscription with that id. */
export class EmulatorNotFoundError extends Error {
  constructor(kind: string, id: string) {
    super(`No ${kind} with id ${id}`);
    this.name = 'EmulatorNotFoundError';
  }
}

/** The order or subscription cannot take a payment any more (paid, completed, cancelled…). */
export class EmulatorStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmulatorStateError';
  }
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Razorpay-shaped id: the prefix, an underscore and 14 random base62 characters. */
export function razorpayId(prefix: string): string {
  let id = `${prefix}_`;
  for (let i = 0; i < 14; i++) id += BASE62[randomInt(BASE62.length)];
  return id;
}

export function hmacHex(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

const unixNow = (): number => Math.floor(Date.now() / 1000);

function toNotes(notes: Record<string, string | number>): Notes {
  return Object.keys(notes).length === 0 ? [] : { ...notes };
}

function digits(count: number): string {
  let result = '';
  for (let i = 0; i < count; i++) result += String(randomInt(10));
  return result;
}

/** `time` moved on by `count` billing cycles of the plan (calendar months and years, like Razorpay). */
function addCycles(time: number, plan: RazorpayPlanEntity, count: number): number {
  const date = new Date(time * 1000);
  const steps = plan.interval * count;
  if (plan.period === 'daily') date.setUTCDate(date.getUTCDate() + steps);
  if (plan.period === 'weekly') date.setUTCDate(date.getUTCDate() + 7 * steps);
  if (plan.period === 'monthly') date.setUTCMonth(date.getUTCMonth() + steps);
  if (plan.period === 'yearly') date.setUTCFullYear(date.getUTCFullYear() + steps);
  return Math.floor(date.getTime() / 1000);
}

const PAYABLE_SUBSCRIPTION: readonly SubscriptionStatus[] = ['created', 'authenticated', 'active', 'pending', 'halted'];

export class EmulatorState {
  private readonly orders = new Map<string, RazorpayOrderEntity>();
  private readonly plans = new Map<string, RazorpayPlanEntity>();
  private readonly subscriptions = new Map<string, RazorpaySubscriptionEntity>();
  private readonly payments = new Map<string, RazorpayPaymentEntity>();
  private readonly paymentsOfOrder = new Map<string, string[]>();
  private readonly listeners = new Set<EmulatorEventListener>();

  constructor(private readonly keySecret: string) {}

  /** Listens to what payments do (for webhooks); returns the function that stops listening. */
  onEvent(listener: EmulatorEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  planSummaries(): Array<{ id: string; amount: number }> {
    return [...this.plans.values()].map((plan) => ({ id: plan.id, amount: plan.item.amount }));
  }

  // --- The API: bodies as the SDK sends them, answers as Razorpay's, RazorpayApiError otherwise.

  createOrder(body: unknown): RazorpayOrderEntity {
    const input = parseOrder(body);
    return structuredClone(this.insertOrder(input.amount, input.receipt, input.notes));
  }

  fetchOrder(id: string): RazorpayOrderEntity {
    return structuredClone(this.apiLookup(this.orders, id));
  }

  fetchOrderPayments(id: string): RazorpayCollection<RazorpayPaymentEntity> {
    this.apiLookup(this.orders, id);
    const items = (this.paymentsOfOrder.get(id) ?? []).map((paymentId) => this.payments.get(paymentId));
    const payments = items.filter((payment) => payment !== undefined).map((payment) => structuredClone(payment));
    return { entity: 'collection', count: payments.length, items: payments };
  }

  createPlan(body: unknown): RazorpayPlanEntity {
    const input = parsePlan(body);
    const now = unixNow();
    const plan: RazorpayPlanEntity = {
      id: razorpayId('plan'),
      entity: 'plan',
      interval: input.interval,
      period: input.period,
      item: {
        id: razorpayId('item'),
        active: true,
        name: input.item.name,
        description: input.item.description,
        amount: input.item.amount,
        unit_amount: input.item.amount,
        currency: 'INR',
        type: 'plan',
        unit: null,
        tax_inclusive: false,
        hsn_code: null,
        sac_code: null,
        tax_rate: null,
        tax_id: null,
        tax_group_id: null,
        created_at: now,
        updated_at: now,
      },
      notes: toNotes(input.notes),
      created_at: now,
    };
    this.plans.set(plan.id, plan);
    return structuredClone(plan);
  }

  fetchPlan(id: string): RazorpayPlanEntity {
    return structuredClone(this.apiLookup(this.plans, id));
  }

  createSubscription(body: unknown): RazorpaySubscriptionEntity {
    const now = unixNow();
    const input = parseSubscription(body, now);
    const plan = this.apiLookup(this.plans, input.plan_id, 'plan_id');
    const max = maxTotalCount(plan.period, plan.interval);
    if (input.total_count > max) {
      throw RazorpayApiError.badRequest(`The total count may not be greater than ${max}.`, 'total_count');
    }
    const startAt = input.start_at ?? now;
    const subscription: RazorpaySubscriptionEntity = {
      id: razorpayId('sub'),
      entity: 'subscription',
      plan_id: plan.id,
      customer_id: null,
      status: 'created',
      quantity: input.quantity,
      total_count: input.total_count,
      paid_count: 0,
      remaining_count: input.total_count,
      customer_notify: input.customer_notify,
      current_start: null,
      current_end: null,
      ended_at: null,
      charge_at: startAt,
      start_at: startAt,
      end_at: addCycles(startAt, plan, input.total_count),
      auth_attempts: 0,
      expire_by: input.expire_by,
      offer_id: null,
      short_url: `https://rzp.io/i/${razorpayId('x').slice(2, 12)}`,
      has_scheduled_changes: false,
      change_scheduled_at: null,
      source: 'api',
      payment_method: null,
      notes: toNotes(input.notes),
      created_at: now,
    };
    this.subscriptions.set(subscription.id, subscription);
    return structuredClone(subscription);
  }

  fetchSubscription(id: string): RazorpaySubscriptionEntity {
    return structuredClone(this.apiLookup(this.subscriptions, id));
  }

  fetchPayment(id: string): RazorpayPaymentEntity {
    return structuredClone(this.apiLookup(this.payments, id));
  }

  // --- The donor's side: what the checkout modal's Pay and Fail buttons do.

  describe(target: PaymentTarget): { amount: number; currency: 'INR' } {
    if ('orderId' in target) return { amount: this.orderOf(target).amount, currency: 'INR' };
    const subscription = this.subscriptionOf(target);
    return { amount: this.subscriptionAmount(subscription), currency: 'INR' };
  }

  completePayment(target: PaymentTarget, payer: Payer = {}): CheckoutSuccess {
    if ('orderId' in target) {
      const order = this.orderOf(target);
      if (order.status === 'paid') throw new EmulatorStateError(`Order ${order.id} is already paid`);
      const payment = this.newPayment({ amount: order.amount, orderId: order.id, notes: order.notes, payer });
      this.recordPayment(payment, { order });
      return {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: hmacHex(`${order.id}|${payment.id}`, this.keySecret),
      };
    }
    const subscription = this.payableSubscription(target);
    const amount = this.subscriptionAmount(subscription);
    // Razorpay bills each cycle through an invoice with its own order; the payment points at both.
    const order = this.insertOrder(amount, null, {});
    const payment = this.newPayment({
      amount,
      orderId: order.id,
      invoiceId: razorpayId('inv'),
      notes: subscription.notes,
      description: `Subscription ${subscription.id}`,
      payer,
    });
    this.recordPayment(payment, { order, subscription });
    return {
      razorpay_payment_id: payment.id,
      razorpay_subscription_id: subscription.id,
      razorpay_signature: hmacHex(`${payment.id}|${subscription.id}`, this.keySecret),
    };
  }

  failPayment(target: PaymentTarget, payer: Payer = {}): CheckoutFailure {
    const failure = {
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment failed',
      source: 'customer',
      step: 'payment_authorization',
      reason: 'payment_failed',
    };
    if ('orderId' in target) {
      const order = this.orderOf(target);
      if (order.status === 'paid') throw new EmulatorStateError(`Order ${order.id} is already paid`);
      const payment = this.newPayment({ amount: order.amount, orderId: order.id, notes: order.notes, payer, failure });
      this.recordPayment(payment, { order });
      return { error: { ...failure, metadata: { payment_id: payment.id, order_id: order.id } } };
    }
    const subscription = this.payableSubscription(target);
    const payment = this.newPayment({
      amount: this.subscriptionAmount(subscription),
      orderId: null,
      notes: subscription.notes,
      description: `Subscription ${subscription.id}`,
      payer,
      failure,
    });
    this.recordPayment(payment, { subscription });
    return { error: { ...failure, metadata: { payment_id: payment.id, subscription_id: subscription.id } } };
  }

  /**
   * The one place a payment lands: stores it, applies it to its order and subscription, and tells
   * the listeners in the order Razorpay sends the webhooks.
   */
  private recordPayment(
    payment: RazorpayPaymentEntity,
    related: { order?: RazorpayOrderEntity; subscription?: RazorpaySubscriptionEntity },
  ): void {
    const { order, subscription } = related;
    const captured = payment.status === 'captured';
    this.payments.set(payment.id, payment);
    const events: EmulatorEvent[] = [];
    const now = payment.created_at;

    if (order) {
      this.paymentsOfOrder.set(order.id, [...(this.paymentsOfOrder.get(order.id) ?? []), payment.id]);
      order.attempts += 1;
      if (captured) {
        order.amount_paid = order.amount;
        order.amount_due = 0;
        order.status = 'paid';
      } else if (order.status === 'created') {
        order.status = 'attempted';
      }
    }

    let subscriptionEvents: EmulatorEvent['event'][] = [];
    if (subscription) {
      const plan = this.plans.get(subscription.plan_id);
      if (!captured) {
        if (subscription.paid_count === 0) subscription.auth_attempts += 1;
      } else if (plan) {
        const firstCharge = subscription.paid_count === 0;
        const cycleStart = firstCharge ? now : (subscription.current_end ?? now);
        subscription.current_start = cycleStart;
        subscription.current_end = addCycles(cycleStart, plan, 1);
        subscription.paid_count += 1;
        subscription.remaining_count = subscription.total_count - subscription.paid_count;
        subscription.payment_method = payment.method;
        if (firstCharge) {
          subscription.start_at = cycleStart;
          subscription.end_at = addCycles(cycleStart, plan, subscription.total_count);
        }
        subscriptionEvents = firstCharge
          ? ['subscription.activated', 'subscription.charged']
          : ['subscription.charged'];
        if (subscription.remaining_count <= 0) {
          subscription.status = 'completed';
          subscription.ended_at = now;
          subscription.charge_at = null;
          subscriptionEvents.push('subscription.completed');
        } else {
          subscription.status = 'active';
          subscription.charge_at = subscription.current_end;
        }
      }
    }

    if (!captured) {
      events.push(this.event('payment.failed', { payment }));
    } else {
      events.push(this.event('payment.captured', { payment }));
      if (order && !subscription) events.push(this.event('order.paid', { payment, order }));
      for (const name of subscriptionEvents) events.push(this.event(name, { payment, subscription }));
    }
    for (const event of events) for (const listener of this.listeners) listener(event);
  }

  private event(
    name: EmulatorEvent['event'],
    entities: {
      payment: RazorpayPaymentEntity;
      order?: RazorpayOrderEntity;
      subscription?: RazorpaySubscriptionEntity;
    },
  ): EmulatorEvent {
    const payload: EmulatorEvent['payload'] = { payment: { entity: structuredClone(entities.payment) } };
    if (entities.order) payload.order = { entity: structuredClone(entities.order) };
    if (entities.subscription) payload.subscription = { entity: structuredClone(entities.subscription) };
    return { event: name, payload, created_at: unixNow() };
  }

  private newPayment(options: {
    amount: number;
    orderId: string | null;
    invoiceId?: string;
    notes: Notes;
    description?: string;
    payer: Payer;
    failure?: { code: string; description: string; source: string; step: string; reason: string };
  }): RazorpayPaymentEntity {
    const { failure } = options;
    // Razorpay's fee is 2% plus 18% GST on it; `tax` is the GST part.
    const tax = failure ? null : Math.round(options.amount * 0.02 * 0.18);
    const fee = failure ? null : Math.round(options.amount * 0.02) + (tax ?? 0);
    return {
      id: razorpayId('pay'),
      entity: 'payment',
      amount: options.amount,
      currency: 'INR',
      status: failure ? 'failed' : 'captured',
      order_id: options.orderId,
      invoice_id: options.invoiceId ?? null,
      international: false,
      method: 'upi',
      amount_refunded: 0,
      refund_status: null,
      captured: !failure,
      description: options.description ?? null,
      card_id: null,
      bank: null,
      wallet: null,
      // Razorpay's test-mode UPI ids for a payment that succeeds or fails.
      vpa: failure ? 'failure@razorpay' : 'success@razorpay',
      email: options.payer.email || 'void@razorpay.com',
      contact: options.payer.contact || '+919000090000',
      notes: structuredClone(options.notes),
      fee,
      tax,
      error_code: failure?.code ?? null,
      error_description: failure?.description ?? null,
      error_source: failure?.source ?? null,
      error_step: failure?.step ?? null,
      error_reason: failure?.reason ?? null,
      acquirer_data: failure ? { rrn: null, upi_transaction_id: null } : { rrn: digits(12), upi_transaction_id: null },
      created_at: unixNow(),
    };
  }

  private insertOrder(amount: number, receipt: string | null, notes: Record<string, string | number>) {
    const order: RazorpayOrderEntity = {
      id: razorpayId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: 'INR',
      receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: toNotes(notes),
      created_at: unixNow(),
    };
    this.orders.set(order.id, order);
    return order;
  }

  private subscriptionAmount(subscription: RazorpaySubscriptionEntity): number {
    const plan = this.plans.get(subscription.plan_id);
    if (!plan) throw new EmulatorNotFoundError('plan', subscription.plan_id);
    return plan.item.amount * subscription.quantity;
  }

  private orderOf(target: { orderId: string }): RazorpayOrderEntity {
    const order = this.orders.get(target.orderId);
    if (!order) throw new EmulatorNotFoundError('order', target.orderId);
    return order;
  }

  private subscriptionOf(target: { subscriptionId: string }): RazorpaySubscriptionEntity {
    const subscription = this.subscriptions.get(target.subscriptionId);
    if (!subscription) throw new EmulatorNotFoundError('subscription', target.subscriptionId);
    return subscription;
  }

  private payableSubscription(target: { subscriptionId: string }): RazorpaySubscriptionEntity {
    const subscription = this.subscriptionOf(target);
    if (!PAYABLE_SUBSCRIPTION.includes(subscription.status)) {
      throw new EmulatorStateError(`Subscription ${subscription.id} is ${subscription.status}`);
    }
    return subscription;
  }

  private apiLookup<T>(map: Map<string, T>, id: string, field?: string): T {
    const found = map.get(id);
    if (!found) throw RazorpayApiError.idNotFound(field);
    return found;
  }
}
