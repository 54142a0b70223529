import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What Razorpay's webhooks said about one payment. Every webhook applied is kept in
 * `webhook_events` with its outcome, and refunds are told only through webhooks, so that table is
 * the ledger of refunds. Asked only in the rare case of a refund that came before a capture.
 */

/** Whether a full refund of this payment was applied (to a donation, or to none: a duplicate). */
export function wasFullyRefunded(em: EntityManager, paymentId: string): Promise<boolean> {
  return anyEvent(em, `('refund.created', 'refund.processed')`, `('refunded', 'refund_recorded')`, paymentId);
}

/** Whether a capture webhook recorded this payment as paying its donation. */
export function wasCaptureRecorded(em: EntityManager, paymentId: string): Promise<boolean> {
  return anyEvent(em, `('payment.captured', 'order.paid')`, `('paid', 'already_paid')`, paymentId);
}

/** `types` and `outcomes` are SQL lists of constants from this file, never outside input. */
async function anyEvent(em: EntityManager, types: string, outcomes: string, paymentId: string) {
  const rows = await em.execute<unknown[]>(
    `select 1 from webhook_events
        where type in ${types} and outcome in ${outcomes} and payload #>> '{payload,payment,entity,id}' = ?
        limit 1`,
    [paymentId],
    'all',
    em.getTransactionContext(),
  );
  return rows.length > 0;
}
