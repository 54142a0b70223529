/**
 * How a gift reached the trust: through the website (Razorpay), or outside it, recorded by staff.
 * One list, used by the entity (a CHECK-constrained column), the zod schemas, the console, the
 * receipts and the statement. No Node or DOM imports.
 */
export const GIFT_MODES = ['online', 'cheque', 'demand-draft', 'bank-transfer', 'cash', 'kind'] as const;
export type GiftMode = (typeof GIFT_MODES)[number];

/** The modes staff record by hand; `online` gifts come only through Razorpay. */
export const OFFLINE_GIFT_MODES = ['cheque', 'demand-draft', 'bank-transfer', 'cash', 'kind'] as const;
export type OfflineGiftMode = (typeof OFFLINE_GIFT_MODES)[number];

export const GIFT_MODE_LABELS: Record<GiftMode, string> = {
  online: 'Online (Razorpay)',
  cheque: 'Cheque',
  'demand-draft': 'Demand draft',
  'bank-transfer': 'Bank transfer (NEFT, RTGS, IMPS, UPI)',
  cash: 'Cash',
  kind: 'In kind',
};

/**
 * The most a gift in cash may be for a deduction: the Income-tax Act allows none for cash above
 * ₹2,000 in one gift (section 80G(5D) of the 1961 Act; section 133 of the 2025 Act). In paise.
 */
export const CASH_DEDUCTION_LIMIT_PAISE = 200_000;

/**
 * The statement's "mode of receipt" a gift is reported under, or null when it is never in Part B:
 * gifts in kind give no deduction, nor does cash above the limit.
 */
export function statementModeOf(mode: GiftMode, amountPaise: number): 'cash' | 'electronic' | null {
  if (mode === 'kind') return null;
  if (mode === 'cash') return amountPaise <= CASH_DEDUCTION_LIMIT_PAISE ? 'cash' : null;
  return 'electronic';
}
