/**
 * The donation rules the donate page needs to render (its purposes and amount limits), without zod:
 * the page's first load carries none of it. The schemas (./donation.schema.ts) build on these.
 * Amounts are integers in paise (₹1 = 100 paise).
 */

export const PURPOSES = {
  general: 'General Support',
  medical: 'Medical Treatment',
  rescue: 'Emergency Rescue',
  food: 'Food & Shelter',
  vaccination: 'Vaccination Programs',
} as const;
export type Purpose = keyof typeof PURPOSES;

/** The donate form's preset amounts, in paise (₹500 … ₹10,000); a poster's amount ladder prints them too. */
export const PRESET_AMOUNTS_PAISE = [50_000, 100_000, 200_000, 500_000, 1_000_000] as const;

/** ₹1, the smallest donation Razorpay accepts. */
export const MIN_AMOUNT_PAISE = 100;
/** ₹10,00,000: above any plausible online donation, and far below the integer column's limit. */
export const MAX_AMOUNT_PAISE = 100_000_000;
