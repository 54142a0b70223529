import type { EntityManager } from '@mikro-orm/postgresql';
import type { SubscriptionStatus } from '../../../shared/donation-states';
import { audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import { actorOf, type StaffActor } from '../../platform/staff/staff-actor';
import { AT_RISK_STATUSES, type AtRiskStatus } from '../monthly-at-risk/risk-episode.entity';
import { type DonorLinks, noticeMonthlyAtRisk } from './donor-notices';

/**
 * A monthly gift is at risk from the moment Razorpay reports it `pending` (a charge failed; Razorpay
 * retries) or `halted` (the retries ran out) until it is `active` again or ends: one episode. The
 * donor is mailed once per episode, keyed by it, so a second webhook, a late replay or the move from
 * pending to halted sends nothing more; a gift that recovers and fails again later is a new episode.
 *
 * Razorpay tells merchants of a failed charge through the subscription's `pending` (its
 * `payment.failed` carries the invoice's order, not the subscription), and never of a card's
 * expiry: neither the subscription nor the payment entity carries one (docs/architecture.md).
 */

const isAtRisk = (status: SubscriptionStatus): status is AtRiskStatus =>
  (AT_RISK_STATUSES as readonly string[]).includes(status);

/** The episode's first mail; each staff resend has its own key. */
const firstMailKey = (episodeId: number) => `monthly-at-risk-${episodeId}`;
const resentMailKey = (episodeId: number, resend: number) => `monthly-at-risk-${episodeId}-again-${resend}`;

/**
 * Follows a status the subscription just moved to (gifts/settlement/record-events.ts's recordStatus, in
 * its transaction): opens or updates the open episode and queues its mail, or closes it.
 */
export async function trackRiskEpisode(
  em: EntityManager,
  donorLinks: DonorLinks,
  subscriptionId: number,
  status: SubscriptionStatus,
): Promise<void> {
  if (!isAtRisk(status)) {
    await em.execute(
      'update monthly_risk_episodes set ended_at = now() where subscription_id = ? and ended_at is null',
      [subscriptionId],
    );
    return;
  }
  const [episode] = await em.execute<{ id: number }[]>(
    `insert into monthly_risk_episodes (subscription_id, status) values (?, ?)
     on conflict (subscription_id) where ended_at is null
     do update set status = excluded.status, status_changed_at = now()
     returning id`,
    [subscriptionId, status],
  );
  if (!episode) return;
  await noticeMonthlyAtRisk(em, donorLinks, { subscriptionId, status, eventKey: firstMailKey(episode.id) });
}

/** Staff send the episode's mail once more (the donor asked, or lost it): one more message, audited. */
export async function resendAtRiskMail({
  em,
  staff,
  donorLinks,
  input,
}: {
  em: EntityManager;
  staff: StaffActor;
  donorLinks: DonorLinks;
  input: { id: number };
}): Promise<{ id: number; resends: number }> {
  return em.transactional(async (tx) => {
    const [episode] = await tx.execute<{ subscription_id: number; status: AtRiskStatus; mail_resends: number }[]>(
      `update monthly_risk_episodes set mail_resends = mail_resends + 1
        where id = ? and ended_at is null
        returning subscription_id, status, mail_resends`,
      [input.id],
    );
    if (!episode) throw new DomainError('NOT_FOUND', `No monthly gift at risk with episode ${input.id}`);
    const queued = await noticeMonthlyAtRisk(tx, donorLinks, {
      subscriptionId: episode.subscription_id,
      status: episode.status,
      eventKey: resentMailKey(input.id, episode.mail_resends),
    });
    if (!queued) throw new DomainError('CONFLICT', 'The mail could not be queued: the monthly gift has no donor');
    await audit(tx, actorOf(staff), 'monthly_at_risk_mail_resent', {
      episodeId: input.id,
      subscriptionId: episode.subscription_id,
    });
    return { id: input.id, resends: episode.mail_resends };
  });
}
