import { indiaDate } from '../../../../shared/india-time';
import {
  newSettlement,
  type PaymentEntity,
  type ReconEntry,
  type SettlementEntity,
  type StoredSettlement,
  unixNow,
} from './entities';
import { type EmulatorEvent, event } from './ledger';
import type { SandboxTransaction } from './store';

/**
 * How the sandbox's Razorpay pays the trust: captured payments are settled to the bank T+2 days
 * after capture (Razorpay's default cycle; the delay is configurable so tests need not wait),
 * less Razorpay's fee and the GST on it, less the refunds made since the last settlement. Each
 * settlement keeps its report lines (GET /v1/settlements/recon/combined) and sends
 * `settlement.processed`, as Razorpay does once the money has left for the bank.
 */

/** Razorpay's default settlement cycle for domestic payments: T+2 days. */
export const SETTLEMENT_DELAY_MS = 2 * 24 * 60 * 60 * 1000;
/** The sandbox's pricing: 2% of the payment, plus 18% GST on that fee. */
const FEE_PERCENT = 2;
const GST_PERCENT = 18;
/** pg_advisory_xact_lock key: one settling pass at a time, however many instances run the sandbox. */
const SETTLE_LOCK_KEY = 727_101;

/** Razorpay's fee on a payment as its API reports it: `fee` with the GST included, `tax` the GST. */
export function feeOn(amount: number): { fee: number; tax: number } {
  const fee = Math.round((amount * FEE_PERCENT) / 100);
  const tax = Math.round((fee * GST_PERCENT) / 100);
  return { fee: fee + tax, tax };
}

/** What the API and the webhook show: the report lines stay inside the sandbox. */
export function publicSettlement({ entries: _entries, ...settlement }: StoredSettlement): SettlementEntity {
  return settlement;
}

function paymentLine(payment: PaymentEntity, at: number): Omit<ReconEntry, 'settlement_id' | 'settlement_utr'> {
  const { fee, tax } = feeOn(payment.amount);
  return {
    entity_id: payment.id,
    type: 'payment',
    debit: 0,
    credit: payment.amount - fee,
    amount: payment.amount,
    currency: 'INR',
    fee,
    tax,
    on_hold: false,
    settled: true,
    created_at: payment.created_at,
    settled_at: at,
    posted_at: null,
    credit_type: 'default',
    description: null,
    notes: payment.notes,
    payment_id: null,
    order_id: payment.order_id,
    order_receipt: null,
    method: payment.method,
  };
}

/**
 * Settles, in one settlement, every payment captured at or before `capturedBy` that no settlement
 * has carried yet, less every processed refund not yet deducted. Nothing when no payment is due,
 * or when the refunds would leave nothing to pay (they wait for the next one, as Razorpay carries
 * a negative balance forward).
 */
export async function settleCaptured(
  tx: SandboxTransaction,
  capturedBy: Date,
): Promise<{ answer: SettlementEntity | null; events: EmulatorEvent[] }> {
  await tx.lock(SETTLE_LOCK_KEY);
  const settled = new Set((await tx.list('settlement')).flatMap((stored) => stored.entries.map((e) => e.entity_id)));
  const cutoff = Math.floor(capturedBy.getTime() / 1000);
  const payments = await tx.list('payment');
  const due = payments.filter(
    (payment) => payment.captured && payment.created_at <= cutoff && !settled.has(payment.id),
  );
  if (due.length === 0) return { answer: null, events: [] };
  const byId = new Map(payments.map((payment) => [payment.id, payment]));
  const refunds = (await tx.list('refund')).filter(
    (refund) => refund.status === 'processed' && !settled.has(refund.id),
  );

  const at = unixNow();
  const lines = [
    ...due.map((payment) => paymentLine(payment, at)),
    ...refunds.map((refund) => ({
      ...paymentLine(byId.get(refund.payment_id) as PaymentEntity, at),
      entity_id: refund.id,
      type: 'refund' as const,
      debit: refund.amount,
      credit: 0,
      amount: refund.amount,
      fee: 0,
      tax: 0,
      created_at: refund.created_at,
      payment_id: refund.payment_id,
    })),
  ];
  const amount = lines.reduce((sum, line) => sum + line.credit - line.debit, 0);
  if (amount <= 0) return { answer: null, events: [] };
  const fees = lines.reduce((sum, line) => sum + line.fee, 0);
  const tax = lines.reduce((sum, line) => sum + line.tax, 0);
  const settlement = newSettlement({ amount, fees, tax }, at);
  const entries = lines.map((line) => ({ ...line, settlement_id: settlement.id, settlement_utr: settlement.utr }));
  await tx.save({ ...settlement, entries });
  return { answer: settlement, events: [event('settlement.processed', { settlement })] };
}

/** GET /v1/settlements: newest first, created between `from` and `to` (unix seconds, inclusive). */
export async function listSettlements(
  tx: SandboxTransaction,
  query: { from?: number; to?: number; count: number; skip: number },
): Promise<SettlementEntity[]> {
  const all = (await tx.list('settlement')).map(publicSettlement).reverse();
  const within = all.filter(
    (settlement) =>
      (query.from === undefined || settlement.created_at >= query.from) &&
      (query.to === undefined || settlement.created_at <= query.to),
  );
  return within.slice(query.skip, query.skip + query.count);
}

/** GET /v1/settlements/recon/combined: the lines of the settlements made on that India day (or month). */
export async function reconLines(
  tx: SandboxTransaction,
  query: { year: number; month: number; day?: number; count: number; skip: number },
): Promise<ReconEntry[]> {
  const onThatDay = (await tx.list('settlement')).filter((settlement) => {
    const date = indiaDate(new Date(settlement.created_at * 1000));
    return (
      date.year === query.year && date.month === query.month && (query.day === undefined || date.day === query.day)
    );
  });
  return onThatDay.flatMap((settlement) => settlement.entries).slice(query.skip, query.skip + query.count);
}
