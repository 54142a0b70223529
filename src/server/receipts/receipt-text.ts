// The en-IN entry alone: the package's main entry loads every locale (~0.2 s of the server's start).
import { toWords } from 'to-words/en-IN';
import { formatIndiaDate } from '../../shared/financial-year';
import { GIFT_MODE_LABELS, type GiftMode } from '../../shared/gift-modes';
import { formatReceiptRupees } from '../../shared/rupees';
import { siteContent } from '../../shared/site-content';
import { deductionName, taxLawOn } from '../../shared/tax-law';
import { TRIBUTE_LABELS, tributeOf, tributeText } from '../../shared/tribute';
import { noDeductionNotice } from './no-deduction';
import type { Receipt } from './receipt.entity';

/** Every line a receipt states, in words: the PDF lays these out and the receipt mail repeats them. */

/** "Rupees Twelve Lakh Only", in the Indian system (lakh, crore), with paise when there are any. */
export function rupeesInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = `Rupees ${toWords(rupees)}`;
  return rest === 0 ? `${words} Only` : `${words} and ${toWords(rest)} Paise Only`;
}

export type ReceiptFields = Partial<
  Pick<Receipt, 'mode' | 'kindDescription' | 'modeReference' | 'appealTitle' | 'tribute'>
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
  >;

export { isAcknowledgement, noDeductionNotice, receiptTitle } from './no-deduction';

/** The labelled rows of the receipt, in print order; rows the donor did not give are left out. */
export function receiptRows(receipt: ReceiptFields): [label: string, value: string][] {
  const rows: [string, string][] = [
    ['Receipt number', receipt.number],
    ['Date', formatIndiaDate(receipt.issuedAt)],
    ['Received from', receipt.donorName],
  ];
  if (receipt.donorAddress) rows.push(['Address', receipt.donorAddress]);
  if (receipt.donorIdMasked) rows.push([receipt.donorIdKind === 'pan' ? 'PAN' : 'Aadhaar', receipt.donorIdMasked]);
  if (receipt.mode === 'kind') {
    rows.push(
      ['Gift in kind', receipt.kindDescription ?? ''],
      ['Estimated value', `${formatReceiptRupees(receipt.amount)} (the trust's estimate)`],
      ['Value in words', rupeesInWords(receipt.amount)],
    );
  } else {
    rows.push(
      ['Amount', formatReceiptRupees(receipt.amount)],
      ['Amount in words', rupeesInWords(receipt.amount)],
      ['Mode of payment', modeOfPayment(receipt)],
    );
  }
  rows.push(['Purpose', receipt.purpose ?? 'Donation for the care of rescued animals']);
  if (receipt.appealTitle) rows.push(['Appeal', receipt.appealTitle]);
  const tribute = tributeOf(receipt.tribute);
  if (tribute) rows.push([TRIBUTE_LABELS[tribute.kind], tributeText(tribute)]);
  return rows;
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
    `Income-tax Department: write to ${siteContent.contact.email} with this receipt number to add it.`
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
