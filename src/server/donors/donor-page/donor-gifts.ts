import type { EntityManager } from '@mikro-orm/postgresql';
import { type AnimalStatus, LEFT_CARE_STATUSES } from '../../../shared/animals';
import type { GiftMode } from '../../../shared/gift-modes';
import { sponsorToken } from '../../animals/sponsors/sponsor-token';
import { erasureRequestsOfSql } from '../../gifts/donor-keys/person-of-address';
import { monthlyChangesOf } from '../../gifts/settlement/monthly-record';
import { isoTime } from '../../platform/db/sql-time';
import { OWN_RECEIPT } from './donor-receipts';

/**
 * What My giving offers for a monthly gift, by what Razorpay allows (gifts/settlement/monthly-changes.ts):
 * the amount of a running one (a UPI mandate's through a new mandate), pause an active one, resume a
 * paused one, cancel at the end of the month paid an active one, a new mandate for any still running.
 */
function monthlyChoices(gift: {
  status: string;
  canCancel: boolean;
  endsAt: string | null;
  paymentMethod: string | null;
}) {
  const open = gift.canCancel && gift.endsAt === null;
  const running = open && (gift.status === 'active' || gift.status === 'authenticated');
  return {
    endsAt: gift.endsAt,
    /** card, upi… as Razorpay reported the mandate; null until known. */
    paymentMethod: gift.paymentMethod,
    canChangeAmount: running,
    /** Razorpay refuses to change a UPI mandate's amount: a new mandate does it. */
    amountNeedsNewMandate: running && gift.paymentMethod === 'upi',
    canPause: open && gift.status === 'active',
    canResume: gift.canCancel && gift.status === 'paused',
    canCancelAtCycleEnd: open && gift.status === 'active',
    canReplaceMandate: open && gift.status !== 'created',
  };
}

/**
 * What a donor's page shows: every paid, refunded or bounced gift with its receipt (online gifts'
 * by their payment, gifts staff recorded by their donation), their monthly gifts, and the financial
 * years that have receipts (one statement each). Found by the normalised e-mail; a walk-in gift
 * recorded without one belongs to nobody's page. A gift received outside the website is dated the
 * day it came, not the day it was recorded.
 */
/** When the gift came: the India day staff recorded for a gift outside the website, else its creation. */
const GIFT_DAY = "coalesce(d.received_on::timestamp at time zone 'Asia/Kolkata', d.created_at)";

/**
 * `personalDataKey` signs the sponsor's-page link of a gift whose animal has left care (`animalLeft`):
 * that gift is not resumed here but carried to another animal or stopped there.
 */
export async function listDonorGifts(em: EntityManager, email: string, personalDataKey?: Buffer) {
  const gifts = await em.execute<Record<string, unknown>[]>(
    `select d.id, ${isoTime(GIFT_DAY)} as "date",
            case when d.status = 'paid' then d.amount - d.refunded_amount else d.amount end as amount, d.donation_type as "donationType", d.purpose,
            d.status, d.mode, r.id as "receiptId", r.number as "receiptNumber", r.status as "receiptStatus",
            r.financial_year as "financialYear", coalesce(r.appeal_title, a.title) as "appealTitle",
            a.slug as "appealSlug"
       from donations d
       left join appeals a on a.id = d.appeal_id
       -- The gift's newest receipt: after a partial refund, the one for the amount kept.
       left join lateral (select * from receipts r
                           where r.payment_id = d.razorpay_payment_id or (d.mode <> 'online' and r.donation_id = d.id)
                           order by r.id desc limit 1) r on true
      where lower(d.email) = ? and d.email <> '' and d.status in ('paid', 'refunded', 'bounced')
      order by ${GIFT_DAY} desc, d.id desc`,
    [email],
  );
  const monthly = await em.execute<Record<string, unknown>[]>(
    `select s.id, s.status, coalesce(s.monthly_amount, d.amount) as amount, d.purpose, ${isoTime('s.created_at')} as "startedAt",
            s.status not in ('cancelled', 'completed', 'expired') and s.razorpay_subscription_id is not null as "canCancel",
            s.payment_method as "paymentMethod", ${isoTime('s.ends_at')} as "endsAt", an.name as "animalName", an.status as "animalStatus"
       from subscriptions s join donations d on d.id = s.donation_id
       left join animals an on an.id = s.animal_id
      -- A new mandate the donor never authorised is not a gift (new-mandate.ts).
      where lower(d.email) = ? and not (s.replaces_subscription_id is not null and s.status = 'created')
      order by s.created_at desc, s.id desc`,
    [email],
  );
  const changes = await monthlyChangesOf(
    em,
    monthly.map((row) => Number(row.id)),
  );
  const years = await em.execute<{ year: string }[]>(
    `select distinct r.financial_year as year from receipts r
      where ${OWN_RECEIPT} and r.status = 'issued' order by r.financial_year desc`,
    [email],
  );
  const [pending] = await em.execute<{ id: number }[]>(
    // Asked from any address of the donor's record: the page opened with another spelling shows it (person-of-address.ts).
    `select er.id from ${erasureRequestsOfSql('?')} and er.status = 'requested' order by er.id limit 1`,
    [email],
  );
  return {
    email,
    gifts: gifts.map((gift) => ({
      id: Number(gift.id),
      date: String(gift.date),
      amount: Number(gift.amount),
      donationType: gift.donationType as 'one-time' | 'monthly',
      purpose: (gift.purpose as string | null) ?? null,
      status: gift.status as 'paid' | 'refunded' | 'bounced',
      // The column is CHECK-constrained to GIFT_MODES.
      mode: gift.mode as GiftMode,
      /** The appeal it was given to, named as its receipt names it. */
      appeal: gift.appealTitle
        ? { title: String(gift.appealTitle), slug: (gift.appealSlug as string | null) ?? null }
        : null,
      receipt: gift.receiptId
        ? { id: Number(gift.receiptId), number: String(gift.receiptNumber), status: String(gift.receiptStatus) }
        : null,
    })),
    monthly: monthly.map((row) => {
      const id = Number(row.id);
      // The gift's animal, read with it, has left care (gift-animal-left.ts refuses its resume and new mandate).
      const leftAnimal =
        row.canCancel && LEFT_CARE_STATUSES.includes(row.animalStatus as AnimalStatus)
          ? String(row.animalName)
          : undefined;
      const choices = monthlyChoices({
        status: String(row.status),
        canCancel: Boolean(row.canCancel),
        endsAt: (row.endsAt as string | null) ?? null,
        paymentMethod: (row.paymentMethod as string | null) ?? null,
      });
      return {
        id,
        status: String(row.status),
        amount: Number(row.amount),
        purpose: (row.purpose as string | null) ?? null,
        /** The animal a sponsor's gift is for now (the sponsor's page may have carried it to another). */
        animalName: (row.animalName as string | null) ?? null,
        startedAt: String(row.startedAt),
        canCancel: Boolean(row.canCancel),
        ...choices,
        // Charging again for an animal no longer in care is the sponsor's page's choice, not these buttons'.
        canResume: choices.canResume && leftAnimal === undefined,
        canReplaceMandate: choices.canReplaceMandate && leftAnimal === undefined,
        /** A sponsor's gift whose animal has left care: its name, and the token of the sponsor's page to choose on. */
        animalLeft:
          leftAnimal === undefined
            ? null
            : { name: leftAnimal, choiceToken: personalDataKey ? sponsorToken(id, personalDataKey) : null },
        changes: changes.filter((change) => change.subscriptionId === id),
      };
    }),
    statementYears: years.map((row) => row.year),
    erasureRequested: Boolean(pending),
  };
}
