/**
 * An amount in paise as people read it on a page: ₹ with Indian digit grouping (₹1,00,000), paise
 * shown only when there are some. (Receipts write every amount with paise: receipts/receipt-text.ts.)
 *
 * Written out rather than with `toLocaleString('en-IN')`: a page's first Intl number format starts
 * ICU's number formatting, about 25 ms of the main thread here and four times that on a slow phone,
 * and on /donate it fell inside hydration, as the longest task of the page. The output is the same
 * as en-IN's (rupees.test.ts compares them).
 */
export function formatRupees(paise: number): string {
  const whole = Math.round(paise);
  const sign = whole < 0 ? '-' : '';
  const rupees = String(Math.trunc(Math.abs(whole) / 100));
  const paisePart = Math.abs(whole) % 100;
  return `₹${sign}${groupIndian(rupees)}${paisePart === 0 ? '' : `.${String(paisePart).padStart(2, '0')}`}`;
}

/** 1234567 → 12,34,567: the last three digits, then pairs (lakh, crore). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const lastThree = digits.slice(-3);
  const pairs = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${lastThree}`;
}
