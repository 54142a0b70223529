import type { EntityManager } from '@mikro-orm/postgresql';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';

const normaliseId = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * Where to post each of a year's certificates: the address on the donor's latest receipt of that
 * year carrying the certificate's PAN or Aadhaar (receipts keep it as the donor gave it). None for a
 * certificate without an ID, an ID no receipt carries, or receipts kept only for the tax law after
 * an erasure.
 */
export async function certificateAddresses(
  em: EntityManager,
  cipher: FieldCipher,
  year: string,
): Promise<Map<number, string | null>> {
  const receipts = await em.execute<{ encrypted: string; address: string | null; erased: boolean }[]>(
    `select r.donor_id_encrypted as encrypted, r.donor_address as address,
            exists (select 1 from erasure_requests e where e.kept_receipt_ids @> to_jsonb(r.id)) as erased
       from receipts r
      where r.financial_year = ? and r.status = 'issued' and r.donor_id_encrypted is not null
      order by r.issued_at, r.id`,
    [year],
  );
  // Oldest first: the last receipt seen says where the donor lives now.
  const byId = new Map<string, string | null>();
  for (const receipt of receipts) {
    byId.set(normaliseId(cipher.decrypt(receipt.encrypted)), receipt.erased ? null : receipt.address || null);
  }
  const certificates = await em.execute<{ id: number; encrypted: string }[]>(
    `select id, donor_id_encrypted as encrypted from donor_certificates
      where financial_year = ? and donor_id_encrypted is not null`,
    [year],
  );
  return new Map(
    certificates.map((certificate) => [
      certificate.id,
      byId.get(normaliseId(cipher.decrypt(certificate.encrypted))) ?? null,
    ]),
  );
}
