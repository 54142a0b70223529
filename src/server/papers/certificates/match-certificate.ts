import type { EntityManager } from '@mikro-orm/postgresql';
import { formatRupees } from '../../../shared/rupees';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';
import { nameKey, peopleOf } from '../reporting/one-person';
import { buildStatement, normaliseId } from '../reporting/statement';
import { loadStatementLayout } from '../reporting/statement-layout';
import type { CertificateFields } from './read-certificate';

/** A donor of the year as Part B reports them: by ID number, with who their receipts name. */
export interface YearDonor {
  /** Where the certificate may go on its own: the one e-mail address on the receipts; null when none, or erased. */
  email: string | null;
  /** The name Part B's rows carry. */
  name: string;
  /** Whole rupees: what Part B reports for this ID (the sum of its rows, as filed). */
  amount: number;
  /** The distinct names and e-mail addresses on the receipts Part B counts, as first written. */
  names: string[];
  emails: string[];
}

export type Match = { ok: true; donor: YearDonor; note: string } | { ok: false; reason: string };

/**
 * Every ID number (PAN or Aadhaar, decrypted) of a year's Part B with what it reports: read from
 * the statement itself, so the amount a certificate is checked against is the one filed (no cash
 * above ₹2,000, no gift in kind). Receipts kept only for the tax law after an erasure give no address.
 */
export async function donorsOfYear(
  em: EntityManager,
  cipher: FieldCipher,
  year: string,
): Promise<Map<string, YearDonor>> {
  const statement = await buildStatement(em, { cipher, layout: loadStatementLayout(), year });
  const erased = await em.execute<{ id: number }[]>(
    `select r.id from receipts r
      where r.financial_year = ? and exists (select 1 from erasure_requests e where e.kept_receipt_ids @> to_jsonb(r.id))`,
    [year],
  );
  const erasedIds = new Set(erased.map((row) => row.id));
  const donors = new Map<string, YearDonor>();
  for (const donor of statement.donors) {
    const { names, emails } = peopleOf(donor.receipts);
    const [email] = emails.values();
    const row = statement.rows[(donor.serialNumbers[0] ?? 1) - 1];
    donors.set(donor.idNumber, {
      email: email === undefined || donor.receipts.some((line) => erasedIds.has(line.id)) ? null : email,
      name: row?.name ?? (donor.receipts.at(-1)?.donorName as string),
      amount: donor.amount,
      names: [...names.values()],
      emails: [...emails.values()],
    });
  }
  return donors;
}

/**
 * The donor a certificate belongs to: its ID number in the year's Part B, and its amount what Part B
 * reports for that ID. It goes out on its own only when the receipts came from one e-mail address
 * (or none: it is printed) under the certificate's name; otherwise it waits for staff, saying why,
 * since a PAN typed on a form proves nothing.
 */
export function matchCertificate(fields: CertificateFields, year: string, donors: Map<string, YearDonor>): Match {
  if (fields.year !== year) return { ok: false, reason: `it is for ${fields.year}, not ${year}` };
  const donor = donors.get(normaliseId(fields.donorId));
  const id = fields.donorIdKind === 'pan' ? 'PAN' : 'Aadhaar';
  if (!donor) return { ok: false, reason: `no receipt of ${year} carries this ${id}` };
  const ours = donor.amount * 100;
  if (ours !== fields.amount) {
    return {
      ok: false,
      reason: `the amount differs: the certificate says ${formatRupees(fields.amount)}, our receipts ${formatRupees(ours)}`,
    };
  }
  if (donor.emails.length > 1) {
    return {
      ok: false,
      reason: `the receipts for this ${id} came from ${donor.emails.length} e-mail addresses: ${donor.emails.join(', ')}`,
    };
  }
  if (fields.donorName === null) return { ok: false, reason: `the certificate's name could not be read` };
  const certificateName = nameKey(fields.donorName);
  const otherNames = donor.names.filter((name) => nameKey(name) !== certificateName);
  if (otherNames.length > 0) {
    return {
      ok: false,
      reason: `the certificate's name ${fields.donorName} differs from the receipts' ${otherNames.join(', ')}`,
    };
  }
  return { ok: true, donor, note: `${id} and amount ${formatRupees(fields.amount)} match what Part B reports` };
}
