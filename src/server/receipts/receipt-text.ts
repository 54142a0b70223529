// The en-IN entry alone: the package's main entry loads every locale (~0.2 s of the server's start).
import { toWords } from 'to-words/en-IN';
import { formatIndiaDate } from '../../shared/financial-year';
import { formatReceiptRupees } from '../../shared/rupees';
import { siteContent } from '../../shared/site-content';
import { deductionName, taxLawOn } from '../../shared/tax-law';
import type { Receipt } from './receipt.entity';

/** Every line a receipt states, in words: the PDF lays these out and the receipt mail repeats them. */

/** "Rupees Twelve Lakh Only", in the Indian system (lakh, crore), with paise when there are any. */
export function rupeesInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = `Rupees ${toWords(rupees)}`;
  return rest === 0 ? `${words} Only` : `${words} and ${toWords(rest)} Paise Only`;
}

export type ReceiptFields = Pick<
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

/** The labelled rows of the receipt, in print order; rows the donor did not give are left out. */
export function receiptRows(receipt: ReceiptFields): [label: string, value: string][] {
  const rows: [string, string][] = [
    ['Receipt number', receipt.number],
    ['Date', formatIndiaDate(receipt.issuedAt)],
    ['Received from', receipt.donorName],
  ];
  if (receipt.donorAddress) rows.push(['Address', receipt.donorAddress]);
  if (receipt.donorIdMasked) rows.push([receipt.donorIdKind === 'pan' ? 'PAN' : 'Aadhaar', receipt.donorIdMasked]);
  rows.push(
    ['Amount', formatReceiptRupees(receipt.amount)],
    ['Amount in words', rupeesInWords(receipt.amount)],
    ['Mode of payment', `Electronic: Razorpay (payment ${receipt.paymentId})`],
    ['Purpose', receipt.purpose ?? 'Donation for the care of rescued animals'],
  );
  return rows;
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
  if (receipt.donorIdMasked) return null;
  return (
    'No PAN or Aadhaar was given with this donation, so this receipt is an acknowledgement only. ' +
    `A deduction under section ${lawOf(receipt).deductionSection} needs the donor's PAN or Aadhaar reported by the trust to the ` +
    `Income-tax Department: write to ${siteContent.contact.email} with this receipt number to add it.`
  );
}

/** Where the donor's certificate comes from, named as the receipt's law names it (Form 10BE, Form 114). */
export function certificateNote(receipt: ReceiptFields): string {
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
