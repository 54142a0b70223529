import type { EntityManager } from '@mikro-orm/postgresql';
import type { Language } from '../../../shared/languages';
import { isoTime } from '../../platform/db/sql-time';
import type { AtRiskStatus } from './risk-episode.entity';

/** One monthly donor at risk as the console lists them: times ISO-8601 UTC, the amount in paise a month. */
export interface AtRiskRow {
  /** The episode: what staff resend the mail for. */
  id: number;
  subscriptionId: number;
  razorpaySubscriptionId: string | null;
  /** pending: a charge failed and Razorpay retries; halted: the retries ran out. */
  status: AtRiskStatus;
  /** Since when the gift is at risk, and when it last changed (pending → halted). */
  since: string;
  statusChangedAt: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  language: Language | null;
  amount: number | null;
  /** The episode's first mail: queued, sent or failed in the outbox; null when none was queued. */
  mailStatus: string | null;
  mailSentAt: string | null;
  mailResends: number;
}

/**
 * Monthly gifts at risk now, longest at risk first: the open episodes of gifts Razorpay still
 * reports pending or halted (one cancelled meanwhile has ended, whichever path cancelled it).
 */
export async function listAtRisk(em: EntityManager): Promise<AtRiskRow[]> {
  return em.execute<AtRiskRow[]>(
    `select e.id, e.subscription_id as "subscriptionId", s.razorpay_subscription_id as "razorpaySubscriptionId",
            e.status, ${isoTime('e.started_at')} as since, ${isoTime('e.status_changed_at')} as "statusChangedAt",
            d.name, d.email, d.phone, d.language, d.amount,
            m.status as "mailStatus", ${isoTime('m.sent_at')} as "mailSentAt", e.mail_resends as "mailResends"
       from monthly_risk_episodes e
       join subscriptions s on s.id = e.subscription_id
       left join donations d on d.id = s.donation_id
       left join mail_outbox m on m.message_id = 'monthly-at-risk-' || e.id
      where e.ended_at is null and s.status in ('pending', 'halted')
      order by e.started_at, e.id`,
  );
}
