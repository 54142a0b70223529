import type { EntityManager } from '@mikro-orm/postgresql';
import type { SubscriptionStatus } from '../../../shared/donation-states';
import { audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import { isoTime } from '../../platform/db/sql-time';
import { actorOf, type StaffActor } from '../../platform/staff/staff-actor';
import { Subscription } from '../donations/subscription.entity';
import type { PaymentGateway } from '../payments/gateway';
import { cancelSubscription as cancelMonthlyGift } from '../settlement/cancel-subscription';
import type { DonorLinks } from '../settlement/donor-notices';

/** What the console needs of the payment gateway to stop a monthly gift. */
export type SubscriptionCanceller = Pick<PaymentGateway, 'cancelSubscription'>;

/** One monthly donor as the console lists them; times are ISO-8601 UTC, amounts paise. */
export interface SubscriptionRow {
  id: number;
  status: SubscriptionStatus;
  razorpaySubscriptionId: string | null;
  createdAt: string;
  donationId: number | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  amount: number | null;
  charges: number;
  chargedTotal: number;
  lastChargeAt: string | null;
  nextChargeAt: string | null;
}

/** Monthly donors, newest first: their gift, the charges so far and when the next one is due. */
export async function listSubscriptions({
  em,
  input,
}: {
  em: EntityManager;
  input: { status?: SubscriptionStatus; page: number; pageSize: number };
}) {
  const status = input.status ?? null;
  // chargedTotal arrives as bigint text from pg: made a number below.
  const rows = await em.execute<(Omit<SubscriptionRow, 'chargedTotal'> & { chargedTotal: string })[]>(
    `with page as (
       select s.id, s.status, s.razorpay_subscription_id as "razorpaySubscriptionId", s.created_at,
              s.donation_id as "donationId", d.name, d.email, d.phone, d.amount
         from subscriptions s left join donations d on d.id = s.donation_id
        where (?::text is null or s.status = ?)
        order by s.created_at desc, s.id desc limit ? offset ?)
     select page.id, page.status, page."razorpaySubscriptionId", ${isoTime('page.created_at')} as "createdAt",
            page."donationId", page.name, page.email, page.phone, page.amount, c.charges, c.total as "chargedTotal",
            ${isoTime('c.last')} as "lastChargeAt",
            case when page.status = 'active' then ${isoTime("c.last + interval '1 month'")} end as "nextChargeAt"
       from page left join lateral (
         select count(*)::int as charges, coalesce(sum(x.amount), 0)::bigint as total, max(x.created_at) as last
           from donations x
          where x.status in ('paid', 'refunded') and (x.id = page."donationId" or x.subscription_id = page.id)) c on true
      order by page.created_at desc, page.id desc`,
    [status, status, input.pageSize, (input.page - 1) * input.pageSize],
  );
  const [count] = await em.execute<{ total: string }[]>(
    'select count(*) as total from subscriptions where (?::text is null or status = ?)',
    [status, status],
  );
  return {
    rows: rows.map((row): SubscriptionRow => ({ ...row, chargedTotal: Number(row.chargedTotal) })),
    total: Number(count?.total ?? 0),
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** Cancels at Razorpay, then here (gifts/settlement/cancel-subscription.ts), and records who did it. */
export async function cancelSubscription({
  em,
  staff,
  input,
  subscriptions,
  donorLinks,
}: {
  em: EntityManager;
  staff: StaffActor;
  input: { id: number };
  subscriptions: SubscriptionCanceller;
  donorLinks: DonorLinks;
}): Promise<{ id: number; status: string }> {
  const subscription = await em.findOne(Subscription, { id: input.id });
  if (!subscription) throw new DomainError('NOT_FOUND', `No subscription ${input.id}`);
  const outcome = await cancelMonthlyGift(em, { gateway: subscriptions, donorLinks }, subscription);
  if (!outcome.ok) {
    if (outcome.reason === 'finished') {
      throw new DomainError('CONFLICT', `The subscription is already ${outcome.status}`);
    }
    if (outcome.reason === 'never_started') {
      throw new DomainError('CONFLICT', 'The subscription never reached Razorpay: there is nothing to cancel');
    }
    throw new DomainError('BAD_GATEWAY', 'Razorpay did not cancel the subscription; nothing was changed', {
      cause: outcome.cause,
    });
  }
  await audit(em, actorOf(staff), 'subscription_cancelled', {
    subscriptionId: subscription.id,
    razorpaySubscriptionId: subscription.razorpaySubscriptionId,
    previousStatus: outcome.previousStatus,
  });
  return { id: subscription.id, status: 'cancelled' };
}
