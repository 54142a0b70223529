/**
 * The person an address belongs to, in SQL: the donor record its e-mail key names (`donor_email_key`,
 * email-key.ts), followed to the record it was merged into (merges keep every record pointing at the
 * surviving root, donors/records/merge.ts). `Priya.Sharma+x@Gmail.com`, `priyasharma@gmail.com` and a
 * staff-merged `p.sharma@work.example` are one person. An erasure reaches that person
 * (donors/rights/erasure-reach.ts), and while one waits nothing that goes by address treats another
 * spelling of theirs as someone else.
 */

/** SQL: the root donor record's id of the address `address` (an SQL expression; null: no record). */
export const donorRootSql = (address: string) =>
  `(select coalesce(dk.merged_into_id, dk.id) from donors dk where dk.email_key = donor_email_key(${address}))`;

/**
 * SQL: `erasure_requests er, … where …`, the erasure requests of the person whose address is
 * `address` (a column, a correlated expression or one `?`: it appears once): asked from this very
 * address (one with no donor record: only checkouts never paid) or from any address of the same
 * donor record. Callers add `and er.status = 'requested'` for the waiting ones.
 */
export const erasureRequestsOfSql = (address: string) =>
  `erasure_requests er, (select lower(${address}) as address) asked
    where (er.email = asked.address or ${donorRootSql('er.email')} = ${donorRootSql('asked.address')})`;
