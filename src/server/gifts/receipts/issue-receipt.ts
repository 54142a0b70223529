import type { EntityManager } from '@mikro-orm/postgresql';
import { financialYearOf } from '../../../shared/financial-year';
import type { GiftMode } from '../../../shared/gift-modes';
import { parseIndiaDay } from '../../../shared/india-time';
import type { Language } from '../../../shared/languages';
import type { Tribute } from '../../../shared/tribute';
import type { SealedTaxId } from '../../platform/personal-data/sealed-tax-id';
import { Receipt } from './receipt.entity';
import { getTrustDetails } from './trust-details';

export interface IssueReceiptInput {
  donationId: number;
  /** The Razorpay payment id: one receipt per payment, whichever settlement path gets there first. */
  paymentId: string;
  /** In paise. */
  amount: number;
  purpose: string | null;
  donor: { name: string; email: string; address: string | null; taxId: SealedTaxId | null };
  /** When the payment was recorded; decides the financial year. */
  issuedAt?: Date;
  /** How the gift came (online unless said); a gift in kind gets an acknowledgement, not a tax receipt. */
  mode?: GiftMode;
  kindDescription?: string | null;
  /** The mode's reference as the receipt prints it (a cheque's number, bank and date; a UTR). */
  modeReference?: string | null;
  /**
   * For a gift received outside the website, the India date (`YYYY-MM-DD`) it was received: the
   * receipt is dated that day and numbered in that day's financial year, whenever it is recorded.
   */
  receivedOn?: string;
  /** The appeal the gift was given to: its title is printed as it reads when the receipt is issued. */
  appealId?: number | null;
  /** In memory or in honour of someone, printed as given. */
  tribute?: Tribute | null;
  /** The donor's language (shared/languages.ts): the receipt prints it beside English. English unless said. */
  language?: Language;
}

/** `CART/2026-27/000123`. */
export function formatReceiptNumber(prefix: string, financialYear: string, sequence: number): string {
  return `${prefix}/${financialYear}/${String(sequence).padStart(6, '0')}`;
}

/**
 * Issues the receipt for a paid payment inside the caller's transaction (the one that records the
 * payment), so a receipt exists exactly when the payment does. Calling it again for the same
 * payment returns the receipt already issued.
 *
 * Numbers have no gaps: the year's counter row stays locked until the caller commits, so numbers
 * are taken one transaction at a time across every instance, and a rollback returns its number.
 */
export async function issueReceipt(em: EntityManager, input: IssueReceiptInput): Promise<Receipt> {
  // Outside a transaction the counter's lock would end with its own statement: numbers could skip.
  if (!em.isInTransaction()) throw new Error('issueReceipt must run inside the transaction that records the payment');
  const existing = await findReceipt(em, input.paymentId);
  if (existing) return existing;

  const issuedAt = input.receivedOn ? parseIndiaDay(input.receivedOn) : (input.issuedAt ?? new Date());
  const financialYear = financialYearOf(issuedAt);
  await lockYearCounter(em, financialYear);
  // Looked for again under the lock: a transaction for the same payment may have committed while we waited.
  const issuedMeanwhile = await findReceipt(em, input.paymentId);
  if (issuedMeanwhile) return issuedMeanwhile;

  const sequence = await nextSequence(em, financialYear);
  const trust = await getTrustDetails(em);
  const appealId = input.appealId ?? null;
  const [row] = await em.execute<Record<string, unknown>[]>(
    `insert into receipts (number, financial_year, sequence, payment_id, donation_id, amount, purpose, donor_name,
       donor_email, donor_address, donor_id_kind, donor_id_masked, donor_id_encrypted, trust, issued_at, mode,
       kind_description, mode_reference, appeal_id, appeal_title, tribute, language)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::int, (select title from appeals where id = ?::int), ?::jsonb, ?)
     returning *`,
    [
      formatReceiptNumber(trust.receiptPrefix, financialYear, sequence),
      financialYear,
      sequence,
      input.paymentId,
      input.donationId,
      input.amount,
      input.purpose,
      input.donor.name,
      input.donor.email,
      input.donor.address,
      input.donor.taxId?.kind ?? null,
      input.donor.taxId?.masked ?? null,
      input.donor.taxId?.encrypted ?? null,
      JSON.stringify(trust),
      issuedAt,
      input.mode ?? 'online',
      input.kindDescription ?? null,
      input.modeReference ?? null,
      appealId,
      appealId,
      input.tribute ? JSON.stringify(input.tribute) : null,
      input.language ?? 'en',
    ],
  );
  return em.map(Receipt, row as Record<string, unknown>);
}

/** Takes the year's counter row (made on the year's first receipt), locked until the caller commits. */
async function lockYearCounter(em: EntityManager, financialYear: string): Promise<void> {
  await em.execute(
    'insert into receipt_counters (financial_year, last_number) values (?, 0) on conflict do nothing',
    [financialYear],
    'run',
  );
  await em.execute('select 1 from receipt_counters where financial_year = ? for update', [financialYear]);
}

/** The year's next number; the counter row is already locked by this transaction. */
async function nextSequence(em: EntityManager, financialYear: string): Promise<number> {
  const [counter] = await em.execute<{ last_number: number }[]>(
    'update receipt_counters set last_number = last_number + 1 where financial_year = ? returning last_number',
    [financialYear],
  );
  return Number(counter?.last_number);
}

/**
 * After a partial refund: a receipt for the amount kept, replacing `cancelled` (the payment's
 * receipt just cancelled, in the caller's transaction). It is the same gift, so it keeps the
 * cancelled receipt's date, and with it the law the gift falls under and the financial year whose
 * series numbers it (gap-free, as issueReceipt's), and everything else printed on it as it was
 * issued. Calling it again for the same cancelled receipt returns the replacement already issued.
 */
export async function reissueReceipt(em: EntityManager, cancelled: Receipt, amount: number): Promise<Receipt> {
  if (!em.isInTransaction()) throw new Error('reissueReceipt must run inside the transaction that records the refund');
  const replacement = async () => {
    const [row] = await em.execute<Record<string, unknown>[]>('select * from receipts where replaces_receipt_id = ?', [
      cancelled.id,
    ]);
    return row ? em.map(Receipt, row) : null;
  };
  const existing = await replacement();
  if (existing) return existing;
  await lockYearCounter(em, cancelled.financialYear);
  const issuedMeanwhile = await replacement();
  if (issuedMeanwhile) return issuedMeanwhile;
  const sequence = await nextSequence(em, cancelled.financialYear);
  const [row] = await em.execute<Record<string, unknown>[]>(
    `insert into receipts (number, financial_year, sequence, payment_id, donation_id, amount, purpose, donor_name,
       donor_email, donor_address, donor_id_kind, donor_id_masked, donor_id_encrypted, trust, issued_at, mode,
       kind_description, mode_reference, appeal_id, appeal_title, tribute, language, replaces_receipt_id)
     select ?, financial_year, ?, payment_id, donation_id, ?, purpose, donor_name,
       donor_email, donor_address, donor_id_kind, donor_id_masked, donor_id_encrypted, trust, issued_at, mode,
       kind_description, mode_reference, appeal_id, appeal_title, tribute, language, id
       from receipts where id = ?
     returning *`,
    [
      formatReceiptNumber(cancelled.trust.receiptPrefix, cancelled.financialYear, sequence),
      sequence,
      amount,
      cancelled.id,
    ],
  );
  return em.map(Receipt, row as Record<string, unknown>);
}

/**
 * Cancels the payment's receipt after a refund or a bounced cheque: kept with its number, marked cancelled with the
 * date and reason. Cancelling again changes nothing. Null when the payment has no receipt.
 */
export async function cancelReceipt(
  em: EntityManager,
  paymentId: string,
  reason: string,
  cancelledAt: Date = new Date(),
): Promise<Receipt | null> {
  await em.execute(
    `update receipts set status = 'cancelled', cancelled_at = ?, cancellation_reason = ?
      where payment_id = ? and status = 'issued'`,
    [cancelledAt, reason, paymentId],
    'run',
  );
  return findReceipt(em, paymentId);
}

/**
 * The payment's receipt, read from the database (never from a stale identity map): the newest, so
 * after a partial refund the one for the amount kept (or, cancelled in turn, the last one issued).
 */
export async function findReceipt(em: EntityManager, paymentId: string): Promise<Receipt | null> {
  const [row] = await em.execute<Record<string, unknown>[]>(
    'select * from receipts where payment_id = ? order by id desc limit 1',
    [paymentId],
  );
  return row ? em.map(Receipt, row) : null;
}
