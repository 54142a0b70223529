import type { EntityManager } from '@mikro-orm/postgresql';
import { isoTime } from '../../platform/db/sql-time';
import { eventKeyPart } from '../../platform/mail/outbox';

/** What became of a receipt's mail to the donor: the outbox's word for it (platform/mail/outbox.ts). */
export interface ReceiptMailState {
  /** queued (waiting or retrying), sent, or failed (retrying gave up). */
  status: 'queued' | 'sent' | 'failed';
  /** ISO-8601 UTC, when it was sent. */
  sentAt: string | null;
  attempts: number;
  /** The last attempt's SMTP answer or network error, for the Outbox's reader. */
  lastError: string | null;
}

/** A receipt of the donation, as its page shows it: number, state, PDF and whether it was mailed. */
export interface DonationReceipt {
  id: number;
  number: string;
  /** Paise. */
  amount: number;
  status: string;
  /** ISO-8601 UTC. */
  issuedAt: string;
  cancelledAt: string | null;
  cancellationReason: string | null;
  /** The staff download of the PDF (session-checked). */
  pdfUrl: string;
  /** null: no mail was ever queued for it. */
  mail: ReceiptMailState | null;
}

/** One of the plain steps at the top of a donation's page: paid, receipted, mailed. */
export interface ProgressStep {
  step: 'paid' | 'receipted' | 'mailed' | 'refunded';
  /** done; waiting (not yet, may still come); failed (it will not come by itself). */
  state: 'done' | 'waiting' | 'failed';
  /** In the staff's words, no ids or event names. */
  text: string;
  /** ISO-8601 UTC, where known. */
  at: string | null;
}

/**
 * The donation's receipts, oldest first, each with its mail: the one the receipt's issue queued
 * (`receipt-<number>`, gifts/receipts/receipt-mail.ts) or a staff resend of it (`…-resent-<time>`),
 * the sent one first.
 */
export async function receiptsOfDonation(em: EntityManager, donationId: number): Promise<DonationReceipt[]> {
  const receipts = await em.execute<Omit<DonationReceipt, 'pdfUrl' | 'mail'>[]>(
    `select id, number, amount, status, ${isoTime('issued_at')} as "issuedAt", ${isoTime('cancelled_at')} as "cancelledAt",
            cancellation_reason as "cancellationReason"
       from receipts where donation_id = ? order by id`,
    [donationId],
  );
  const withMail: DonationReceipt[] = [];
  for (const receipt of receipts) {
    const messageId = eventKeyPart(`receipt-${receipt.number}`);
    const [mail] = await em.execute<ReceiptMailState[]>(
      `select status, ${isoTime('sent_at')} as "sentAt", attempts, last_error as "lastError"
         from mail_outbox
        where kind = 'receipt' and (message_id = ? or message_id like ?)
        order by (status = 'sent') desc, sent_at nulls last, id desc limit 1`,
      [messageId, `${messageId.replace(/[\\%_]/g, '\\$&')}-resent-%`],
    );
    withMail.push({ ...receipt, pdfUrl: `/staff/api/receipts/${receipt.id}.pdf`, mail: mail ?? null });
  }
  return withMail;
}

const MODE_WORDS: Record<string, string> = {
  online: 'online',
  cheque: 'by cheque',
  'demand-draft': 'by demand draft',
  'bank-transfer': 'by bank transfer',
  cash: 'in cash',
  kind: 'in kind',
};

/**
 * The donation's way in three plain steps: paid, receipted, mailed to the donor (and refunded,
 * when it was). A gift in kind is "received"; its paper is an acknowledgement, still a receipt.
 */
export function progressOf(
  donation: { status: string; mode: string; refundedAmount: number; amount: number },
  receipts: readonly DonationReceipt[],
  bounced: { at: string; reason: string | null } | null,
): ProgressStep[] {
  const first = receipts[0];
  const latest = receipts.at(-1);
  const wasPaid = donation.status === 'paid' || donation.status === 'refunded' || bounced !== null;
  const how = MODE_WORDS[donation.mode] ?? donation.mode;
  const steps: ProgressStep[] = [];

  if (bounced) {
    const cancelled = receipts.find((receipt) => receipt.status === 'cancelled');
    steps.push({
      step: 'paid',
      state: 'failed',
      text: `Returned unpaid by the bank: ${bounced.reason ?? ''}${cancelled ? `; receipt ${cancelled.number} cancelled` : ''}`,
      at: bounced.at,
    });
  } else if (wasPaid) {
    steps.push({
      step: 'paid',
      state: 'done',
      text: donation.mode === 'kind' ? 'Received in kind' : `Paid ${how}`,
      // The receipt is issued in the transaction that records the payment.
      at: first?.issuedAt ?? null,
    });
  } else {
    const waiting: Record<string, string> = {
      pending: 'Not paid yet: the donor has not finished paying',
      failed: 'The payment failed; the donor may still try again',
      expired: 'Never paid: the checkout was left unfinished',
    };
    steps.push({
      step: 'paid',
      state: donation.status === 'pending' ? 'waiting' : 'failed',
      text: waiting[donation.status] ?? `Not paid (${donation.status})`,
      at: null,
    });
  }

  if (latest) {
    steps.push({
      step: 'receipted',
      state: 'done',
      text:
        latest.status === 'cancelled'
          ? `Receipt ${latest.number} issued, later cancelled${latest.cancellationReason ? `: ${latest.cancellationReason}` : ''}`
          : `Receipt ${latest.number} issued`,
      at: latest.issuedAt,
    });
  } else {
    steps.push({
      step: 'receipted',
      state: wasPaid ? 'failed' : 'waiting',
      text: wasPaid ? 'No receipt issued: tell an admin' : 'A receipt is issued once it is paid',
      at: null,
    });
  }

  const mail = latest?.mail;
  if (!latest) {
    steps.push({ step: 'mailed', state: 'waiting', text: 'The receipt is mailed once it is issued', at: null });
  } else if (mail?.status === 'sent') {
    steps.push({ step: 'mailed', state: 'done', text: 'Receipt mailed to the donor', at: mail.sentAt });
  } else if (mail?.status === 'failed') {
    steps.push({
      step: 'mailed',
      state: 'failed',
      text: 'The receipt’s mail could not be sent: see the Outbox',
      at: null,
    });
  } else if (mail) {
    steps.push({
      step: 'mailed',
      state: 'waiting',
      text: mail.attempts > 0 ? 'The receipt’s mail is being tried again' : 'The receipt’s mail is waiting to be sent',
      at: null,
    });
  } else {
    steps.push({
      step: 'mailed',
      state: 'failed',
      text: 'The receipt was not mailed: resend it from Receipts',
      at: null,
    });
  }

  if (donation.refundedAmount > 0) {
    steps.push({
      step: 'refunded',
      state: 'done',
      text: donation.refundedAmount >= donation.amount ? 'Refunded in full' : 'Partly refunded',
      at: null,
    });
  }
  return steps;
}
