import type { EntityManager } from '@mikro-orm/postgresql';
import type { DonationStatus } from '../../../shared/donation.schema';
import { ERASED, ERASED_EMAIL } from '../../platform/personal-data/erased';
import { type PaymentGateway, PaymentProviderError } from '../payments/gateway';
import { PAYABLE } from './settle';

/**
 * The rule for money that arrives after its donor was erased. Completing an erasure closes the
 * donor's unpaid orders (donors/rights/erasure.ts sets `erased_at` on each of their donations); a payment
 * that still arrives on one, by the checkout's verify, a webhook or reconciliation (record-events.ts),
 * is never receipted nor mailed: the donation is settled `refunded` with that payment, and the
 * refund is owed in the same transaction (`erasure_refunds`, `due`). After the transaction, and on
 * each reconciliation pass while Razorpay cannot be reached, the payment is refunded in full at
 * Razorpay (`refunded`), or Razorpay's refusal is kept for a person (`refused`). Staff see each in
 * the donation's story and the overview's "needs a look".
 */

/** A list of ids bound as one JSON parameter (a JS array would be spread into several). */
const JSON_INTS = '(select value::int from jsonb_array_elements_text(?::jsonb))';

/**
 * Closes an erased donor's orders, in the erasure's transaction: every donation of theirs is marked
 * erased (so a payment arriving on any is held, below), and a checkout still pending, one-time or a
 * monthly gift still being set up, is expired. Returns how many were expired.
 */
export async function closeOrdersOfErasedDonor(em: EntityManager, donationIds: number[], now: Date) {
  const ids = JSON.stringify(donationIds);
  await em.execute(`update donations set erased_at = ? where id in ${JSON_INTS}`, [now, ids]);
  const [closed] = await em.execute<{ count: number }[]>(
    `with closed as (update donations set status = 'expired' where id in ${JSON_INTS} and status = 'pending' returning 1)
     select count(*)::int as count from closed`,
    [ids],
  );
  return closed?.count ?? 0;
}

/** What record-events answers, and the webhook event's outcome, for such a payment. */
export const PAID_AFTER_ERASURE = 'paid_after_erasure';

interface DonationRow {
  id: number;
  status: DonationStatus;
  amount: number;
  erased: boolean;
  razorpay_payment_id: string | null;
}

/**
 * Holds `paymentId` for a refund when it pays a donation its donor's erasure closed: true when it
 * did (or already had). The donation's row is locked first, so an erasure committing meanwhile is
 * either seen here or waits for this payment (and then keeps its receipt, as any paid before).
 * `chargeOf`: a monthly charge on the subscription whose first donation this is; a later charge
 * gets a row of its own, as recordSubscriptionCharge gives it, settled refunded.
 */
export async function holdPaymentAfterErasure(
  em: EntityManager,
  donationId: number,
  paymentId: string,
  chargeOf: { subscriptionId: number } | null = null,
): Promise<boolean> {
  const [donation] = await em.execute<DonationRow[]>(
    `select id, status, amount, erased_at is not null as erased, razorpay_payment_id from donations where id = ? for update`,
    [donationId],
  );
  if (!donation?.erased) return false;
  const [held] = await em.execute<unknown[]>('select 1 from erasure_refunds where payment_id = ?', [paymentId]);
  if (held) return true;
  if (PAYABLE.includes(donation.status)) {
    await em.execute(`update donations set status = 'refunded', razorpay_payment_id = ? where id = ?`, [
      paymentId,
      donation.id,
    ]);
    await owe(em, donation.id, paymentId, donation.amount);
    return true;
  }
  // Paid before the erasure (this payment, or a charge recorded then): kept, as the tax law keeps its receipt.
  if (!chargeOf || donation.razorpay_payment_id === paymentId) return false;
  const [recorded] = await em.execute<unknown[]>('select 1 from donations where razorpay_payment_id = ?', [paymentId]);
  if (recorded) return false;
  const [charge] = await em.execute<{ id: number }[]>(
    `insert into donations (name, email, phone, amount, donation_type, purpose, language, subscription_id,
       razorpay_payment_id, status, erased_at)
     select name, email, phone, amount, donation_type, purpose, language, ?, ?, 'refunded', erased_at
       from donations where id = ? returning id`,
    [chargeOf.subscriptionId, paymentId, donation.id],
  );
  if (charge) await owe(em, charge.id, paymentId, donation.amount);
  return true;
}

function owe(em: EntityManager, donationId: number, paymentId: string, amount: number) {
  return em.execute(
    'insert into erasure_refunds (payment_id, donation_id, amount) values (?, ?, ?) on conflict (payment_id) do nothing',
    [paymentId, donationId, amount],
  );
}

/**
 * Refunds at Razorpay, in full, each payment held after an erasure and not refunded yet (or only
 * `paymentId`'s). Each in its own transaction with its row locked (skipped when another instance
 * holds it), so two passes never refund one payment twice. Razorpay unreachable: it stays due for
 * the next pass; Razorpay refusing (a 4xx): `refused`, for a person to look at.
 */
export async function refundPaymentsAfterErasure(
  em: EntityManager,
  gateway: Pick<PaymentGateway, 'refundPayment'>,
  paymentId?: string,
): Promise<{ refunded: number; failed: number }> {
  const due = await em.execute<{ payment_id: string }[]>(
    `select payment_id from erasure_refunds where status = 'due' and (?::text is null or payment_id = ?)
      order by recorded_at limit 100`,
    [paymentId ?? null, paymentId ?? null],
  );
  const outcome = { refunded: 0, failed: 0 };
  for (const { payment_id: id } of due) {
    const refunded = await em.fork().transactional(async (tx) => {
      const [row] = await tx.execute<unknown[]>(
        `select 1 from erasure_refunds where payment_id = ? and status = 'due' for update skip locked`,
        [id],
      );
      if (!row) return null;
      try {
        const refund = await gateway.refundPayment(id);
        await tx.execute(
          `update erasure_refunds set status = 'refunded', refunded_at = now(), razorpay_refund_id = ?, last_error = null
            where payment_id = ?`,
          [refund.id, id],
        );
        return true;
      } catch (error) {
        const refused = error instanceof PaymentProviderError && error.status !== undefined && error.status < 500;
        await tx.execute(`update erasure_refunds set status = ?, last_error = ? where payment_id = ?`, [
          refused ? 'refused' : 'due',
          error instanceof Error ? error.message : String(error),
          id,
        ]);
        return false;
      }
    });
    if (refunded === true) outcome.refunded += 1;
    if (refunded === false) outcome.failed += 1;
  }
  return outcome;
}

/**
 * Razorpay's webhooks about a held payment carry the erased donor's e-mail and phone as they paid
 * (the payment entity's `email`, `contact`); kept in `webhook_events` they would bring the donor
 * back. Called by the webhook route after each event with a payment: overwrites both on every
 * event of that payment when it is held (one indexed statement; nothing otherwise).
 */
export async function forgetPayerOfHeldPayment(em: EntityManager, paymentId: string): Promise<void> {
  await em.execute(
    `update webhook_events
        set payload = jsonb_set(jsonb_set(payload, '{payload,payment,entity,email}', to_jsonb(?::text)),
                                '{payload,payment,entity,contact}', to_jsonb(?::text))
      where payload #>> '{payload,payment,entity,id}' = ?
        and payload #>> '{payload,payment,entity,email}' is distinct from ?
        and exists (select 1 from erasure_refunds where payment_id = ?)`,
    [ERASED_EMAIL, ERASED, paymentId, ERASED_EMAIL, paymentId],
  );
}

/** How staff read a held payment's refund (the donation's story, the overview's "needs a look"). */
export function erasureRefundNote(refund: { status: string; lastError: string | null }): string {
  if (refund.status === 'refunded') return "Paid after the donor's erasure: refunded in full, no receipt issued";
  if (refund.status === 'refused') {
    return `Paid after the donor's erasure: Razorpay refused the refund (${refund.lastError ?? 'no reason given'}); refund it in Razorpay's dashboard`;
  }
  return `Paid after the donor's erasure: to be refunded in full, no receipt issued${refund.lastError ? ` (Razorpay not reached yet: ${refund.lastError})` : ''}`;
}
