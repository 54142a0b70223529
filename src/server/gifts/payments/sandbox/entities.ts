import { createHmac, randomInt } from 'node:crypto';

/**
 * The Razorpay entities the gateway, the app's webhooks and the tests read, shaped as the real
 * API's (https://razorpay.com/docs/api/). Each type is what its constructor below makes, so a
 * field is written down once. Amounts in paise, times in unix seconds, INR only, monthly plans only.
 */

/** Razorpay answers an empty `notes` object as `[]` (a PHP quirk); the emulator does the same. */
export type Notes = Record<string, string | number> | [];
type OrderStatus = 'created' | 'attempted' | 'paid';
type PaymentStatus = 'authorized' | 'captured' | 'refunded' | 'failed';
type SubscriptionStatus =
  | 'created'
  | 'authenticated'
  | 'active'
  | 'pending'
  | 'halted'
  | 'paused'
  | 'cancelled'
  | 'completed'
  | 'expired';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Razorpay-shaped id: the prefix, an underscore and 14 random base62 characters. */
export function razorpayId(prefix: string): string {
  return `${prefix}_${Array.from({ length: 14 }, () => BASE62[randomInt(BASE62.length)]).join('')}`;
}

export const hmacHex = (data: string, secret: string) => createHmac('sha256', secret).update(data).digest('hex');
export const unixNow = () => Math.floor(Date.now() / 1000);
export const toNotes = (notes?: Record<string, string | number>): Notes =>
  notes && Object.keys(notes).length > 0 ? { ...notes } : [];

/** `time` one calendar month on, as Razorpay bills a monthly plan. */
export function nextMonth(time: number): number {
  const date = new Date(time * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

export const newOrder = (amount: number, receipt: string | null, notes: Notes) => ({
  id: razorpayId('order'),
  entity: 'order' as const,
  amount,
  amount_paid: 0,
  amount_due: amount,
  currency: 'INR' as const,
  receipt,
  status: 'created' as OrderStatus,
  attempts: 0,
  notes,
  created_at: unixNow(),
});

export const newPlan = (name: string, amount: number) => ({
  id: razorpayId('plan'),
  entity: 'plan' as const,
  period: 'monthly' as const,
  interval: 1 as const,
  item: { id: razorpayId('item'), name, amount, currency: 'INR' as const },
  created_at: unixNow(),
});

/** How a subscription's mandate pays: set by its first payment (Razorpay's `payment_method`). */
export type MandateMethod = 'card' | 'upi';

/**
 * What a subscription will do at its cycle's end, kept by the sandbox beside the entity (never
 * shown: `publicSubscription`): a new plan or quantity (PATCH with `schedule_change_at: cycle_end`)
 * or its cancellation (`cancel_at_cycle_end`).
 */
export interface ScheduledChange {
  plan_id?: string;
  quantity?: number;
  cancel?: true;
}

export const newSubscription = (plan_id: string, total_count: number, notes: Notes) => ({
  id: razorpayId('sub'),
  entity: 'subscription' as const,
  plan_id,
  status: 'created' as SubscriptionStatus,
  quantity: 1,
  payment_method: null as MandateMethod | null,
  has_scheduled_changes: false,
  change_scheduled_at: null as number | null,
  paused_at: null as number | null,
  scheduled: null as ScheduledChange | null,
  total_count,
  paid_count: 0,
  remaining_count: total_count,
  current_start: null as number | null,
  current_end: null as number | null,
  charge_at: unixNow() as number | null,
  ended_at: null as number | null,
  notes,
  created_at: unixNow(),
});

/** Who paid, as the checkout form collected it; Razorpay's test placeholders when not given. */
export interface Payer {
  email?: string;
  contact?: string;
  /** How the donor pays: UPI unless the checkout says card. */
  method?: MandateMethod;
}

export const newPayment = (
  amount: number,
  links: { order_id: string | null; invoice_id: string | null; notes: Notes },
  payer: Payer,
  failed: boolean,
) => ({
  id: razorpayId('pay'),
  entity: 'payment' as const,
  amount,
  currency: 'INR' as const,
  status: (failed ? 'failed' : 'captured') as PaymentStatus,
  captured: !failed,
  order_id: links.order_id,
  invoice_id: links.invoice_id,
  method: (payer.method ?? 'upi') as MandateMethod,
  amount_refunded: 0,
  refund_status: null as null | 'partial' | 'full',
  email: payer.email || 'void@razorpay.com',
  contact: payer.contact || '+919000090000',
  notes: links.notes,
  error_code: failed ? 'BAD_REQUEST_ERROR' : null,
  error_description: failed ? 'Payment failed' : null,
  created_at: unixNow(),
});

/** A paid invoice: how Razorpay bills one cycle of a subscription, through an order of its own. */
export const newInvoice = (subscription_id: string, payment: PaymentEntity, start: number, end: number) => ({
  id: payment.invoice_id ?? razorpayId('inv'),
  entity: 'invoice' as const,
  subscription_id,
  order_id: payment.order_id ?? '',
  payment_id: payment.id,
  status: 'paid' as const,
  amount: payment.amount,
  currency: 'INR' as const,
  billing_start: start,
  billing_end: end,
  created_at: payment.created_at,
});

export const newRefund = (payment_id: string, amount: number) => ({
  id: razorpayId('rfnd'),
  entity: 'refund' as const,
  payment_id,
  amount,
  currency: 'INR' as const,
  status: 'pending' as 'pending' | 'processed',
  created_at: unixNow(),
});

/**
 * One line of Razorpay's settlement report (GET /v1/settlements/recon/combined): what a payment
 * brought in (`credit`, its amount less the fee, GST included) or a refund took back (`debit`).
 */
export interface ReconEntry {
  entity_id: string;
  type: 'payment' | 'refund';
  debit: number;
  credit: number;
  amount: number;
  currency: 'INR';
  /** Razorpay's fee, the GST on it included (as on a payment). */
  fee: number;
  /** The GST part of `fee`. */
  tax: number;
  on_hold: false;
  settled: true;
  created_at: number;
  settled_at: number;
  settlement_id: string;
  posted_at: null;
  credit_type: 'default';
  description: string | null;
  notes: Notes;
  /** A refund's payment (null on the payment's own line). */
  payment_id: string | null;
  settlement_utr: string;
  order_id: string | null;
  order_receipt: null;
  method: MandateMethod;
}

/** A settlement as Razorpay's API and webhook show it: `amount` is what reached the bank. */
export const newSettlement = (totals: { amount: number; fees: number; tax: number }, created_at: number) => ({
  id: razorpayId('setl'),
  entity: 'settlement' as const,
  amount: totals.amount,
  status: 'processed' as 'created' | 'processed' | 'failed',
  fees: totals.fees,
  tax: totals.tax,
  // Razorpay's sample UTRs look like `1568176960vxp0rj`: the time, then six characters.
  utr: `${created_at}${razorpayId('x').slice(-6).toLowerCase()}`,
  created_at,
});

export type SettlementEntity = ReturnType<typeof newSettlement>;
/** A settlement as the sandbox keeps it: its report lines beside it, never shown by the API. */
export type StoredSettlement = SettlementEntity & { entries: ReconEntry[] };

export type OrderEntity = ReturnType<typeof newOrder>;
export type SubscriptionEntity = ReturnType<typeof newSubscription>;
/** A subscription as Razorpay's API and webhooks show it: without what the sandbox keeps beside it. */
export function publicSubscription(subscription: SubscriptionEntity): Omit<SubscriptionEntity, 'scheduled'> {
  const { scheduled: _kept, ...shown } = subscription;
  return shown;
}
export type PaymentEntity = ReturnType<typeof newPayment>;
export type RefundEntity = ReturnType<typeof newRefund>;
export type Entity =
  | OrderEntity
  | ReturnType<typeof newPlan>
  | SubscriptionEntity
  | PaymentEntity
  | ReturnType<typeof newInvoice>
  | RefundEntity
  | StoredSettlement;

/** No order, subscription or payment with that id (a checkout or control answers 404). */
export class EmulatorNotFoundError extends Error {
  override name = 'EmulatorNotFoundError';
  constructor(kind: string, id: string) {
    super(`No ${kind} with id ${id}`);
  }
}

/** The order, subscription or payment is past what was asked (paid, completed, refunded…): a 409. */
export class EmulatorStateError extends Error {
  override name = 'EmulatorStateError';
}
