import type { EntityManager } from '@mikro-orm/postgresql';
import { erasureRefundNote } from '../../gifts/settlement/paid-after-erasure';

/** How many of each kind the overview lists; the counts cover all of them. */
const LISTED = 20;

import { isoTime } from '../../platform/db/sql-time';

const PAYMENT = `payload->'payload'->'payment'->'entity'`;

/**
 * Donations a person should look at: money that arrived but did not match (kept unpaid by the
 * webhook), checkouts that failed again after the donor retried, donations pending for over a day
 * (neither paid nor expired: the reconciliation could not settle them), and payments made after their donor's erasure (refunded,
 * shown for a month; or their refund still owed or refused, until it is made). Monthly gifts at risk
 * (pending or halted) have their own page (monthly-at-risk/), which the overview links to.
 */
export async function attentionItems(em: EntityManager, now: Date) {
  const listed = async (sql: string, params: unknown[] = []) => {
    // The list and its count at once, each on its own pooled connection.
    const [rows, [count]] = await Promise.all([
      em.execute<Record<string, unknown>[]>(`${sql} limit ${LISTED}`, params),
      em.execute<{ total: string }[]>(`select count(*) as total from (${sql}) listed`, params),
    ]);
    return { count: Number(count?.total ?? 0), items: rows };
  };

  // Each list is read from an index: the events by webhook_events_needs_look_index, the failed
  // retries by webhook_events_failed_order_id_index (its order ids alone), the pending donations by
  // donations_status_created_at_index.
  return {
    amountMismatches: await listed(
      `select e.id as "eventId", e.type, e.outcome, ${isoTime('e.received_at')} as "receivedAt",
              ${PAYMENT}->>'id' as "paymentId", ${PAYMENT}->>'order_id' as "orderId",
              (${PAYMENT}->>'amount')::int as amount,
              (select d.id from donations d where d.razorpay_order_id = e.order_id limit 1) as "donationId"
         from webhook_events e where e.outcome in ('amount_mismatch', 'paid_by_another_payment')
        order by e.received_at desc`,
    ),
    failedAfterRetry: await listed(
      // The orders that failed more than once first (an array, so the failed donations are looked
      // up by order id rather than all read), then each one's attempts.
      `select d.id as "donationId", d.amount, ${isoTime('d.created_at')} as "createdAt",
              (select count(*) from webhook_events e
                where e.type = 'payment.failed' and e.order_id = d.razorpay_order_id)::int as attempts
         from donations d
        where d.status = 'failed'
          and d.razorpay_order_id = any(array(select order_id from webhook_events
                                               where type = 'payment.failed' group by 1 having count(*) > 1))
        order by d.created_at desc`,
    ),
    pendingOverADay: await listed(
      `select d.id as "donationId", d.amount, ${isoTime('d.created_at')} as "createdAt" from donations d
        where d.status = 'pending' and d.created_at < ? order by d.created_at desc`,
      [new Date(now.getTime() - 24 * 60 * 60 * 1000)],
    ),
    paidAfterErasure: await listed(
      `select r.donation_id as "donationId", r.amount, r.status, r.last_error as "lastError",
              ${isoTime('r.recorded_at')} as "recordedAt"
         from erasure_refunds r where r.status <> 'refunded' or r.recorded_at > ?
        order by r.recorded_at desc`,
      [new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000)],
    ).then(({ count, items }) => ({
      count,
      items: items.map((item) => ({
        ...item,
        note: erasureRefundNote({ status: String(item.status), lastError: (item.lastError as string | null) ?? null }),
      })),
    })),
  };
}
