import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { SubscriptionStatus } from '../../../shared/donation-states';
import { Donation } from '../donations/donation.entity';
import { Subscription } from '../donations/subscription.entity';
import { recordSettlement } from '../razorpay-settlements/record-settlement';
import type { DonorLinks } from '../settlement/donor-notices';
import { recordPartialRefund } from '../settlement/partial-refund';
import { paymentMatchesDonation } from '../settlement/payment-match';
import { recordCharge, recordFailure, recordPayment, recordRefund, recordStatus } from '../settlement/record-events';
import { chargeMatchesSubscription, recordSubscriptionReport } from '../settlement/subscription-reports';
import type { RazorpayEvent, RazorpayPaymentEntity } from './razorpay-event.schema';

/** What applying an event did; stored on the event row for the staff. */
export type EventOutcome =
  | 'paid'
  | 'already_paid'
  | 'paid_by_another_payment'
  | 'not_payable'
  | 'failed'
  | 'refunded'
  | 'refund_recorded'
  | 'partly_refunded'
  | 'subscription_updated'
  | 'first_charge'
  | 'charge_recorded'
  | 'already_recorded'
  | 'paid_after_erasure'
  | 'amount_mismatch'
  | 'unknown_donation'
  | 'unchanged'
  | 'settlement_recorded'
  | 'ignored';

const SUBSCRIPTION_EVENTS = new Set([
  'subscription.authenticated',
  'subscription.activated',
  'subscription.charged',
  'subscription.pending',
  'subscription.halted',
  'subscription.cancelled',
  'subscription.completed',
  'subscription.paused',
  'subscription.resumed',
  'subscription.updated',
]);

/** Every event applied here: the ones to tick in Razorpay's dashboard (the console's Settings lists them). */
export const HANDLED_EVENTS: readonly string[] = [
  'payment.captured',
  'order.paid',
  'payment.failed',
  'refund.created',
  'refund.processed',
  'settlement.processed',
  ...SUBSCRIPTION_EVENTS,
];

/**
 * Applies one Razorpay event to the books, inside the caller's transaction. Razorpay's webhooks
 * are the final word on what was paid, but only for the amount and currency we asked for.
 */
export async function applyEvent(
  em: EntityManager,
  event: RazorpayEvent,
  log: FastifyBaseLogger,
  donorLinks: DonorLinks,
): Promise<EventOutcome> {
  const payment = event.payload.payment?.entity;
  switch (event.event) {
    case 'payment.captured':
    case 'order.paid':
      return payment ? settleCapturedOrderPayment(em, payment, log, donorLinks) : 'ignored';
    case 'payment.failed': {
      const donation = payment?.order_id && (await findOneTimeByOrder(em, payment.order_id));
      if (!donation) return 'unknown_donation';
      return (await recordFailure(em, donorLinks, donation.id)) ? 'failed' : 'unchanged';
    }
    case 'refund.created':
    case 'refund.processed': {
      // refund.created may already carry a processed refund (instant refunds); a pending one waits.
      const processed = event.event === 'refund.processed' || event.payload.refund?.entity.status === 'processed';
      if (!payment || !processed) return 'unchanged';
      if (!isFullyRefunded(payment)) {
        // Part of it: the gift counts what was kept, and its receipt is issued again for that (gifts/settlement/partial-refund.ts).
        const refunded = payment.amount_refunded ?? 0;
        if (refunded <= 0) return 'unchanged';
        return (await recordPartialRefund(em, donorLinks, payment.id, refunded)) ? 'partly_refunded' : 'unchanged';
      }
      // A full refund that settles nothing here (a duplicate payment's) is kept in the ledger too.
      return (await recordRefund(em, donorLinks, payment.id, payment.order_id)) ? 'refunded' : 'refund_recorded';
    }
    case 'settlement.processed': {
      const settlement = event.payload.settlement?.entity;
      if (settlement?.status !== 'processed') return 'ignored';
      const { fees, tax, utr } = settlement;
      const reported = { ...settlement, fees: fees ?? 0, tax: tax ?? 0, utr: utr || null };
      return (await recordSettlement(em, reported)) ? 'settlement_recorded' : 'already_recorded';
    }
    default:
      if (SUBSCRIPTION_EVENTS.has(event.event)) return applySubscriptionEvent(em, event, log, donorLinks);
      return 'ignored';
  }
}

async function findOneTimeByOrder(em: EntityManager, orderId: string): Promise<Donation | null> {
  return em.findOne(Donation, { razorpayOrderId: orderId, donationType: 'one-time' });
}

async function settleCapturedOrderPayment(
  em: EntityManager,
  payment: RazorpayPaymentEntity,
  log: FastifyBaseLogger,
  donorLinks: DonorLinks,
): Promise<EventOutcome> {
  if (payment.status !== 'captured') return 'ignored';
  // Subscription charges carry an invoice's order, unknown here: subscription.charged records them.
  const donation = payment.order_id ? await findOneTimeByOrder(em, payment.order_id) : null;
  if (!donation) return 'unknown_donation';
  if (!paymentMatchesDonation(payment, donation)) {
    log.warn(
      { donationId: donation.id, paymentId: payment.id, amount: payment.amount, currency: payment.currency },
      'captured payment does not match the donation: kept unpaid for the staff',
    );
    return 'amount_mismatch';
  }
  return recordPayment(em, donorLinks, donation.id, payment.id);
}

async function applySubscriptionEvent(
  em: EntityManager,
  event: RazorpayEvent,
  log: FastifyBaseLogger,
  donorLinks: DonorLinks,
): Promise<EventOutcome> {
  const entity = event.payload.subscription?.entity;
  if (!entity) return 'ignored';
  // Lock the row: a charge and a status change for one subscription must not interleave.
  const subscription = await em.findOne(
    Subscription,
    { razorpaySubscriptionId: entity.id },
    { populate: ['donation'], lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!subscription) return 'unknown_donation';

  if (!(await newerEventApplied(em, entity.id, event.created_at))) {
    const statusBefore = subscription.status;
    await recordStatus(em, donorLinks, subscription, entity.status);
    const [now] = await em.execute<{ status: SubscriptionStatus }[]>('select status from subscriptions where id = ?', [
      subscription.id,
    ]);
    await recordSubscriptionReport(em, donorLinks, subscription, {
      event: event.event,
      statusBefore,
      statusAfter: now?.status ?? statusBefore,
      planId: entity.plan_id,
      paymentMethod: entity.payment_method,
    });
  }

  const payment = event.payload.payment?.entity;
  if (event.event !== 'subscription.charged' || !payment || payment.status !== 'captured') {
    return 'subscription_updated';
  }
  // Any amount its charges have had (the donor may have changed it): subscription-reports.ts.
  if (!subscription.donation || !(await chargeMatchesSubscription(em, subscription.id, payment))) {
    log.warn(
      { subscriptionId: subscription.id, paymentId: payment.id, amount: payment.amount },
      'subscription charge does not match the monthly amount: kept unrecorded for the staff',
    );
    return 'amount_mismatch';
  }
  return recordCharge(em, donorLinks, subscription, payment.id, payment.amount);
}

/**
 * Whether a later-raised event for this subscription was already applied: then this one is a late
 * delivery and must not undo it (say, an old 'activated' after 'halted'). The subscription row is
 * locked, so events for one subscription are decided one at a time.
 */
async function newerEventApplied(em: EntityManager, subscriptionId: string, createdAt: number | undefined) {
  if (createdAt === undefined) return false;
  const rows = await em.execute<unknown[]>(
    `select 1 from webhook_events
        where type like 'subscription.%'
          and payload #>> '{payload,subscription,entity,id}' = ?
          and jsonb_typeof(payload -> 'created_at') = 'number'
          and (payload ->> 'created_at')::numeric > ?
        limit 1`,
    [subscriptionId, createdAt],
    'all',
    em.getTransactionContext(),
  );
  return rows.length > 0;
}

function isFullyRefunded(payment: RazorpayPaymentEntity): boolean {
  return payment.refund_status === 'full' || (payment.amount_refunded ?? 0) >= payment.amount;
}
