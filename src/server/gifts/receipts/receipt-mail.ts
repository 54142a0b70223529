import type { EntityManager } from '@mikro-orm/postgresql';
import { CASH_DEDUCTION_LIMIT_PAISE } from '../../../shared/gift-modes';
import { type Language, languageOf } from '../../../shared/languages';
import { formatRupees } from '../../../shared/rupees';
import { taxLawOn } from '../../../shared/tax-law';
import { eventKeyPart, type OutgoingMail } from '../../platform/mail/outbox';
import { receiptMail } from '../../platform/mail/templates';
import type { TrustContact } from '../../platform/site-content/published-contact';
import { noDeductionNotice } from './no-deduction';
import { renderReceiptPdf } from './pdf-on-demand';
import { Receipt } from './receipt.entity';
import { RECEIPT_MESSAGES } from './receipt-messages';

/**
 * The receipt mail for `enqueueMail`, in the transaction that issued the receipt. Its event is
 * the receipt number, so however many paths settle the payment the donor gets one message.
 * `links`: the receipt's download link, and the donor's own page (signed for the receipt's e-mail);
 * `contact`: the trust's, as published (platform/site-content/published-contact.ts).
 */
export function receiptOutgoingMail(
  receipt: Receipt,
  links: { downloadUrl?: string; donorPageUrl(email: string, language: Language): string },
  contact?: TrustContact,
): OutgoingMail {
  const { downloadUrl } = links;
  const language = languageOf(receipt.language);
  return {
    eventKey: `receipt-${receipt.number}`,
    kind: 'receipt',
    to: receipt.donorEmail,
    ...receiptMail({
      language,
      donorName: receipt.donorName,
      donorPageUrl: links.donorPageUrl(receipt.donorEmail, language),
      amount: receipt.amount,
      receiptNumber: receipt.number,
      hasTaxId: receipt.donorIdMasked !== null,
      deductionSection: taxLawOn(receipt.issuedAt).deductionSection,
      kindDescription: receipt.mode === 'kind' ? receipt.kindDescription : null,
      noDeduction: localNoDeductionNotice(receipt, language),
      appealTitle: receipt.appealTitle ?? null,
      ...(contact ? { contact } : {}),
      ...(downloadUrl ? { downloadUrl } : {}),
    }),
    attachments: [{ type: 'receipt-pdf', receiptId: receipt.id }],
  };
}

/** Why the gift gives no deduction, in the mail's language: the PDF's English notice, or its Tamil or Hindi. */
function localNoDeductionNotice(receipt: Receipt, language: Language): string | null {
  const english = noDeductionNotice(receipt);
  if (!english || language === 'en') return english;
  const messages = RECEIPT_MESSAGES[language];
  const section = taxLawOn(receipt.issuedAt).deductionSection;
  return receipt.mode === 'kind'
    ? messages.noDeductionInKind(section)
    : messages.noDeductionCash({ limit: formatRupees(CASH_DEDUCTION_LIMIT_PAISE), section });
}

/** A receipt's PDF, rendered when the mail worker sends its mail. */
export async function receiptAttachment(
  em: EntityManager,
  receiptId: number,
): Promise<{ filename: string; content: Buffer }> {
  const receipt = await em.findOneOrFail(Receipt, receiptId);
  return { filename: `receipt-${eventKeyPart(receipt.number)}.pdf`, content: await renderReceiptPdf(em, receipt) };
}
