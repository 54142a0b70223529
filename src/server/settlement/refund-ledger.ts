import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Whether a refund of this payment on this order was already applied. Razorpay tells of refunds
 * only through its webhooks, and every webhook applied is kept in `webhook_events`, so that table
 * is the ledger of refunds. Asked only in the rare case of a refund that came before its capture.
 */
export async function wasRefundedEarly(em: EntityManager, orderId: string, paymentId: string): Promise<boolean> {
  const rows = await em.getConnection().execute<unknown[]>(
    `select 1 from webhook_events
        where type in ('refund.created', 'refund.processed')
          and outcome = 'refunded'
          and payload #>> '{payload,payment,entity,id}' = ?
          and payload #>> '{payload,payment,entity,order_id}' = ?
        limit 1`,
    [paymentId, orderId],
    'all',
    em.getTransactionContext(),
  );
  return rows.length > 0;
}
