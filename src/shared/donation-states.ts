/**
 * The states a donation and a subscription can be in: one list each, used by the entities (as
 * CHECK-constrained columns), the zod schemas and the code that moves them. No Node or DOM imports.
 */

export const DONATION_TYPES = ['one-time', 'monthly'] as const;
export type DonationType = (typeof DONATION_TYPES)[number];

/**
 * pending → paid, failed or expired; failed or expired → paid; paid → refunded (gifts/settlement/settle.ts).
 * A gift recorded by staff starts paid; a cheque or draft that bounces goes paid → bounced.
 */
export const DONATION_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded', 'bounced'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

/**
 * As Razorpay reports a subscription: it starts `created`, and turns `active` once its first payment
 * is verified; `paused` and `expired` are Razorpay's too, though the trust's flows do not cause them.
 */
export const SUBSCRIPTION_STATUSES = [
  'created',
  'authenticated',
  'active',
  'pending',
  'halted',
  'paused',
  'cancelled',
  'completed',
  'expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Nothing moves a subscription out of these, and there is nothing left to cancel. */
export const FINAL_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['cancelled', 'completed', 'expired'];
