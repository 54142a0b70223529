import type { EntityManager } from '@mikro-orm/postgresql';
import { financialYearOf, financialYearStarting } from '../../../shared/india-time';
import { monthlyChangesOf } from '../../gifts/settlement/monthly-record';
import { DomainError } from '../../platform/core/domain-error';
import { isoTime } from '../../platform/db/sql-time';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';
import { GIFT_AT, KEPT } from './gift-sql';
import { type Proposal, proposalsFor } from './proposals';

/**
 * A donor's page in the console: every gift with its receipt and mode, their monthly gifts,
 * certificates, the mails sent to them, appeals given to, languages used and consent to news; the
 * rollups; the records proposed as the same person and the merges that can be undone. Mails,
 * certificates and consent are found by the addresses the donor's gifts carry (they belong to an
 * address, not to a record), so a merge brings them along without changing them.
 */
export interface DonorGift {
  id: number;
  /** ISO-8601 UTC: when given (a gift recorded by staff: the India day received). */
  givenAt: string;
  /** Paise. */
  amount: number;
  /** Paise refunded: all of a refunded gift, the part of a paid one. */
  refundedAmount: number;
  status: string;
  mode: string;
  donationType: string;
  language: string;
  appealTitle: string | null;
  taxIdMasked: string | null;
  receiptId: number | null;
  receiptNumber: string | null;
  receiptStatus: string | null;
}

export async function donorRecord(em: EntityManager, cipher: FieldCipher, id: number, now = new Date()) {
  const thisYear = financialYearOf(now);
  const lastYear = financialYearStarting(thisYear.startYear - 1);
  const [donor] = await em.execute<
    {
      id: number;
      name: string | null;
      email: string | null;
      phone: string | null;
      mergedIntoId: number | null;
      giftCount: number;
      lifetimeTotal: string;
      largestGift: number;
      firstGiftAt: string | null;
      lastGiftAt: string | null;
      thisYear: string;
      lastYear: string;
    }[]
  >(
    `select o.id, o.name, o.email, o.phone, o.merged_into_id as "mergedIntoId", o.gift_count as "giftCount",
            o.lifetime_total as "lifetimeTotal", o.largest_gift as "largestGift",
            ${isoTime('o.first_gift_at')} as "firstGiftAt", ${isoTime('o.last_gift_at')} as "lastGiftAt",
            (select coalesce(sum(${KEPT}), 0) from donations d
              where d.donor_id = o.id and ${GIFT_AT} >= ? and ${GIFT_AT} < ?) as "thisYear",
            (select coalesce(sum(${KEPT}), 0) from donations d
              where d.donor_id = o.id and ${GIFT_AT} >= ? and ${GIFT_AT} < ?) as "lastYear"
       from donors o where o.id = ?`,
    [thisYear.start, thisYear.end, lastYear.start, lastYear.end, id],
  );
  if (!donor) throw new DomainError('NOT_FOUND', `No donor ${id}`);
  // A merged record has no gifts of its own: the console shows the record it was merged into.
  if (donor.mergedIntoId !== null) return { mergedIntoId: donor.mergedIntoId } as const;

  const gifts = await em.execute<(DonorGift & { email: string; subscriptionId: number | null })[]>(
    `select d.id, ${isoTime(GIFT_AT)} as "givenAt", d.amount,
            case when d.status = 'refunded' then d.amount else d.refunded_amount end as "refundedAmount",
            d.status, d.mode, d.donation_type as "donationType", d.language, a.title as "appealTitle",
            d.tax_id_masked as "taxIdMasked", r.id as "receiptId", r.number as "receiptNumber", r.status as "receiptStatus",
            d.email, d.subscription_id as "subscriptionId"
       from donations d
       left join appeals a on a.id = d.appeal_id
       left join lateral (select id, number, status from receipts where donation_id = d.id order by id desc limit 1) r on true
      where d.donor_id = ? order by ${GIFT_AT} desc, d.id desc`,
    [id],
  );
  const emails = [...new Set(gifts.map((gift) => gift.email.trim().toLowerCase()).filter((email) => email !== ''))];
  const giftIds = gifts.map((gift) => gift.id);
  const chargedOn = [...new Set(gifts.map((gift) => gift.subscriptionId).filter((sub) => sub !== null))];

  // Each monthly gift by its id: the donor's first gifts' subscriptions and those their charges name,
  // two index look-ups (one query with an OR of both read every subscription and donation).
  const monthlyRows = await em.execute<
    {
      id: number;
      razorpaySubscriptionId: string | null;
      status: string;
      amount: number;
      startedAt: string;
      paymentMethod: string | null;
      endsAt: string | null;
    }[]
  >(
    // The amount each charge is now: the donor's latest change, else the first gift's (gifts/settlement/monthly-changes.ts).
    `select s.id, s.razorpay_subscription_id as "razorpaySubscriptionId", s.status,
            coalesce(s.monthly_amount, (select d.amount from donations d where d.id = s.donation_id)) as amount,
            ${isoTime('s.created_at')} as "startedAt", s.payment_method as "paymentMethod", ${isoTime('s.ends_at')} as "endsAt"
       from subscriptions s
      where s.id in (select id from subscriptions where donation_id = any(?::int[]) union select unnest(?::int[]))
      order by s.id desc`,
    [intArray(giftIds), intArray(chargedOn)],
  );
  // Each change made to them (amount, pause, resume, cancellation, a new mandate), by whom and when.
  const changes = await monthlyChangesOf(
    em,
    monthlyRows.map((row) => row.id),
  );
  const monthly = monthlyRows.map((row) => ({
    ...row,
    amount: Number(row.amount),
    changes: changes.filter((change) => change.subscriptionId === row.id),
  }));
  const byAddress = JSON.stringify(emails);
  const certificates = await em.execute<
    { id: number; financialYear: string; status: string; donorIdMasked: string | null; amount: number | null }[]
  >(
    `select id, financial_year as "financialYear", status, donor_id_masked as "donorIdMasked", amount
       from donor_certificates where lower(donor_email) in (select jsonb_array_elements_text(?::jsonb))
      order by financial_year desc, id desc`,
    [byAddress],
  );
  const mails = await em.execute<{ id: number; kind: string; subject: string; status: string; createdAt: string }[]>(
    `select id, kind, subject, status, ${isoTime('created_at')} as "createdAt"
       from mail_outbox where lower(recipient) in (select jsonb_array_elements_text(?::jsonb))
      order by created_at desc, id desc limit 200`,
    [byAddress],
  );
  const [consent] = await em.execute<{ consented: boolean; at: string }[]>(
    `select consented, ${isoTime('created_at')} as at from news_consents
      where email in (select jsonb_array_elements_text(?::jsonb)) order by id desc limit 1`,
    [byAddress],
  );
  const merges = await em.execute<{ id: number; fromId: number; mergedBy: string; mergedAt: string; gifts: number }[]>(
    `select id, from_id as "fromId", merged_by as "mergedBy", ${isoTime('merged_at')} as "mergedAt",
            jsonb_array_length(donation_ids) as gifts
       from donor_merges where into_id = ? and undone_at is null order by id desc`,
    [id],
  );
  const proposals: Proposal[] = await proposalsFor(em, cipher, id);

  return {
    mergedIntoId: null,
    donor: { id: donor.id, name: donor.name, email: donor.email, phone: donor.phone, emails },
    rollups: {
      /** Paise kept, as every figure here. */
      lifetimeTotal: Number(donor.lifetimeTotal),
      thisFinancialYear: { label: thisYear.label, amount: Number(donor.thisYear) },
      lastFinancialYear: { label: lastYear.label, amount: Number(donor.lastYear) },
      firstGiftAt: donor.firstGiftAt,
      lastGiftAt: donor.lastGiftAt,
      largestGift: donor.largestGift,
      giftCount: donor.giftCount,
    },
    gifts: gifts.map(({ email: _email, subscriptionId: _sub, ...gift }) => ({
      ...gift,
      amount: Number(gift.amount),
      refundedAmount: Number(gift.refundedAmount),
    })),
    monthly,
    certificates,
    mails,
    appeals: [...new Set(gifts.map((gift) => gift.appealTitle).filter((title) => title !== null))],
    languages: [...new Set(gifts.map((gift) => gift.language))],
    newsConsent: consent ? { consented: consent.consented, at: consent.at } : null,
    proposals,
    merges,
  } as const;
}

/** A PostgreSQL int[] literal: one parameter, where an array would become a list of them. */
const intArray = (values: number[]) => `{${values.map((value) => Math.trunc(value)).join(',')}}`;
