import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreateSubscriptionOutput } from '../../../shared/donation.schema';
import { DomainError } from '../../platform/core/domain-error';
import { SUBSCRIPTION_TOTAL_COUNT } from '../donations/create-donation';
import type { PaymentGateway } from '../payments/gateway';
import type { PlanCatalog } from '../payments/plans';
import type { DonorLinks } from './donor-notices';
import { type MadeBy, type MonthlyGift, recordMonthlyChange } from './monthly-record';
import { isFinalSubscriptionStatus, recordReportedStatus } from './subscription-status';

/**
 * A new mandate for a monthly gift: what Razorpay offers where it cannot change one (a UPI
 * mandate's amount; a new card or UPI account for any mandate, since no API call swaps a
 * subscription's payment method). The new gift is the old one's donation copied, every column
 * (name, PAN, purpose, an animal or appeal it is for, language…) but the amount and what a payment
 * sets, with its own Razorpay subscription; the donor authorises it in Razorpay's checkout. Once it
 * is authorised, the old mandate is cancelled at the end of its month already paid (at once when it
 * is not running), so the donor is never charged twice for one cause without seeing it.
 */

/** Columns a payment or staff sets on a donation: a new mandate's donation starts without them. */
const RESET = `'amount', ?::int, 'refunded_amount', 0, 'razorpay_order_id', null, 'razorpay_payment_id', null,
  'razorpay_signature', null, 'status', 'pending', 'subscription_id', null, 'created_at', now(),
  'received_on', null, 'reference', null, 'bank', null, 'instrument_date', null, 'kind_description', null,
  'recorded_by', null, 'offline_key', null, 'bounced_at', null, 'bounce_reason', null, 'settlement_id', null,
  'donor_id', null, 'news_consent_wish', false, 'erased_at', null`;

export async function startNewMandate(
  em: EntityManager,
  deps: { plans: PlanCatalog; keyId: string; donorLinks: DonorLinks },
  gift: MonthlyGift,
  amount: number,
  madeBy: MadeBy,
): Promise<CreateSubscriptionOutput> {
  if (isFinalSubscriptionStatus(gift.status)) {
    throw new DomainError(
      'CONFLICT',
      `This monthly gift is already ${gift.status}; start a new one on the donate page.`,
    );
  }
  if (gift.endsAt) throw new DomainError('CONFLICT', 'This monthly gift already ends with the month paid.');
  // One replacement at a time: two started (two tabs) and both authorised would both charge.
  const [waiting] = await em.execute<{ id: number }[]>(
    `select id from subscriptions where replaces_subscription_id = ? and status in ('created', 'authenticated', 'active')`,
    [gift.id],
  );
  if (waiting)
    throw new DomainError(
      'CONFLICT',
      'A new mandate for this gift is already started: finish it from the link you were given, or wait for it to lapse.',
    );
  const [copy] = await em.execute<{ id: number; name: string; email: string; phone: string; purpose: string | null }[]>(
    `insert into donations
     select (jsonb_populate_record(null::donations,
               to_jsonb(d) || jsonb_build_object('id', nextval(pg_get_serial_sequence('donations', 'id')), ${RESET}))).*
       from donations d where d.id = (select donation_id from subscriptions where id = ?)
     returning id, name, email, phone, purpose`,
    [amount, gift.id],
  );
  if (!copy) throw new DomainError('NOT_FOUND', `No monthly gift ${gift.id}`);
  let created: Awaited<ReturnType<PlanCatalog['subscribe']>>;
  try {
    created = await deps.plans.subscribe(amount, {
      totalCount: SUBSCRIPTION_TOTAL_COUNT,
      notes: { donation_id: String(copy.id), replaces: gift.razorpaySubscriptionId ?? '' },
    });
  } catch (error) {
    await em.execute(`update donations set status = 'failed' where id = ? and status = 'pending'`, [copy.id]);
    throw new DomainError('BAD_GATEWAY', 'Razorpay could not be reached; nothing was changed.', { cause: error });
  }
  await em.transactional(async (tx) => {
    await tx.execute(
      // The animal a sponsor's gift is for goes with it to the new mandate (animals/sponsors/).
      `insert into subscriptions (donation_id, razorpay_subscription_id, razorpay_plan_id, replaces_subscription_id, animal_id)
       values (?, ?, ?, ?, (select animal_id from subscriptions where id = ?))`,
      [copy.id, created.subscription.id, created.planId, gift.id, gift.id],
    );
    await recordMonthlyChange(tx, deps.donorLinks, {
      subscriptionId: gift.id,
      kind: 'new_mandate_started',
      madeBy,
      amountBefore: gift.amount,
      amountAfter: amount,
    });
  });
  const { id, name, email, phone, purpose } = copy;
  return {
    donation: { id, name, email, phone, amount, donationType: 'monthly', purpose },
    razorpayKeyId: deps.keyId,
    subscription: { id: created.subscription.id },
  };
}

/**
 * Every old mandate whose new one is authorised (authenticated or active) and not yet told to
 * end: cancelled at Razorpay at its cycle's end (at once if it is not running), then recorded
 * with the donor's confirmation. Called after the donor's checkout and by the reconciler's pass,
 * so a donor who closes the tab is still not charged twice. Returns how many it ended.
 */
export async function completeNewMandates(
  em: EntityManager,
  deps: { gateway: Pick<PaymentGateway, 'cancelSubscription'>; donorLinks: DonorLinks },
  only?: { email: string },
): Promise<number> {
  const rows = await em.execute<{ id: number; status: string; razorpay: string; amount: number }[]>(
    `select old.id, old.status, old.razorpay_subscription_id as razorpay, d.amount
       from subscriptions new
       join subscriptions old on old.id = new.replaces_subscription_id
       join donations d on d.id = new.donation_id
      where new.status in ('authenticated', 'active') and old.ends_at is null
        and old.status not in ('cancelled', 'completed', 'expired') and old.razorpay_subscription_id is not null
        ${only ? 'and lower(d.email) = ?' : ''}`,
    only ? [only.email] : [],
  );
  let ended = 0;
  for (const row of rows) {
    const atCycleEnd = row.status === 'active';
    let endsOn: Date | null = null;
    try {
      const remote = await deps.gateway.cancelSubscription(row.razorpay, { atCycleEnd });
      endsOn = atCycleEnd && remote.current_end ? new Date(remote.current_end * 1000) : null;
    } catch {
      continue; // Razorpay refused or was away: the next pass tries again.
    }
    await em.transactional(async (tx) => {
      await tx.execute('update subscriptions set ends_at = coalesce(?, now()) where id = ?', [endsOn, row.id]);
      if (!atCycleEnd) await recordReportedStatus(tx, { id: row.id, status: row.status as never }, 'cancelled');
      await recordMonthlyChange(
        tx,
        deps.donorLinks,
        { subscriptionId: row.id, kind: 'mandate_replaced', madeBy: 'donor', effectiveAt: endsOn },
        () => ({ kind: 'mandate_replaced', amount: Number(row.amount), endsOn }),
      );
    });
    ended += 1;
  }
  return ended;
}
