import type { EntityManager } from '@mikro-orm/postgresql';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';

const normaliseId = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * An erased donor's certificates of donation, deleted with the rest of them (donors/rights/erasure.ts):
 * the ones addressed to their e-mail, and those without an address that carry one of their ID
 * numbers (unmatched, or to print).
 *
 * Deleted, not kept scrubbed: no law asks the trust to keep its copy. A certificate is the donor's
 * own document (Form 10BE / Form 114, with their full PAN and address), the statement it comes
 * from is filed on the Income-tax portal, which keeps every certificate for download again, and
 * what the tax law keeps the trust to (the receipts, eight years) stays on the receipts. A row
 * without its file and donor would only be a certificate nobody can deliver, counted as still to
 * deliver. Their certificate mails in the outbox are scrubbed with the rest of their mail.
 */
export async function eraseDonorCertificates(
  em: EntityManager,
  cipher: FieldCipher,
  donor: { email: string; encryptedIds: string[] },
): Promise<number> {
  const ids = new Set(donor.encryptedIds.map((stored) => normaliseId(cipher.decrypt(stored))));
  const withoutAddress = await em.execute<{ id: number; encrypted: string }[]>(
    `select id, donor_id_encrypted as encrypted from donor_certificates
      where donor_email is null and donor_id_encrypted is not null`,
  );
  const byId = withoutAddress.filter((row) => ids.has(normaliseId(cipher.decrypt(row.encrypted)))).map((row) => row.id);
  const [deleted] = await em.execute<{ count: number }[]>(
    `with deleted as (delete from donor_certificates
        where lower(donor_email) = ? or id in (select value::int from jsonb_array_elements_text(?::jsonb)) returning 1)
     select count(*)::int as count from deleted`,
    [donor.email, JSON.stringify(byId)],
  );
  return deleted?.count ?? 0;
}
