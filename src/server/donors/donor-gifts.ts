import type { EntityManager } from '@mikro-orm/postgresql';
import { isoTime } from '../staff/sql-time';
import { OWN_RECEIPT } from './donor-receipts';

/**
 * What a donor's page shows: every paid or refunded gift with its receipt, their monthly gifts,
 * and the financial years that have receipts (one statement each). Found by the normalised e-mail.
 */
export async function listDonorGifts(em: EntityManager, email: string) {
  const gifts = await em.execute<Record<string, unknown>[]>(
    `select d.id, ${isoTime('d.created_at')} as "date", d.amount, d.donation_type as "donationType", d.purpose,
            d.status, r.id as "receiptId", r.number as "receiptNumber", r.status as "receiptStatus",
            r.financial_year as "financialYear"
       from donations d left join receipts r on r.payment_id = d.razorpay_payment_id
      where lower(d.email) = ? and d.status in ('paid', 'refunded')
      order by d.created_at desc, d.id desc`,
    [email],
  );
  const monthly = await em.execute<Record<string, unknown>[]>(
    `select s.id, s.status, d.amount, d.purpose, ${isoTime('s.created_at')} as "startedAt",
            s.status not in ('cancelled', 'completed', 'expired') and s.razorpay_subscription_id is not null as "canCancel"
       from subscriptions s join donations d on d.id = s.donation_id
      where lower(d.email) = ? order by s.created_at desc, s.id desc`,
    [email],
  );
  const years = await em.execute<{ year: string }[]>(
    `select distinct r.financial_year as year from receipts r
      where ${OWN_RECEIPT} and r.status = 'issued' order by r.financial_year desc`,
    [email],
  );
  const [pending] = await em.execute<{ id: number }[]>(
    `select id from erasure_requests where email = ? and status = 'requested' limit 1`,
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
      status: gift.status as 'paid' | 'refunded',
      receipt: gift.receiptId
        ? { id: Number(gift.receiptId), number: String(gift.receiptNumber), status: String(gift.receiptStatus) }
        : null,
    })),
    monthly: monthly.map((row) => ({
      id: Number(row.id),
      status: String(row.status),
      amount: Number(row.amount),
      purpose: (row.purpose as string | null) ?? null,
      startedAt: String(row.startedAt),
      canCancel: Boolean(row.canCancel),
    })),
    statementYears: years.map((row) => row.year),
    erasureRequested: Boolean(pending),
  };
}
