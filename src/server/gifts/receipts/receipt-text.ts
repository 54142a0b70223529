import { formatIndiaDate } from '../../../shared/financial-year';
import { CASH_DEDUCTION_LIMIT_PAISE, GIFT_MODE_LABELS, type GiftMode } from '../../../shared/gift-modes';
import { type Language, languageOf } from '../../../shared/languages';
import { formatReceiptRupees, formatRupees } from '../../../shared/rupees';
import { deductionName, taxLawOn } from '../../../shared/tax-law';
import { TRIBUTE_LABELS, tributeOf, tributeText } from '../../../shared/tribute';
import { DEFAULT_CONTACT, type TrustContact } from '../../platform/site-content/published-contact';
import { rupeesInWordsIn } from './amount-in-words';
import { noDeductionNotice } from './no-deduction';
import type { Receipt } from './receipt.entity';
import { RECEIPT_MESSAGES, type ReceiptMessages, type ReceiptRowKey } from './receipt-messages';

/** Every line a receipt states, in words: the PDF lays these out and the receipt mail repeats them. */

/** "Rupees Twelve Lakh Only", in the Indian system (lakh, crore), with paise when there are any. */
export const rupeesInWords = (paise: number): string => rupeesInWordsIn('en', paise);

export type ReceiptFields = Partial<
  Pick<Receipt, 'mode' | 'kindDescription' | 'modeReference' | 'appealTitle' | 'tribute' | 'language'>
> &
  Pick<
    Receipt,
    | 'number'
    | 'issuedAt'
    | 'paymentId'
    | 'amount'
    | 'purpose'
    | 'donorName'
    | 'donorAddress'
    | 'donorIdKind'
    | 'donorIdMasked'
    | 'trust'
    | 'status'
    | 'cancelledAt'
    | 'cancellationReason'
  > & {
    /** How to reach the trust, as published (platform/site-content/published-contact.ts); the defaults when not given. */
    contact?: TrustContact;
  };

/** The trust's contact details the receipt gives. */
export const contactOf = (receipt: ReceiptFields): TrustContact => receipt.contact ?? DEFAULT_CONTACT;

export { isAcknowledgement, noDeductionNotice, receiptTitle } from './no-deduction';

/** The labelled rows of the receipt, in print order; rows the donor did not give are left out. */
export function receiptRows(receipt: ReceiptFields): [label: string, value: string, key: ReceiptRowKey][] {
  const rows: [string, string, ReceiptRowKey][] = [
    ['Receipt number', receipt.number, 'number'],
    ['Date', formatIndiaDate(receipt.issuedAt), 'date'],
    ['Received from', receipt.donorName, 'receivedFrom'],
  ];
  if (receipt.donorAddress) rows.push(['Address', receipt.donorAddress, 'address']);
  if (receipt.donorIdMasked) {
    rows.push(
      receipt.donorIdKind === 'pan'
        ? ['PAN', receipt.donorIdMasked, 'pan']
        : ['Aadhaar', receipt.donorIdMasked, 'aadhaar'],
    );
  }
  if (receipt.mode === 'kind') {
    rows.push(
      ['Gift in kind', receipt.kindDescription ?? '', 'giftInKind'],
      ['Estimated value', `${formatReceiptRupees(receipt.amount)} (the trust's estimate)`, 'estimatedValue'],
      ['Value in words', rupeesInWords(receipt.amount), 'valueInWords'],
    );
  } else {
    rows.push(
      ['Amount', formatReceiptRupees(receipt.amount), 'amount'],
      ['Amount in words', rupeesInWords(receipt.amount), 'amountInWords'],
      ['Mode of payment', modeOfPayment(receipt), 'modeOfPayment'],
    );
  }
  rows.push(['Purpose', receipt.purpose ?? 'Donation for the care of rescued animals', 'purpose']);
  if (receipt.appealTitle) rows.push(['Appeal', receipt.appealTitle, 'appeal']);
  const tribute = tributeOf(receipt.tribute);
  if (tribute) rows.push([TRIBUTE_LABELS[tribute.kind], tributeText(tribute), tribute.kind]);
  return rows;
}

/** The language the receipt was issued in (English for a receipt from before languages). */
export const receiptLanguage = (receipt: ReceiptFields): Language => languageOf(receipt.language);

/** The Tamil or Hindi a receipt prints under its English; null for an English receipt. */
export function localMessages(receipt: ReceiptFields): ReceiptMessages | null {
  const language = receiptLanguage(receipt);
  return language === 'en' ? null : RECEIPT_MESSAGES[language];
}

/** A row's value in the donor's language, when it differs from the English one: the amount in words. */
export function localValue(receipt: ReceiptFields, key: ReceiptRowKey): string | null {
  const language = receiptLanguage(receipt);
  if (language === 'en' || (key !== 'amountInWords' && key !== 'valueInWords')) return null;
  return rupeesInWordsIn(language, receipt.amount);
}

/** The receipt's notices in the donor's language, in the order the English ones print; empty for English. */
export function localNotices(receipt: ReceiptFields): { approval: string; others: string[] } | null {
  const messages = localMessages(receipt);
  if (!messages) return null;
  const law = lawOf(receipt);
  const others: string[] = [];
  if (receipt.mode === 'kind') others.push(messages.noDeductionInKind(law.deductionSection));
  else if (noDeductionNotice(receipt)) {
    others.push(
      messages.noDeductionCash({ limit: formatRupees(CASH_DEDUCTION_LIMIT_PAISE), section: law.deductionSection }),
    );
  }
  if (missingTaxIdNotice(receipt)) {
    others.push(messages.missingTaxId({ section: law.deductionSection, email: contactOf(receipt).email }));
  }
  if (certificateNote(receipt)) others.push(messages.certificate(law.certificateForm));
  return { approval: messages.approval({ trust: receipt.trust.name, section: law.deductionSection }), others };
}

/** `Electronic: Razorpay (payment pay_…)`, or the mode received outside the website with its reference. */
function modeOfPayment(receipt: ReceiptFields): string {
  // The entity's enum type is branded; its values are GIFT_MODES.
  const mode = (receipt.mode ?? 'online') as GiftMode;
  if (mode === 'online') return `Electronic: Razorpay (payment ${receipt.paymentId})`;
  return receipt.modeReference ? `${GIFT_MODE_LABELS[mode]}, ${receipt.modeReference}` : GIFT_MODE_LABELS[mode];
}

/** The law the receipt's gift falls under: by the date it was received (shared/tax-law.ts). */
const lawOf = (receipt: ReceiptFields) => taxLawOn(receipt.issuedAt);

export function approvalStatement(receipt: ReceiptFields): string {
  const { trust } = receipt;
  const law = lawOf(receipt);
  return (
    `${trust.name} is approved under ${law.approvalProvision} ` +
    `(registration number ${trust.registration80g}, approved on ${formatIndiaDate(new Date(trust.approvedOn))}, ` +
    `valid for ${trust.validity}). Donations to it qualify for a deduction under ${deductionName(law)}, ` +
    'subject to the conditions of that section.'
  );
}

/** Said plainly when the donor gave neither PAN nor Aadhaar. */
export function missingTaxIdNotice(receipt: ReceiptFields): string | null {
  if (receipt.donorIdMasked || noDeductionNotice(receipt)) return null;
  return (
    'No PAN or Aadhaar was given with this donation, so this receipt is an acknowledgement only. ' +
    `A deduction under section ${lawOf(receipt).deductionSection} needs the donor's PAN or Aadhaar reported by the trust to the ` +
    `Income-tax Department: write to ${contactOf(receipt).email} with this receipt number to add it.`
  );
}

/**
 * Where the donor's certificate comes from, named as the receipt's law names it (Form 10BE, Form
 * 114); null for a gift that gives no deduction, which the statement does not carry.
 */
export function certificateNote(receipt: ReceiptFields): string | null {
  if (noDeductionNotice(receipt)) return null;
  return (
    `This is a donation receipt. The certificate of donation (${lawOf(receipt).certificateForm}) is issued through the ` +
    "Income-tax Department's portal after the trust files its statement of donations for the year."
  );
}

export function cancellationNotice(receipt: ReceiptFields): string | null {
  if (receipt.status !== 'cancelled') return null;
  const on = receipt.cancelledAt ? ` on ${formatIndiaDate(receipt.cancelledAt)}` : '';
  return `CANCELLED${on}: ${receipt.cancellationReason ?? 'the donation was refunded'}. This receipt is no longer valid.`;
}
