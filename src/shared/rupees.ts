/**
 * An amount in paise as people read it: ₹ with Indian digit grouping (₹1,00,000). Pages show paise
 * only when there are some; receipts, their mails and statements write them always (`₹500.00`), as
 * a document of account does.
 *
 * Written out rather than with `toLocaleString('en-IN')`: a page's first Intl number format starts
 * ICU's number formatting, about 25 ms of the main thread here and four times that on a slow phone,
 * and on /donate it fell inside hydration, as the longest task of the page. The output is the same
 * as en-IN's (rupees.test.ts compares them).
 */
export const formatRupees = (paise: number): string => format(paise, false);

/** As a receipt writes an amount: always with paise, `₹12,00,000.00`. */
export const formatReceiptRupees = (paise: number): string => format(paise, true);

function format(paise: number, alwaysPaise: boolean): string {
  const whole = Math.round(paise);
  const sign = whole < 0 ? '-' : '';
  const rupees = String(Math.trunc(Math.abs(whole) / 100));
  const paisePart = Math.abs(whole) % 100;
  const showPaise = alwaysPaise || paisePart !== 0;
  return `₹${sign}${groupIndian(rupees)}${showPaise ? `.${String(paisePart).padStart(2, '0')}` : ''}`;
}

/** 1234567 → 12,34,567: the last three digits, then pairs (lakh, crore). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const lastThree = digits.slice(-3);
  const pairs = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${lastThree}`;
}

/**
 * Paise from rupees as a person types them (`1500`, `1,500.50`, `₹ 1,00,000`), read exactly from
 * the digits (no floating point); null when it is not an amount with at most two decimals.
 */
export function parseRupees(text: string): number | null {
  const plain = text.replace(/[₹,\s]/g, '').replace(/^rs\.?/i, '');
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
