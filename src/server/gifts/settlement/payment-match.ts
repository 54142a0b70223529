/**
 * The one rule for "this payment pays this donation", used by webhooks and reconciliation alike:
 * exactly the amount we asked for, in rupees. Anything else (a short payment, another currency)
 * stays unrecorded for the staff. The browser's verify call carries no amount, so it relies on the
 * signature over the order or subscription, whose amount we set.
 */
export interface PaymentAmount {
  amount: number;
  currency: string;
}

export function paymentMatchesDonation(payment: PaymentAmount, donation: { amount: number }): boolean {
  return payment.amount === donation.amount && payment.currency === 'INR';
}
