import type { EntityManager } from '@mikro-orm/postgresql';
import { formatRupees } from '../../../shared/rupees';
import { enqueueMail } from '../../platform/mail/outbox';
import { partialRefundMail } from '../../platform/mail/templates';
import { publishedContact } from '../../platform/site-content/published-contact';
import { Donation } from '../donations/donation.entity';
import { cancelReceipt, reissueReceipt } from '../receipts/issue-receipt';
import type { DonorLinks } from './donor-notices';

/**
 * Part of a paid payment refunded (Razorpay's refund.processed with `refund_status: partial`). The
 * donation stays paid and keeps how much was refunded so far (`refunded_amount`, Razorpay's
 * `amount_refunded`: the running total, so a late or repeated event changes nothing); every total
 * counts what was kept. Its standing receipt is cancelled, with the reason, and one for the amount
 * kept is issued in its place (gifts/receipts/issue-receipt.ts reissueReceipt); the donor gets one mail
 * with it. A further partial refund does the same again; a refund of the rest is a full refund
 * (settle.ts markRefunded): that cancels the last receipt and issues none.
 */
export function recordPartialRefund(
  em: EntityManager,
  donorLinks: DonorLinks,
  paymentId: string,
  refundedSoFar: number,
): Promise<boolean> {
  return em.transactional(async (tx) => {
    // Forward only: a smaller running total (an older event) or a refund of all of it does nothing here.
    const [row] = await tx.execute<Record<string, unknown>[]>(
      `update donations set refunded_amount = ?
        where razorpay_payment_id = ? and status = 'paid' and refunded_amount < ? and amount > ?
        returning *`,
      [refundedSoFar, paymentId, refundedSoFar, refundedSoFar],
    );
    if (!row) return false;
    await noticePartialRefund(tx, donorLinks, tx.map(Donation, row));
    return true;
  });
}

async function noticePartialRefund(em: EntityManager, donorLinks: DonorLinks, donation: Donation): Promise<void> {
  const paymentId = donation.razorpayPaymentId as string;
  const { amount, refundedAmount } = donation;
  const reason = `partly refunded: ${formatRupees(refundedAmount)} of ${formatRupees(amount)}`;
  const cancelled = await cancelReceipt(em, paymentId, reason);
  // No receipt to replace (none was issued): nothing to tell beyond what Razorpay tells the donor.
  if (cancelled?.status !== 'cancelled') return;
  const receipt = await reissueReceipt(em, cancelled, amount - refundedAmount);
  await enqueueMail(em, {
    // The new receipt's own mail: keyed as a receipt mail is, so a late repeat of the payment's
    // capture (which finds this receipt) queues nothing more.
    eventKey: `receipt-${receipt.number}`,
    kind: 'partial-refund',
    to: donation.email,
    ...partialRefundMail({
      donorName: donation.name,
      language: donation.language,
      donorPageUrl: donorLinks.donorPageUrl(donation.email, donation.language),
      contact: await publishedContact(em),
      amount,
      refunded: refundedAmount,
      cancelledReceiptNumber: cancelled.number,
      newReceiptNumber: receipt.number,
    }),
    attachments: [{ type: 'receipt-pdf', receiptId: receipt.id }],
  });
}
