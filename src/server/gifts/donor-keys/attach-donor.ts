import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Gives a gift its donor, in the transaction that makes it a gift (a payment recorded paid, a
 * monthly charge, a refund recorded before its capture, a gift recorded by staff or imported):
 * the donor of its e-mail key, created when new (a gift without an e-mail is a donor of its own),
 * followed to the record it was merged into. One statement; a gift that has its donor keeps it.
 * Pending attempts have none: they are not gifts yet.
 *
 * The key is `donor_email_key` (Migration20261128030000), the SQL twin of email-key.ts. The donor's
 * rollups follow by the trigger on `donations`.
 */
export async function attachDonor(em: EntityManager, donationId: number): Promise<void> {
  await em.execute(
    `with gift as (
       select donor_email_key(email) as key from donations where id = ? and donor_id is null
     ), donor as (
       insert into donors (email_key) select key from gift
       on conflict (email_key) do update set email_key = excluded.email_key
       returning coalesce(merged_into_id, id) as id
     )
     update donations set donor_id = donor.id from donor where donations.id = ? and donations.donor_id is null`,
    [donationId, donationId],
  );
}
