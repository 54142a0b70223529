/**
 * What counts as a donor's giving here: every gift the trust kept, in any mode (online, monthly
 * charges, cheque, transfer, cash, in kind), for what was kept of it. A gift refunded in full
 * (status `refunded`) or bounced counts for nothing; a gift refunded in part counts for the rest,
 * as the overview counts it (staff/overview.ts). Gifts are counted by donor: a record merged into
 * another (`donors.merged_into_id`, always the surviving root) counts as the root, so one person's
 * gifts count once whichever record they were given under.
 */

/**
 * SQL: when the gift was given. A gift recorded by staff is given the India day it came (its
 * receipt is numbered in that day's financial year), even when written down after 31 March; an
 * online gift when the donor gave it (its row's time), as the overview dates it.
 */
const GIVEN_AT = `coalesce(d.received_on::timestamp at time zone 'Asia/Kolkata', d.created_at)`;

/**
 * SQL: the kept gifts as rows of (id, donor_id: the root's, appeal_id, at, kept in paise, email),
 * to be named in a `with` clause or a subquery.
 */
export const KEPT_GIFTS = `select d.id, coalesce(dn.merged_into_id, d.donor_id) as donor_id, d.appeal_id,
         ${GIVEN_AT} as at, d.amount - d.refunded_amount as kept, d.email
    from donations d left join donors dn on dn.id = d.donor_id
   where d.status = 'paid' and d.amount > d.refunded_amount and d.donor_id is not null`;
