import type { EntityManager } from '@mikro-orm/postgresql';
import type { SubscriptionStatus } from '../../../shared/donation-states';
import type { PaymentGateway } from '../../gifts/payments/gateway';
import { cancelSubscription } from '../../gifts/settlement/cancel-subscription';
import type { DonorLinks } from '../../gifts/settlement/donor-notices';
import { audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import { type DonorActor, donorAuditActor } from './donor-actor';

export const NEW_AMOUNT_NOTE =
  'To give a different amount each month, start a new monthly gift on the donate page; this one is stopped.';

/**
 * A donor stops their own monthly gift (gifts/settlement/cancel-subscription.ts: Razorpay first, then the
 * books and the donor's mail). Someone else's subscription is "not found", never "forbidden".
 */
export async function cancelDonorMonthlyGift({
  em,
  donor,
  gateway,
  donorLinks,
  subscriptionId,
  siteUrl,
}: {
  em: EntityManager;
  donor: DonorActor;
  gateway: Pick<PaymentGateway, 'cancelSubscription'>;
  donorLinks: DonorLinks;
  subscriptionId: number;
  siteUrl: string;
}) {
  const [row] = await em.execute<{ id: number; status: SubscriptionStatus; razorpay: string | null }[]>(
    `select s.id, s.status, s.razorpay_subscription_id as razorpay
       from subscriptions s join donations d on d.id = s.donation_id where s.id = ? and lower(d.email) = ?`,
    [subscriptionId, donor.email],
  );
  if (!row) throw new DomainError('NOT_FOUND', `No monthly gift ${subscriptionId} of yours`);
  const outcome = await cancelSubscription(
    em,
    { gateway, donorLinks, madeBy: 'donor' },
    { id: row.id, status: row.status, razorpaySubscriptionId: row.razorpay },
  );
  if (!outcome.ok && outcome.reason === 'finished') {
    throw new DomainError('CONFLICT', `This monthly gift is already ${outcome.status}`);
  }
  if (!outcome.ok && outcome.reason === 'never_started') {
    throw new DomainError('CONFLICT', 'This monthly gift never started');
  }
  if (!outcome.ok) {
    throw new DomainError('BAD_GATEWAY', 'Razorpay did not cancel it; nothing was changed', { cause: outcome.cause });
  }
  await audit(em, donorAuditActor(donor), 'donor_subscription_cancelled', {
    subscriptionId: row.id,
    razorpaySubscriptionId: row.razorpay,
    previousStatus: row.status,
  });
  return {
    id: row.id,
    status: 'cancelled' as const,
    note: NEW_AMOUNT_NOTE,
    // The form opens on a monthly gift: the donor only picks the new amount.
    donateUrl: new URL('/donate?type=monthly', siteUrl).toString(),
  };
}
