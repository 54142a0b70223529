import { z } from 'zod';
import { MAX_AMOUNT_PAISE, MIN_AMOUNT_PAISE } from './donation-rules';
import { rowIdSchema } from './row-id';

/**
 * The inputs of a donor's changes to their own monthly gift on My giving (donor.* procedures):
 * shared by the procedures and the page's form. Amounts are paise, whole rupees (each amount is a
 * Razorpay plan), as a new monthly gift's are.
 */
const subscriptionId = rowIdSchema('Must be a monthly gift’s number');

export const monthlyGiftInputSchema = z.object({ subscriptionId });

export const monthlyAmountInputSchema = z.object({
  subscriptionId,
  amount: z
    .number({ error: 'Must be a number of paise' })
    .int('Must be a whole number of paise')
    .min(MIN_AMOUNT_PAISE, `Must be at least ₹1 (${MIN_AMOUNT_PAISE} paise)`)
    .max(MAX_AMOUNT_PAISE, `Must be at most ₹10,00,000 (${MAX_AMOUNT_PAISE} paise)`)
    .refine((amount) => amount % 100 === 0, 'Monthly amounts must be whole rupees'),
});

/** A new mandate: the same amount (a new card or UPI account) or a new one (a UPI mandate's new amount). */
export const newMandateInputSchema = monthlyAmountInputSchema.partial({ amount: true });

export const MONTHLY_CHANGE_KINDS = [
  'amount_changed',
  'paused',
  'resumed',
  'cancel_at_cycle_end',
  'cancelled',
  'new_mandate_started',
  'mandate_replaced',
] as const;
export type MonthlyChangeKind = (typeof MONTHLY_CHANGE_KINDS)[number];
