/**
 * An amount in paise as people read it on a page: ₹ with Indian digit grouping (₹1,00,000), paise
 * shown only when there are some. (Receipts write every amount with paise: receipts/receipt-text.ts.)
 */
export function formatRupees(paise: number): string {
  const value = paise / 100;
  const digits = Number.isInteger(value) ? 0 : 2;
  return `₹${value.toLocaleString('en-IN', { minimumFractionDigits: digits, maximumFractionDigits: 2 })}`;
}
