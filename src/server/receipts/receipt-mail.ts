import type { EntityManager } from '@mikro-orm/postgresql';
import { taxLawOn } from '../../shared/tax-law';
import { eventKeyPart, type OutgoingMail } from '../mail/outbox';
import { receiptMail } from '../mail/templates';
import { noDeductionNotice } from './no-deduction';
import { renderReceiptPdf } from './pdf-on-demand';
import { Receipt } from './receipt.entity';

/**
 * The receipt mail for `enqueueMail`, in the transaction that issued the receipt. Its event is
 * the receipt number, so however many paths settle the payment the donor gets one message.
 * `links`: the receipt's download link, and the donor's own page (signed for the receipt's e-mail).
 */
export function receiptOutgoingMail(
  receipt: Receipt,
  links: { downloadUrl?: string; donorPageUrl(email: string): string },
): OutgoingMail {
  const { downloadUrl } = links;
  return {
    eventKey: `receipt-${receipt.number}`,
    kind: 'receipt',
    to: receipt.donorEmail,
    ...receiptMail({
      donorName: receipt.donorName,
      donorPageUrl: links.donorPageUrl(receipt.donorEmail),
      amount: receipt.amount,
      receiptNumber: receipt.number,
      hasTaxId: receipt.donorIdMasked !== null,
      deductionSection: taxLawOn(receipt.issuedAt).deductionSection,
      kindDescription: receipt.mode === 'kind' ? receipt.kindDescription : null,
      noDeduction: noDeductionNotice(receipt),
      appealTitle: receipt.appealTitle ?? null,
      ...(downloadUrl ? { downloadUrl } : {}),
    }),
    attachments: [{ type: 'receipt-pdf', receiptId: receipt.id }],
  };
}

/** A receipt's PDF, rendered when the mail worker sends its mail. */
export async function receiptAttachment(
  em: EntityManager,
  receiptId: number,
): Promise<{ filename: string; content: Buffer }> {
  const receipt = await em.findOneOrFail(Receipt, receiptId);
  return { filename: `receipt-${eventKeyPart(receipt.number)}.pdf`, content: await renderReceiptPdf(receipt) };
}
