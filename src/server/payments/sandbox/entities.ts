import { createHmac, randomInt } from 'node:crypto';

/**
 * The Razorpay entities the gateway and the app's webhooks read, shaped as the real API's
 * (https://razorpay.com/docs/api/), with only the fields something here uses. Amounts in paise,
 * times in unix seconds, INR only, monthly plans only.
 */

/** Razorpay answers an empty `notes` object as `[]` (a PHP quirk); the emulator does the same. */
export type Notes = Record<string, string | number> | [];

export interface OrderEntity {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: 'INR';
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Notes;
  created_at: number;
}

export interface PlanEntity {
  id: string;
  entity: 'plan';
  period: 'monthly';
  interval: 1;
  item: { id: string; name: string; amount: number; currency: 'INR' };
  created_at: number;
}

export type SubscriptionStatus = 'created' | 'authenticated' | 'active' | 'cancelled' | 'completed';

export interface SubscriptionEntity {
  id: string;
  entity: 'subscription';
  plan_id: string;
  status: SubscriptionStatus;
  total_count: number;
  paid_count: number;
  remaining_count: number;
  current_start: number | null;
  current_end: number | null;
  charge_at: number | null;
  ended_at: number | null;
  notes: Notes;
  created_at: number;
}

export interface PaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'authorized' | 'captured' | 'refunded' | 'failed';
  captured: boolean;
  order_id: string | null;
  invoice_id: string | null;
  method: 'upi';
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  email: string;
  contact: string;
  notes: Notes;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

export interface InvoiceEntity {
  id: string;
  entity: 'invoice';
  subscription_id: string;
  order_id: string;
  payment_id: string;
  status: 'paid';
  amount: number;
  currency: 'INR';
  billing_start: number;
  billing_end: number;
  created_at: number;
}

export interface RefundEntity {
  id: string;
  entity: 'refund';
  payment_id: string;
  amount: number;
  currency: 'INR';
  status: 'pending' | 'processed';
  created_at: number;
}

export type Entity = OrderEntity | PlanEntity | SubscriptionEntity | PaymentEntity | InvoiceEntity | RefundEntity;

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

export const unixNow = (): number => Math.floor(Date.now() / 1000);

export function toNotes(notes: Record<string, string | number> | undefined): Notes {
  return notes && Object.keys(notes).length > 0 ? { ...notes } : [];
}

/** `time` moved on by `months` calendar months, as Razorpay bills a monthly plan. */
export function addMonths(time: number, months: number): number {
  const date = new Date(time * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
}

/** Razorpay's error body; the SDK rejects with `{ statusCode, error }` and the gateway reads both. */
export class RazorpayApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: 'BAD_REQUEST_ERROR' | 'SERVER_ERROR',
    description: string,
    readonly field?: string,
  ) {
    super(description);
  }

  get body() {
    const field = this.field === undefined ? {} : { field: this.field };
    return {
      error: { code: this.code, description: this.message, source: 'NA', reason: 'NA', metadata: {}, ...field },
    };
  }

  static badRequest = (description: string, field?: string) =>
    new RazorpayApiError(400, 'BAD_REQUEST_ERROR', description, field);
  /** What Razorpay answers for an id it does not know: a 400, not a 404. */
  static idNotFound = (field?: string) => RazorpayApiError.badRequest('The id provided does not exist', field);
  static serverError = () =>
    new RazorpayApiError(
      500,
      'SERVER_ERROR',
      'The server encountered an error. The incident has been reported to admins.',
    );
}

/** No order, subscription or payment with that id (a checkout or control answers 404). */
export class EmulatorNotFoundError extends Error {
  constructor(kind: string, id: string) {
    super(`No ${kind} with id ${id}`);
    this.name = 'EmulatorNotFoundError';
  }
}

/** The order, subscription or payment is past what was asked (paid, completed, refunded…): a 409. */
export class EmulatorStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmulatorStateError';
  }
}
