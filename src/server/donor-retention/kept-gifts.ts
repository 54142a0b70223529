/**
 * What counts as a donor's giving here: every gift the trust kept, in any mode (online, monthly
 * charges, cheque, transfer, cash, in kind), for what was kept of it. A gift refunded in full
 * (status `refunded`) or bounced counts for nothing; a gift refunded in part counts for the rest,
 * as the overview counts it (staff/overview.ts). Gifts are counted by `donor_id`, so one person's
 * gifts, merged into one donor record, count once.
 */

/** SQL: the donation `d` is a gift kept. */
export const KEPT_GIFT = `d.status = 'paid' and d.amount > d.refunded_amount and d.donor_id is not null`;

/** SQL: the paise kept of the donation `d`. */
export const KEPT_AMOUNT = 'd.amount - d.refunded_amount';

/**
 * SQL: when the gift was given. A gift recorded by staff is given the India day it came (its
 * receipt is numbered in that day's financial year), even when written down after 31 March; an
 * online gift when it was paid for.
 */
export const GIVEN_AT = `coalesce(d.received_on::timestamp at time zone 'Asia/Kolkata', d.created_at)`;
