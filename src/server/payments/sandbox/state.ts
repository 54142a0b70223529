import { createHmac, randomInt } from 'node:crypto';
import {
  type Notes,
  RazorpayApiError,
  type RazorpayCollection,
  type RazorpayInvoiceEntity,
  type RazorpayOrderEntity,
  type RazorpayPaymentEntity,
  type RazorpayPlanEntity,
  type RazorpayRefundEntity,
  type RazorpaySubscriptionEntity,
  type SubscriptionStatus,
} from './entities';
import { maxTotalCount, parseInvoiceQuery, parseOrder, parsePlan, parseSubscription } from './validation';

/**
 * The emulator's memory: Razorpay's orders, plans, subscriptions, invoices, payments and refunds,
 * and what a donor's checkout (and the sandbox's charge and refund controls) do to them. Everything
 * a payment changes goes through `recordPayment`, and a refund through `refundPayment`; both tell
 * the event listeners, so webhooks are delivered from one place.
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

/** What a later charge of a subscription hands back (no signature: no checkout is involved). */
export interface SubscriptionCharge {
  razorpay_payment_id: string;
  razorpay_subscription_id: string;
}

export type EmulatorEventName =
  | 'payment.authorized'
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'subscription.authenticated'
  | 'subscription.activated'
  | 'subscription.charged'
  | 'subscription.completed'
  | 'refund.created'
  | 'refund.processed';

/**
 * A Razorpay webhook event name with its payload, shaped as Razorpay's webhook bodies: each entity
 * a snapshot taken when the event happened, the keys in the order Razorpay lists them.
 */
export interface EmulatorEvent {
  event: EmulatorEventName;
  payload: {
    subscription?: { entity: RazorpaySubscriptionEntity };
    refund?: { entity: RazorpayRefundEntity };
    payment?: { entity: RazorpayPaymentEntity };
    order?: { entity: RazorpayOrderEntity };
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
/** Where a later charge can be made: once the donor has paid the first cycle, until it ends. */
const CHARGEABLE_SUBSCRIPTION: readonly SubscriptionStatus[] = ['active', 'pending', 'halted'];

/** A webhook payload entry: a snapshot of the entity as it is now. */
function entity<T>(value: T): { entity: T } {
  return { entity: structuredClone(value) };
}

/** The payment as `payment.authorized` shows it: not captured yet, so no fee either. */
function authorized(payment: RazorpayPaymentEntity): RazorpayPaymentEntity {
  return { ...payment, status: 'authorized', captured: false, fee: null, tax: null };
}

export class EmulatorState {
  private readonly orders = new Map<string, RazorpayOrderEntity>();
  private readonly plans = new Map<string, RazorpayPlanEntity>();
  private readonly subscriptions = new Map<string, RazorpaySubscriptionEntity>();
  private readonly payments = new Map<string, RazorpayPaymentEntity>();
  private readonly paymentsOfOrder = new Map<string, string[]>();
  private readonly invoices = new Map<string, RazorpayInvoiceEntity>();
  private readonly refunds = new Map<string, RazorpayRefundEntity>();
  private readonly refundsOfPayment = new Map<string, string[]>();
  /** Who authorised each subscription: its later charges come from the same donor. */
  private readonly payerOfSubscription = new Map<string, Payer>();
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

  fetchPaymentRefunds(id: string): RazorpayCollection<RazorpayRefundEntity> {
    this.apiLookup(this.payments, id);
    const items = (this.refundsOfPayment.get(id) ?? []).map((refundId) => this.refunds.get(refundId));
    const refunds = items.filter((refund) => refund !== undefined).map((refund) => structuredClone(refund));
    return { entity: 'collection', count: refunds.length, items: refunds };
  }

  fetchRefund(id: string): RazorpayRefundEntity {
    return structuredClone(this.apiLookup(this.refunds, id));
  }

  /** Invoices, newest first like Razorpay's lists, filtered by the query the SDK sends. */
  listInvoices(rawQuery: unknown): RazorpayCollection<RazorpayInvoiceEntity> {
    const query = parseInvoiceQuery(rawQuery);
    const matching = [...this.invoices.values()]
      .reverse()
      .filter(
        (invoice) =>
          (query.subscription_id === null || invoice.subscription_id === query.subscription_id) &&
          (query.payment_id === null || invoice.payment_id === query.payment_id) &&
          (query.type === null || invoice.type === query.type) &&
          (query.receipt === null || invoice.receipt === query.receipt) &&
          (query.customer_id === null || invoice.customer_id === query.customer_id) &&
          (query.from === null || invoice.created_at >= query.from) &&
          (query.to === null || invoice.created_at <= query.to),
      );
    const items = matching.slice(query.skip, query.skip + query.count).map((invoice) => structuredClone(invoice));
    return { entity: 'collection', count: items.length, items };
  }

  fetchInvoice(id: string): RazorpayInvoiceEntity {
    return structuredClone(this.apiLookup(this.invoices, id));
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
    if (subscription.paid_count === 0) this.payerOfSubscription.set(subscription.id, payer);
    const payment = this.chargeCycle(subscription, payer);
    return {
      razorpay_payment_id: payment.id,
      razorpay_subscription_id: subscription.id,
      razorpay_signature: hmacHex(`${payment.id}|${subscription.id}`, this.keySecret),
    };
  }

  // --- The sandbox's controls: what Razorpay does later, on its own or from the dashboard.

  /** The next billing cycle's charge on a subscription the donor has already paid for. */
  chargeSubscription(subscriptionId: string): SubscriptionCharge {
    const subscription = this.subscriptionOf({ subscriptionId });
    if (subscription.paid_count === 0) {
      throw new EmulatorStateError(`Subscription ${subscription.id} has not been paid for yet`);
    }
    if (!CHARGEABLE_SUBSCRIPTION.includes(subscription.status)) {
      throw new EmulatorStateError(`Subscription ${subscription.id} is ${subscription.status}`);
    }
    const payment = this.chargeCycle(subscription, this.payerOfSubscription.get(subscription.id) ?? {});
    return { razorpay_payment_id: payment.id, razorpay_subscription_id: subscription.id };
  }

  /**
   * Refunds a captured payment, all of what is left of it unless `amount` (paise) says less.
   * Throws EmulatorNotFoundError for an unknown payment, EmulatorStateError for a payment that is
   * not captured, already fully refunded, or has less left than `amount`, RangeError for a bad amount.
   */
  refundPayment(paymentId: string, amount?: number): RazorpayRefundEntity {
    const payment = this.payments.get(paymentId);
    if (!payment) throw new EmulatorNotFoundError('payment', paymentId);
    if (payment.status === 'refunded') throw new EmulatorStateError(`Payment ${payment.id} is already fully refunded`);
    if (payment.status !== 'captured') throw new EmulatorStateError(`Payment ${payment.id} is ${payment.status}`);
    const refundable = payment.amount - payment.amount_refunded;
    const value = amount ?? refundable;
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new RangeError('The refund amount must be a positive whole number of paise');
    }
    if (value > refundable) {
      throw new EmulatorStateError(`Payment ${payment.id} has only ${refundable} paise left to refund`);
    }

    payment.amount_refunded += value;
    const full = payment.amount_refunded >= payment.amount;
    payment.refund_status = full ? 'full' : 'partial';
    if (full) payment.status = 'refunded';
    const refund: RazorpayRefundEntity = {
      id: razorpayId('rfnd'),
      entity: 'refund',
      amount: value,
      currency: 'INR',
      payment_id: payment.id,
      notes: [],
      receipt: null,
      acquirer_data: { arn: null },
      created_at: unixNow(),
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    this.refunds.set(refund.id, refund);
    this.refundsOfPayment.set(payment.id, [...(this.refundsOfPayment.get(payment.id) ?? []), refund.id]);
    const created = this.event('refund.created', { refund: entity(refund), payment: entity(payment) });
    // The sandbox's bank settles at once: the refund is processed as soon as it is created.
    refund.status = 'processed';
    refund.acquirer_data = { arn: digits(12) };
    const processed = this.event('refund.processed', { refund: entity(refund), payment: entity(payment) });
    this.emit([created, processed]);
    return structuredClone(refund);
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

  /** A subscription's charge for its next cycle: a payment on a new invoice, with the invoice's own order. */
  private chargeCycle(subscription: RazorpaySubscriptionEntity, payer: Payer): RazorpayPaymentEntity {
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
    return payment;
  }

  /**
   * The one place a payment lands: stores it, applies it to its order, subscription and invoice,
   * and tells the listeners in the order Razorpay sends the webhooks, each with the entities as
   * they were at that step.
   */
  private recordPayment(
    payment: RazorpayPaymentEntity,
    related: { order?: RazorpayOrderEntity; subscription?: RazorpaySubscriptionEntity },
  ): void {
    const { order, subscription } = related;
    const captured = payment.status === 'captured';
    this.payments.set(payment.id, payment);
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

    if (!captured) {
      if (subscription && subscription.paid_count === 0) subscription.auth_attempts += 1;
      this.emit([this.event('payment.failed', { payment: entity(payment) })]);
      return;
    }

    if (!subscription) {
      const events = [
        this.event('payment.authorized', { payment: entity(authorized(payment)) }),
        this.event('payment.captured', { payment: entity(payment) }),
      ];
      if (order) events.push(this.event('order.paid', { payment: entity(payment), order: entity(order) }));
      this.emit(events);
      return;
    }

    const plan = this.plans.get(subscription.plan_id);
    if (!plan) throw new EmulatorNotFoundError('plan', subscription.plan_id);
    const events: EmulatorEvent[] = [];
    const firstCharge = subscription.paid_count === 0;
    if (firstCharge) {
      // The first payment authenticates the subscription (the UPI mandate), then pays the first cycle.
      subscription.status = 'authenticated';
      events.push(this.event('subscription.authenticated', { subscription: entity(subscription) }));
      events.push(this.event('payment.authorized', { payment: entity(authorized(payment)) }));
    }
    events.push(this.event('payment.captured', { payment: entity(payment) }));

    const cycleStart = firstCharge ? now : (subscription.current_end ?? now);
    subscription.current_start = cycleStart;
    subscription.current_end = addCycles(cycleStart, plan, 1);
    subscription.paid_count += 1;
    subscription.remaining_count = subscription.total_count - subscription.paid_count;
    subscription.payment_method = payment.method;
    subscription.status = 'active';
    subscription.charge_at = subscription.current_end;
    if (firstCharge) {
      subscription.start_at = cycleStart;
      subscription.end_at = addCycles(cycleStart, plan, subscription.total_count);
    }
    if (order && payment.invoice_id) this.insertInvoice(payment, order, subscription, plan);

    const both = () => ({ subscription: entity(subscription), payment: entity(payment) });
    if (firstCharge) events.push(this.event('subscription.activated', both()));
    events.push(this.event('subscription.charged', both()));
    if (subscription.remaining_count <= 0) {
      subscription.status = 'completed';
      subscription.ended_at = now;
      subscription.charge_at = null;
      events.push(this.event('subscription.completed', both()));
    }
    this.emit(events);
  }

  private event(name: EmulatorEventName, payload: EmulatorEvent['payload']): EmulatorEvent {
    return { event: name, payload, created_at: unixNow() };
  }

  private emit(events: EmulatorEvent[]): void {
    for (const event of events) for (const listener of this.listeners) listener(event);
  }

  /** The paid invoice of a subscription's cycle, as GET /v1/invoices?subscription_id=… lists it. */
  private insertInvoice(
    payment: RazorpayPaymentEntity,
    order: RazorpayOrderEntity,
    subscription: RazorpaySubscriptionEntity,
    plan: RazorpayPlanEntity,
  ): void {
    const { item } = plan;
    const lineAmount = item.amount * subscription.quantity;
    const invoice: RazorpayInvoiceEntity = {
      id: payment.invoice_id ?? razorpayId('inv'),
      entity: 'invoice',
      receipt: null,
      invoice_number: null,
      customer_id: null,
      customer_details: {
        id: null,
        name: null,
        email: payment.email,
        contact: payment.contact,
        gstin: null,
        billing_address: null,
        shipping_address: null,
        customer_name: null,
        customer_email: payment.email,
        customer_contact: payment.contact,
      },
      order_id: order.id,
      subscription_id: subscription.id,
      line_items: [
        {
          id: razorpayId('li'),
          item_id: item.id,
          ref_id: null,
          ref_type: null,
          name: item.name,
          description: item.description,
          amount: item.amount,
          unit_amount: item.amount,
          gross_amount: lineAmount,
          tax_amount: 0,
          taxable_amount: lineAmount,
          net_amount: lineAmount,
          currency: 'INR',
          type: 'plan',
          tax_inclusive: false,
          hsn_code: null,
          sac_code: null,
          tax_rate: null,
          unit: null,
          quantity: subscription.quantity,
          taxes: [],
        },
      ],
      payment_id: payment.id,
      status: 'paid',
      expire_by: null,
      issued_at: payment.created_at,
      paid_at: payment.created_at,
      cancelled_at: null,
      expired_at: null,
      sms_status: null,
      email_status: null,
      date: payment.created_at,
      terms: null,
      partial_payment: false,
      gross_amount: payment.amount,
      tax_amount: 0,
      taxable_amount: payment.amount,
      amount: payment.amount,
      amount_paid: payment.amount,
      amount_due: 0,
      currency: 'INR',
      currency_symbol: '₹',
      description: null,
      notes: [],
      comment: null,
      short_url: `https://rzp.io/i/${razorpayId('x').slice(2, 12)}`,
      view_less: true,
      billing_start: subscription.current_start ?? payment.created_at,
      billing_end: subscription.current_end ?? payment.created_at,
      type: 'invoice',
      group_taxes_discounts: false,
      created_at: payment.created_at,
      idempotency_key: null,
    };
    this.invoices.set(invoice.id, invoice);
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
