import type { EntityManager } from '@mikro-orm/postgresql';
import type { SubscriptionStatus } from '../../../shared/donation-states';
import type { Language } from '../../../shared/languages';
import { isoTime } from '../../platform/db/sql-time';
import { type MonthlyChangeWhat, monthlyChangeMail } from '../../platform/mail/monthly-change-mails';
import { enqueueMail } from '../../platform/mail/outbox';
import { publishedContact } from '../../platform/site-content/published-contact';
import type { DonorLinks } from './donor-notices';

/**
 * A monthly gift as its changes read it, and the one place a change is written down: its row in
 * `monthly_changes` and the donor's confirmation mail, in the caller's transaction (so a change
 * exists exactly when its mail does), keyed by the change so nothing is mailed twice.
 */

export type MadeBy = 'donor' | 'staff' | 'razorpay';
export type MonthlyChangeKind =
  | 'amount_changed'
  | 'paused'
  | 'resumed'
  | 'cancel_at_cycle_end'
  | 'cancelled'
  | 'new_mandate_started'
  | 'mandate_replaced';

export interface MonthlyGift {
  id: number;
  status: SubscriptionStatus;
  razorpaySubscriptionId: string | null;
  razorpayPlanId: string | null;
  /** What each charge is now (paise): the donor's latest change, else the first gift's amount. */
  amount: number;
  paymentMethod: string | null;
  endsAt: Date | null;
  email: string;
}

const GIFT_SQL = `select s.id, s.status, s.razorpay_subscription_id as "razorpaySubscriptionId",
         s.razorpay_plan_id as "razorpayPlanId", coalesce(s.monthly_amount, d.amount) as amount,
         s.payment_method as "paymentMethod", s.ends_at as "endsAt", d.email
    from subscriptions s join donations d on d.id = s.donation_id`;

/** The monthly gift, read in the caller's transaction; `email` (normalised) limits it to that donor's. */
export async function monthlyGiftOf(
  em: EntityManager,
  subscriptionId: number,
  email?: string,
): Promise<MonthlyGift | null> {
  const [row] = await em.execute<MonthlyGift[]>(
    `${GIFT_SQL} where s.id = ?${email === undefined ? '' : ' and lower(d.email) = ?'}`,
    email === undefined ? [subscriptionId] : [subscriptionId, email],
  );
  return row ? { ...row, amount: Number(row.amount), endsAt: row.endsAt ? new Date(row.endsAt) : null } : null;
}

/** Every amount a subscription's charges have had: its first gift's and each change's. A charge of any of them is its own. */
export async function monthlyAmountsOf(em: EntityManager, subscriptionId: number): Promise<number[]> {
  const rows = await em.execute<{ amount: number }[]>(
    `select d.amount from subscriptions s join donations d on d.id = s.donation_id where s.id = ?
     union select s.monthly_amount from subscriptions s where s.id = ? and s.monthly_amount is not null
     union select c.amount_after from monthly_changes c where c.subscription_id = ? and c.kind = 'amount_changed'`,
    [subscriptionId, subscriptionId, subscriptionId],
  );
  return rows.map((row) => Number(row.amount));
}

export interface MonthlyChange {
  subscriptionId: number;
  kind: MonthlyChangeKind;
  madeBy: MadeBy;
  amountBefore?: number | null;
  amountAfter?: number | null;
  /** From when it counts: the next charge, the cycle's end. */
  effectiveAt?: Date | null;
}

/** The mail's facts, from the gift's amount now (after the change). */
type MailOf = (current: { amount: number }) => MonthlyChangeWhat;

/** Writes the change; with `mail`, the donor's confirmation too (in their language). Returns the change's id. */
export async function recordMonthlyChange(
  em: EntityManager,
  donorLinks: DonorLinks,
  change: MonthlyChange,
  mail?: MailOf,
): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>(
    `insert into monthly_changes (subscription_id, kind, amount_before, amount_after, effective_at, made_by)
     values (?, ?, ?, ?, ?, ?) returning id`,
    [
      change.subscriptionId,
      change.kind,
      change.amountBefore ?? null,
      change.amountAfter ?? null,
      change.effectiveAt ?? null,
      change.madeBy,
    ],
  );
  const id = Number(row?.id);
  if (!mail) return id;
  const [donor] = await em.execute<{ name: string; email: string; language: Language; amount: number }[]>(
    `select d.name, d.email, d.language, coalesce(s.monthly_amount, d.amount) as amount
       from subscriptions s join donations d on d.id = s.donation_id where s.id = ?`,
    [change.subscriptionId],
  );
  if (!donor?.email) return id;
  const content = monthlyChangeMail({
    ...mail({ amount: Number(donor.amount) }),
    donorName: donor.name,
    language: donor.language,
    donorPageUrl: donorLinks.donorPageUrl(donor.email, donor.language),
    contact: await publishedContact(em),
  });
  await enqueueMail(em, { eventKey: `monthly-change-${id}`, kind: 'monthly-change', to: donor.email, ...content });
  return id;
}

/** The changes of a subscription, oldest first, as the donor's page and the console show them. */
export async function monthlyChangesOf(em: EntityManager, subscriptionIds: number[]) {
  if (subscriptionIds.length === 0) return [];
  const rows = await em.execute<Record<string, unknown>[]>(
    `select id, subscription_id as "subscriptionId", kind, amount_before as "amountBefore", amount_after as "amountAfter",
            ${isoTime('effective_at')} as "effectiveAt", made_by as "madeBy", ${isoTime('created_at')} as "at"
       from monthly_changes where subscription_id in (${subscriptionIds.map(() => '?').join(', ')}) order by id`,
    subscriptionIds,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    subscriptionId: Number(row.subscriptionId),
    kind: row.kind as MonthlyChangeKind,
    amountBefore: row.amountBefore === null ? null : Number(row.amountBefore),
    amountAfter: row.amountAfter === null ? null : Number(row.amountAfter),
    effectiveAt: (row.effectiveAt as string | null) ?? null,
    madeBy: row.madeBy as MadeBy,
    at: String(row.at),
  }));
}
