import type { EntityManager } from '@mikro-orm/postgresql';
import { formatRupees } from '../../shared/rupees';
import type { FieldCipher } from '../personal-data/field-cipher';
import type { CertificateFields } from './read-certificate';

/** A donor of the year as the trust's receipts know them: by ID number, with where to write. */
export interface YearDonor {
  /** The latest receipt's e-mail and name; null e-mail when they asked to be erased. */
  email: string | null;
  name: string;
  /** Paise, all their issued receipts of the year. */
  total: number;
}

export type Match = { ok: true; donor: YearDonor; note: string } | { ok: false; reason: string };

const normaliseId = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * Every donor of a year with an ID number on their receipts, keyed by that number (PAN or Aadhaar,
 * decrypted). Receipts kept only for the tax law after an erasure give no address.
 */
export async function donorsOfYear(
  em: EntityManager,
  cipher: FieldCipher,
  year: string,
): Promise<Map<string, YearDonor>> {
  const rows = await em.execute<{ email: string; name: string; encrypted: string; amount: number; erased: boolean }[]>(
    `select r.donor_email as email, r.donor_name as name, r.donor_id_encrypted as encrypted, r.amount,
            exists (select 1 from erasure_requests e where e.kept_receipt_ids @> to_jsonb(r.id)) as erased
       from receipts r
      where r.financial_year = ? and r.status = 'issued' and r.donor_id_encrypted is not null
      order by r.issued_at, r.id`,
    [year],
  );
  const donors = new Map<string, YearDonor>();
  for (const row of rows) {
    const id = normaliseId(cipher.decrypt(row.encrypted));
    const known = donors.get(id);
    // Oldest first: the last receipt seen names the donor and says where to write.
    donors.set(id, {
      email: row.erased || !row.email ? null : row.email,
      name: row.name,
      total: (known?.total ?? 0) + Number(row.amount),
    });
  }
  return donors;
}

/**
 * The donor a certificate belongs to: its ID number among the year's receipts, and its amount
 * the donor's total for the year in whole rupees (the portal reports whole rupees).
 */
export function matchCertificate(fields: CertificateFields, year: string, donors: Map<string, YearDonor>): Match {
  if (fields.year !== year) return { ok: false, reason: `it is for ${fields.year}, not ${year}` };
  const donor = donors.get(normaliseId(fields.donorId));
  const id = fields.donorIdKind === 'pan' ? 'PAN' : 'Aadhaar';
  if (!donor) return { ok: false, reason: `no receipt of ${year} carries this ${id}` };
  const ours = Math.round(donor.total / 100) * 100;
  if (ours !== fields.amount) {
    return {
      ok: false,
      reason: `the amount differs: the certificate says ${formatRupees(fields.amount)}, our receipts ${formatRupees(donor.total)}`,
    };
  }
  return { ok: true, donor, note: `${id} and amount ${formatRupees(fields.amount)} match the year's receipts` };
}
