import type { EntityManager } from '@mikro-orm/postgresql';
import { TRPCError } from '@trpc/server';
import { Subscription } from '../donations/subscription.entity';
import type { PaymentGateway } from '../payments/gateway';
import { audit } from '../staff/audit';
import { type DonorActor, donorAuditActor } from './donor-procedure';

const FINISHED = ['cancelled', 'completed', 'expired'];

export const NEW_AMOUNT_NOTE =
  'To give a different amount each month, start a new monthly gift on the donate page; this one is stopped.';

/**
 * A donor stops their own monthly gift: at Razorpay first, then here, so the books never say
 * cancelled while Razorpay still charges. Someone else's subscription is "not found", never "forbidden".
 */
export async function cancelDonorMonthlyGift({
  em,
  donor,
  gateway,
  subscriptionId,
  siteUrl,
}: {
  em: EntityManager;
  donor: DonorActor;
  gateway: Pick<PaymentGateway, 'cancelSubscription'>;
  subscriptionId: number;
  siteUrl: string;
}) {
  const [row] = await em.getConnection().execute<{ id: number; status: string; razorpay: string | null }[]>(
    `select s.id, s.status, s.razorpay_subscription_id as razorpay
       from subscriptions s join donations d on d.id = s.donation_id where s.id = ? and lower(d.email) = ?`,
    [subscriptionId, donor.email],
  );
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: `No monthly gift ${subscriptionId} of yours` });
  if (FINISHED.includes(row.status)) {
    throw new TRPCError({ code: 'CONFLICT', message: `This monthly gift is already ${row.status}` });
  }
  if (!row.razorpay) throw new TRPCError({ code: 'CONFLICT', message: 'This monthly gift never started' });
  try {
    await gateway.cancelSubscription(row.razorpay);
  } catch (error) {
    throw new TRPCError({
      code: 'BAD_GATEWAY',
      message: 'Razorpay did not cancel it; nothing was changed',
      cause: error,
    });
  }
  await em.nativeUpdate(Subscription, { id: row.id }, { status: 'cancelled' });
  await audit(em, donorAuditActor(donor), 'donor_subscription_cancelled', {
    subscriptionId: row.id,
    razorpaySubscriptionId: row.razorpay,
    previousStatus: row.status,
  });
  return {
    id: row.id,
    status: 'cancelled' as const,
    note: NEW_AMOUNT_NOTE,
    donateUrl: new URL('/donate', siteUrl).toString(),
  };
}
