import { type PlanPeriod, RazorpayApiError } from './entities';

/**
 * Checks request bodies the way Razorpay does: a 400 BAD_REQUEST_ERROR naming the offending
 * `field`, with Razorpay's wording where it is known. Only INR is supported.
 */

type Body = Record<string, unknown>;

export interface OrderInput {
  amount: number;
  receipt: string | null;
  notes: Record<string, string | number>;
}

export interface PlanInput {
  period: PlanPeriod;
  interval: number;
  item: { name: string; amount: number; description: string | null };
  notes: Record<string, string | number>;
}

export interface SubscriptionInput {
  plan_id: string;
  total_count: number;
  quantity: number;
  customer_notify: boolean;
  start_at: number | null;
  expire_by: number | null;
  notes: Record<string, string | number>;
}

const PERIODS: readonly PlanPeriod[] = ['daily', 'weekly', 'monthly', 'yearly'];
const PERIOD_DAYS: Record<PlanPeriod, number> = { daily: 1, weekly: 7, monthly: 30, yearly: 365 };
/** Razorpay's smallest amount in INR: ₹1. */
export const MIN_AMOUNT_PAISE = 100;
const MAX_NOTES = 15;
const MAX_NOTE_LENGTH = 256;
const MAX_RECEIPT_LENGTH = 40;

const bad = RazorpayApiError.badRequest;

function asBody(value: unknown): Body {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw bad('The request body must be a JSON object.');
  return value as Body;
}

function rejectUnknownKeys(body: Body, allowed: readonly string[], prefix = ''): void {
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) {
    const names = unknown.map((key) => prefix + key).join(', ');
    throw bad(`${names} is/are not required and should not be sent`, prefix + unknown[0]);
  }
}

/** Razorpay takes integers, or strings of digits, for integer fields. */
function integer(value: unknown, field: string, label: string): number {
  if (value === undefined || value === null || value === '') throw bad(`The ${label} field is required.`, field);
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) throw bad(`The ${label} must be an integer.`, field);
  return number;
}

function amount(value: unknown, field: string): number {
  const paise = integer(value, field, 'amount');
  if (paise < MIN_AMOUNT_PAISE) throw bad('The amount must be atleast INR 1.00', field);
  return paise;
}

function currency(value: unknown, field: string, required: boolean): void {
  if (value === undefined && !required) return;
  if (value === undefined || value === null || value === '') throw bad('The currency field is required.', field);
  if (value !== 'INR') throw bad('The selected currency is invalid.', field);
}

function optionalString(value: unknown, field: string, label: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw bad(`The ${label} must be a string.`, field);
  if (value.length > max) throw bad(`The ${label} may not be greater than ${max} characters.`, field);
  return value;
}

function notes(value: unknown): Record<string, string | number> {
  if (value === undefined || value === null) return {};
  // An empty array is how Razorpay itself writes empty notes; accept it back.
  if (Array.isArray(value) && value.length === 0) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw bad('The notes must be an array.', 'notes');
  const entries = Object.entries(value as Body);
  if (entries.length > MAX_NOTES) {
    throw bad(`Number of fields in notes should be less than or equal to ${MAX_NOTES}`, 'notes');
  }
  const result: Record<string, string | number> = {};
  for (const [key, note] of entries) {
    if (typeof note !== 'string' && typeof note !== 'number') {
      throw bad(`The notes.${key} must be a string or a number.`, `notes.${key}`);
    }
    if (String(note).length > MAX_NOTE_LENGTH) {
      throw bad(`The notes.${key} may not be greater than ${MAX_NOTE_LENGTH} characters.`, `notes.${key}`);
    }
    result[key] = note;
  }
  return result;
}

function booleanish(value: unknown, field: string, label: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  throw bad(`The ${label} field must be true or false.`, field);
}

function futureTime(value: unknown, field: string, label: string, now: number): number | null {
  if (value === undefined || value === null) return null;
  const time = integer(value, field, label);
  if (time <= now) throw bad(`${label} cannot be lesser than the current time.`, field);
  return time;
}

export function parseOrder(raw: unknown): OrderInput {
  const body = asBody(raw);
  rejectUnknownKeys(body, ['amount', 'currency', 'receipt', 'notes', 'partial_payment', 'payment_capture']);
  const paise = amount(body.amount, 'amount');
  currency(body.currency, 'currency', true);
  if (
    body.partial_payment !== undefined &&
    booleanish(body.partial_payment, 'partial_payment', 'partial payment', false)
  ) {
    throw bad('partial_payment is not supported by the Razorpay sandbox', 'partial_payment');
  }
  booleanish(body.payment_capture, 'payment_capture', 'payment capture', true);
  return {
    amount: paise,
    receipt: optionalString(body.receipt, 'receipt', 'receipt', MAX_RECEIPT_LENGTH),
    notes: notes(body.notes),
  };
}

export function parsePlan(raw: unknown): PlanInput {
  const body = asBody(raw);
  rejectUnknownKeys(body, ['period', 'interval', 'item', 'notes']);
  if (body.period === undefined || body.period === null || body.period === '') {
    throw bad('The period field is required.', 'period');
  }
  if (!PERIODS.includes(body.period as PlanPeriod)) throw bad('Invalid period', 'period');
  const period = body.period as PlanPeriod;
  const interval = integer(body.interval, 'interval', 'interval');
  if (interval < 1) throw bad('The interval must be at least 1.', 'interval');
  if (period === 'daily' && interval < 7) throw bad('The interval must be at least 7 for a daily plan.', 'interval');

  if (body.item === undefined || body.item === null) throw bad('The item field is required.', 'item');
  if (typeof body.item !== 'object' || Array.isArray(body.item)) throw bad('The item must be an object.', 'item');
  const item = body.item as Body;
  rejectUnknownKeys(item, ['name', 'amount', 'currency', 'description'], 'item.');
  if (typeof item.name !== 'string' || item.name.trim() === '') throw bad('The name field is required.', 'item.name');
  optionalString(item.name, 'item.name', 'name', 255);
  const paise = amount(item.amount, 'item.amount');
  currency(item.currency, 'item.currency', true);
  return {
    period,
    interval,
    item: {
      name: item.name,
      amount: paise,
      description: optionalString(item.description, 'item.description', 'description', 2048),
    },
    notes: notes(body.notes),
  };
}

/** The longest a subscription may run, as a number of billing cycles of its plan (100 years). */
export function maxTotalCount(period: PlanPeriod, interval: number): number {
  return Math.floor((100 * 365) / (PERIOD_DAYS[period] * interval));
}

/** Checks the body alone; whether `plan_id` exists and `total_count` fits the plan is the state's job. */
export function parseSubscription(raw: unknown, now: number): SubscriptionInput {
  const body = asBody(raw);
  rejectUnknownKeys(body, ['plan_id', 'total_count', 'quantity', 'customer_notify', 'start_at', 'expire_by', 'notes']);
  if (typeof body.plan_id !== 'string' || body.plan_id === '') throw bad('The plan id field is required.', 'plan_id');
  const totalCount = integer(body.total_count, 'total_count', 'total count');
  if (totalCount < 1) throw bad('The total count must be at least 1.', 'total_count');
  const quantity = body.quantity === undefined ? 1 : integer(body.quantity, 'quantity', 'quantity');
  if (quantity < 1) throw bad('The quantity must be at least 1.', 'quantity');
  return {
    plan_id: body.plan_id,
    total_count: totalCount,
    quantity,
    customer_notify: booleanish(body.customer_notify, 'customer_notify', 'customer notify', true),
    start_at: futureTime(body.start_at, 'start_at', 'start_at', now),
    expire_by: futureTime(body.expire_by, 'expire_by', 'expire_by', now),
    notes: notes(body.notes),
  };
}

export interface InvoiceQuery {
  type: string | null;
  payment_id: string | null;
  subscription_id: string | null;
  receipt: string | null;
  customer_id: string | null;
  from: number | null;
  to: number | null;
  count: number;
  skip: number;
}

const MAX_COUNT = 100;

function queryText(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw bad(`The ${field} must be a string.`, field);
  return value;
}

/** The query of GET /v1/invoices as the SDK sends it (`count` 10 and `skip` 0 unless given). */
export function parseInvoiceQuery(raw: unknown): InvoiceQuery {
  const query = asBody(raw);
  rejectUnknownKeys(query, [
    'type',
    'payment_id',
    'subscription_id',
    'receipt',
    'customer_id',
    'from',
    'to',
    'count',
    'skip',
  ]);
  const count = query.count === undefined ? 10 : integer(query.count, 'count', 'count');
  if (count < 1 || count > MAX_COUNT) throw bad(`The count must be between 1 and ${MAX_COUNT}.`, 'count');
  const skip = query.skip === undefined ? 0 : integer(query.skip, 'skip', 'skip');
  if (skip < 0) throw bad('The skip must be at least 0.', 'skip');
  return {
    type: queryText(query.type, 'type'),
    payment_id: queryText(query.payment_id, 'payment_id'),
    subscription_id: queryText(query.subscription_id, 'subscription_id'),
    receipt: queryText(query.receipt, 'receipt'),
    customer_id: queryText(query.customer_id, 'customer_id'),
    from: query.from === undefined ? null : integer(query.from, 'from', 'from'),
    to: query.to === undefined ? null : integer(query.to, 'to', 'to'),
    count,
    skip,
  };
}
