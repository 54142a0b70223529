import { CASH_DEDUCTION_LIMIT_PAISE } from '../../../shared/gift-modes';
import { formatRupees } from '../../../shared/rupees';
import { deductionName, taxLawOn } from '../../../shared/tax-law';
import type { Receipt } from './receipt.entity';

/**
 * Which gifts give no deduction whatever the donor gives, and what their receipt says: apart from
 * receipt-text.ts (and its number-to-words package) so the receipt mail, built at every payment,
 * needs none of the PDF's text.
 */
type NoticeFields = Pick<Receipt, 'amount' | 'issuedAt'> & Partial<Pick<Receipt, 'mode'>>;

/** A gift in kind is acknowledged, not receipted: it gives no deduction. */
export const isAcknowledgement = (receipt: NoticeFields) => receipt.mode === 'kind';

/** The document's title, on the PDF and in its properties. */
export const receiptTitle = (receipt: NoticeFields) =>
  isAcknowledgement(receipt) ? 'Acknowledgement of a gift in kind' : 'Donation receipt';

/**
 * Said plainly when the gift gives no deduction whatever the donor gives: a gift in kind, or cash
 * above ₹2,000 in one gift (shared/gift-modes.ts). Null for every other gift.
 */
export function noDeductionNotice(receipt: NoticeFields): string | null {
  const law = taxLawOn(receipt.issuedAt);
  if (receipt.mode === 'kind') {
    return (
      'This is an acknowledgement of a gift in kind, not a tax receipt: a gift in kind gives no deduction under ' +
      `${deductionName(law)}. The value stated is the trust's own estimate.`
    );
  }
  if (receipt.mode === 'cash' && receipt.amount > CASH_DEDUCTION_LIMIT_PAISE) {
    return (
      `This gift was received in cash above ${formatRupees(CASH_DEDUCTION_LIMIT_PAISE)}, so it gives no tax deduction: ` +
      `${deductionName(law)} allows none for a gift in cash of more than ${formatRupees(CASH_DEDUCTION_LIMIT_PAISE)}.`
    );
  }
  return null;
}
