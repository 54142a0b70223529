/**
 * The Razorpay entities and error bodies the emulator answers with, shaped as the real API's
 * (`node_modules/razorpay/dist/types/*.d.ts`, https://razorpay.com/docs/api/). Amounts are in paise,
 * times are unix seconds.
 */

/** Razorpay answers an empty `notes` object as `[]` (a PHP quirk); the emulator does the same. */
export type Notes = Record<string, string | number> | [];

export interface RazorpayOrderEntity {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: 'INR';
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Notes;
  created_at: number;
}

export interface RazorpayItemEntity {
  id: string;
  active: boolean;
  name: string;
  description: string | null;
  amount: number;
  unit_amount: number;
  currency: 'INR';
  type: 'plan';
  unit: null;
  tax_inclusive: boolean;
  hsn_code: null;
  sac_code: null;
  tax_rate: null;
  tax_id: null;
  tax_group_id: null;
  created_at: number;
  updated_at: number;
}

export type PlanPeriod = 'daily' | 'weekly' | 'monthly' | 'yearly';

export interface RazorpayPlanEntity {
  id: string;
  entity: 'plan';
  interval: number;
  period: PlanPeriod;
  item: RazorpayItemEntity;
  notes: Notes;
  created_at: number;
}

export type SubscriptionStatus =
  | 'created'
  | 'authenticated'
  | 'active'
  | 'pending'
  | 'halted'
  | 'cancelled'
  | 'completed'
  | 'expired';

export interface RazorpaySubscriptionEntity {
  id: string;
  entity: 'subscription';
  plan_id: string;
  customer_id: string | null;
  status: SubscriptionStatus;
  quantity: number;
  total_count: number;
  paid_count: number;
  remaining_count: number;
  customer_notify: boolean;
  current_start: number | null;
  current_end: number | null;
  ended_at: number | null;
  charge_at: number | null;
  start_at: number | null;
  end_at: number | null;
  auth_attempts: number;
  expire_by: number | null;
  offer_id: null;
  short_url: string;
  has_scheduled_changes: false;
  change_scheduled_at: null;
  source: 'api';
  payment_method: string | null;
  notes: Notes;
  created_at: number;
}

export interface RazorpayPaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string | null;
  invoice_id: string | null;
  international: false;
  method: 'upi';
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string | null;
  card_id: null;
  bank: null;
  wallet: null;
  vpa: string;
  email: string;
  contact: string;
  notes: Notes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: { rrn: string | null; upi_transaction_id: string | null };
  created_at: number;
}

export interface RazorpayRefundEntity {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  notes: Notes;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed';
  speed_processed: 'normal';
  speed_requested: 'normal';
}

export interface RazorpayInvoiceLineItem {
  id: string;
  item_id: string;
  ref_id: null;
  ref_type: null;
  name: string;
  description: string | null;
  amount: number;
  unit_amount: number;
  gross_amount: number;
  tax_amount: number;
  taxable_amount: number;
  net_amount: number;
  currency: 'INR';
  type: 'plan';
  tax_inclusive: false;
  hsn_code: null;
  sac_code: null;
  tax_rate: null;
  unit: null;
  quantity: number;
  taxes: [];
}

/** The invoice Razorpay raises for each billing cycle of a subscription. */
export interface RazorpayInvoiceEntity {
  id: string;
  entity: 'invoice';
  receipt: null;
  invoice_number: null;
  customer_id: null;
  customer_details: {
    id: null;
    name: null;
    email: string;
    contact: string;
    gstin: null;
    billing_address: null;
    shipping_address: null;
    customer_name: null;
    customer_email: string;
    customer_contact: string;
  };
  order_id: string;
  subscription_id: string;
  line_items: RazorpayInvoiceLineItem[];
  payment_id: string | null;
  status: 'issued' | 'paid';
  expire_by: null;
  issued_at: number;
  paid_at: number | null;
  cancelled_at: null;
  expired_at: null;
  sms_status: null;
  email_status: null;
  date: number;
  terms: null;
  partial_payment: false;
  gross_amount: number;
  tax_amount: number;
  taxable_amount: number;
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: 'INR';
  currency_symbol: '₹';
  description: null;
  notes: Notes;
  comment: null;
  short_url: string;
  view_less: true;
  billing_start: number;
  billing_end: number;
  type: 'invoice';
  group_taxes_discounts: false;
  created_at: number;
  idempotency_key: null;
}

export interface RazorpayCollection<T> {
  entity: 'collection';
  count: number;
  items: T[];
}

export interface RazorpayErrorBody {
  error: {
    code: 'BAD_REQUEST_ERROR' | 'SERVER_ERROR';
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: Record<string, string>;
    field?: string;
  };
}

/** An API answer that is an error: thrown by validation and lookups, sent by the emulator's error handler. */
export class RazorpayApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: RazorpayErrorBody,
  ) {
    super(body.error.description);
    this.name = 'RazorpayApiError';
  }

  /** A 400 for a request Razorpay would refuse, naming the field when there is one. */
  static badRequest(description: string, field?: string): RazorpayApiError {
    return new RazorpayApiError(400, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description,
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
        ...(field === undefined ? {} : { field }),
      },
    });
  }

  /** What Razorpay answers for an id it does not know (a 400, not a 404). */
  static idNotFound(field?: string): RazorpayApiError {
    return RazorpayApiError.badRequest('The id provided does not exist', field);
  }

  static authenticationFailed(): RazorpayApiError {
    return new RazorpayApiError(401, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Authentication failed',
        source: 'NA',
        step: 'NA',
        reason: 'NA',
        metadata: {},
      },
    });
  }

  static serverError(): RazorpayApiError {
    return new RazorpayApiError(500, {
      error: {
        code: 'SERVER_ERROR',
        description: 'The server encountered an error. The incident has been reported to admins.',
        source: 'NA',
        step: 'NA',
        reason: 'NA',
        metadata: {},
      },
    });
  }
}
