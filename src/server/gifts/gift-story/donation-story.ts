// Over 250 lines on purpose: one donation's story as the console shows it, online and offline, read in
// one place so that the steps a staff member sees come from one reading of the rows.
import type { EntityManager } from '@mikro-orm/postgresql';
import { GIFT_MODE_LABELS, type GiftMode } from '../../../shared/gift-modes';
import { type Tribute, tributeOf } from '../../../shared/tribute';
import { DomainError } from '../../platform/core/domain-error';
import { isoTime } from '../../platform/db/sql-time';
import { DONATION_COLUMNS, type DonationListItem } from '../gift-lists/donation-list';
import { erasureRefundNote } from '../settlement/paid-after-erasure';
import { progressOf, receiptsOfDonation } from './donation-progress';

/** One line of a donation's story, oldest first. `at` is null where no time was recorded. */
export interface StoryStep {
  /** ISO-8601 UTC. */
  at: string | null;
  kind:
    | 'created'
    | 'recorded'
    | 'receipt'
    | 'bounced'
    | 'order'
    | 'subscription'
    | 'checkout'
    | 'webhook'
    | 'reconciliation'
    | 'refund';
  text: string;
  details?: Record<string, unknown>;
}

/** An event's payload field, written as its index (webhook_events_*_index) is. */
const field = (path: string) => `(payload #>> '{payload,${path}}')`;

/**
 * What happened to a donation, in order: its creation, its order or subscription, the checkout's
 * verified result, every webhook about its order, payment or subscription with what it did, a
 * settlement nobody reported (the reconciliation), its refund; and a monthly donor's every charge.
 * Above that engineers' account, its receipts and the plain steps paid, receipted, mailed
 * (donation-progress.ts).
 */
export async function donationStory({ em, input }: { em: EntityManager; input: { id: number } }) {
  const [donation] = await em.execute<(DonationListItem & { subscriptionId: number | null; donorId: number | null })[]>(
    `select ${DONATION_COLUMNS}, d.subscription_id as "subscriptionId", d.donor_id as "donorId" from donations d where d.id = ?`,
    [input.id],
  );
  if (!donation) throw new DomainError('NOT_FOUND', `No donation ${input.id}`);

  const [subscription] = await em.execute<
    {
      id: number;
      razorpaySubscriptionId: string | null;
      status: string;
      createdAt: string;
      donationId: number | null;
    }[]
  >(
    `select id, razorpay_subscription_id as "razorpaySubscriptionId", status, ${isoTime('created_at')} as "createdAt",
            donation_id as "donationId"
       from subscriptions where donation_id = ? or id = ? limit 1`,
    [donation.id, donation.subscriptionId],
  );

  const events = await em.execute<
    {
      id: string;
      type: string;
      receivedAt: string;
      outcome: string | null;
      paymentId: string | null;
      amount: string | null;
    }[]
  >(
    `select id, type, ${isoTime('received_at')} as "receivedAt", outcome, ${field('payment,entity,id')} as "paymentId",
            coalesce(${field('refund,entity,amount')}, ${field('payment,entity,amount')}) as amount
       from webhook_events
      where (order_id = ? or ${field('payment,entity,id')} = ? or ${field('refund,entity,payment_id')} = ?
             or (? and ${field('subscription,entity,id')} = ?))
      order by received_at, id`,
    [
      donation.razorpayOrderId,
      donation.razorpayPaymentId,
      donation.razorpayPaymentId,
      // A later charge's story keeps to its own payment; the subscription's events belong to its first donation.
      subscription?.donationId === donation.id,
      subscription?.razorpaySubscriptionId ?? null,
    ],
  );

  const given = await givenFor(em, donation.id);
  const receipts = await receiptsOfDonation(em, donation.id);
  if (donation.mode !== 'online') {
    const offline = await offlineGiftStory(em, donation);
    return { ...offline.story, ...given, receipts, progress: progressOf(donation, receipts, offline.bounced) };
  }

  const steps: StoryStep[] = [
    {
      at: donation.createdAt,
      kind: 'created',
      text: 'Created, pending payment',
    },
  ];
  if (donation.razorpayOrderId) {
    steps.push({ at: null, kind: 'order', text: 'Razorpay order', details: { orderId: donation.razorpayOrderId } });
  }
  if (subscription) {
    steps.push({
      at: subscription.createdAt,
      kind: 'subscription',
      text: `Razorpay subscription, now ${subscription.status}`,
      details: { subscriptionId: subscription.razorpaySubscriptionId },
    });
  }
  const verified = await isVerified(em, donation.id);
  if (verified) {
    steps.push({
      at: null,
      kind: 'checkout',
      text: 'Checkout result verified (signature matched)',
      details: { paymentId: donation.razorpayPaymentId },
    });
  }
  for (const event of events) {
    steps.push({
      at: event.receivedAt,
      kind: event.type.startsWith('refund.') ? 'refund' : 'webhook',
      text: `${event.type}: ${event.outcome ?? 'not applied'}`,
      details: {
        eventId: event.id,
        paymentId: event.paymentId,
        amount: event.amount === null ? null : Number(event.amount),
      },
    });
  }
  const [refund] = await em.execute<
    { status: string; lastError: string | null; at: string; refundId: string | null }[]
  >(
    `select status, last_error as "lastError", ${isoTime('coalesce(refunded_at, recorded_at)')} as at,
            razorpay_refund_id as "refundId"
       from erasure_refunds where donation_id = ?`,
    [donation.id],
  );
  if (refund) {
    steps.push({
      at: refund.at,
      kind: 'refund',
      text: erasureRefundNote(refund),
      details: { refundId: refund.refundId },
    });
  }
  const settled = donation.status !== 'pending';
  const reported =
    Boolean(refund) || verified || events.some((event) => event.outcome !== null && event.outcome !== 'ignored');
  if (settled && !reported && !donation.subscriptionId) {
    steps.push({
      at: null,
      kind: 'reconciliation',
      text: `Settled as ${donation.status} by the reconciliation with Razorpay`,
    });
  }

  return {
    donation: { ...donation, razorpaySubscriptionId: subscription?.razorpaySubscriptionId ?? null },
    steps,
    charges: await chargesOf(em, subscription?.id),
    ...given,
    receipts,
    progress: progressOf(donation, receipts, null),
  };
}

/** What the gift was given for: its appeal, and a tribute in memory or in honour of someone. */
async function givenFor(
  em: EntityManager,
  donationId: number,
): Promise<{ appeal: { id: number; title: string; slug: string } | null; tribute: Tribute | null }> {
  const [row] = await em.execute<{ tribute: unknown; id: number | null; title: string | null; slug: string | null }[]>(
    `select d.tribute, a.id, a.title, a.slug from donations d left join appeals a on a.id = d.appeal_id where d.id = ?`,
    [donationId],
  );
  return {
    appeal: row?.id ? { id: row.id, title: String(row.title), slug: String(row.slug) } : null,
    tribute: tributeOf(row?.tribute),
  };
}

/**
 * A gift staff recorded: who recorded it and what it was, its receipt, and a cheque's return by
 * the bank. It has no order, checkout or webhook.
 */
async function offlineGiftStory(em: EntityManager, donation: DonationListItem) {
  const [more] = await em.execute<
    {
      bouncedAt: string | null;
      bounceReason: string | null;
      kindDescription: string | null;
      instrumentDate: string | null;
    }[]
  >(
    `select ${isoTime('bounced_at')} as "bouncedAt", bounce_reason as "bounceReason", kind_description as "kindDescription",
            to_char(instrument_date, 'YYYY-MM-DD') as "instrumentDate"
       from donations where id = ?`,
    [donation.id],
  );
  const receipts = await em.execute<{ number: string; issuedAt: string; status: string; cancelledAt: string | null }[]>(
    `select number, ${isoTime('issued_at')} as "issuedAt", status, ${isoTime('cancelled_at')} as "cancelledAt"
       from receipts where donation_id = ? order by id`,
    [donation.id],
  );
  const steps: StoryStep[] = [
    {
      at: donation.createdAt,
      kind: 'recorded',
      text: `Recorded by ${donation.recordedBy ?? 'staff'}: ${GIFT_MODE_LABELS[donation.mode as GiftMode] ?? donation.mode}, received on ${donation.receivedOn}`,
      details: {
        reference: donation.reference,
        bank: donation.bank,
        instrumentDate: more?.instrumentDate ?? null,
        gift: more?.kindDescription ?? null,
      },
    },
  ];
  for (const receipt of receipts) {
    steps.push({ at: receipt.issuedAt, kind: 'receipt', text: `Receipt ${receipt.number} issued` });
  }
  if (more?.bouncedAt) {
    const cancelled = receipts.find((receipt) => receipt.status === 'cancelled');
    steps.push({
      at: more.bouncedAt,
      kind: 'bounced',
      text: `Returned unpaid by the bank: ${more.bounceReason ?? ''}${cancelled ? `; receipt ${cancelled.number} cancelled` : ''}`,
    });
  }
  return {
    story: { donation: { ...donation, razorpaySubscriptionId: null }, steps, charges: [] as Charge[] },
    bounced: more?.bouncedAt ? { at: more.bouncedAt, reason: more.bounceReason } : null,
  };
}

async function isVerified(em: EntityManager, donationId: number): Promise<boolean> {
  const [row] = await em.execute<{ verified: boolean }[]>(
    'select razorpay_signature is not null as verified from donations where id = ?',
    [donationId],
  );
  return row?.verified ?? false;
}

type Charge = { id: number; createdAt: string; amount: number; status: string; razorpayPaymentId: string | null };

/** A monthly donor's charges: the first donation and each later one on the subscription, oldest first. */
async function chargesOf(em: EntityManager, subscriptionId: number | undefined) {
  if (subscriptionId === undefined) return [];
  return em.execute<Charge[]>(
    `select d.id, ${isoTime('d.created_at')} as "createdAt", d.amount, d.status, d.razorpay_payment_id as "razorpayPaymentId"
       from donations d
      where d.subscription_id = ? or d.id = (select donation_id from subscriptions where id = ?)
      order by d.created_at, d.id`,
    [subscriptionId, subscriptionId],
  );
}
