import type { EntityManager } from '@mikro-orm/postgresql';
import type { CertificateUploadOutcome } from '../../../shared/certificates.schema';
import { maskTaxId } from '../../../shared/tax-id';
import { type Actor, audit } from '../../platform/audit/audit';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';
import { donorsOfYear, matchCertificate } from './match-certificate';
import { readCertificateText } from './read-certificate';
import { readUpload } from './read-upload';
import type { UploadedFile } from './unpack-upload';

/**
 * Stores each certificate of an upload for a year, read and matched to its donor (or with the
 * reason it has none), for staff to confirm. The same file again is the certificate already stored.
 */
export async function uploadCertificates(
  em: EntityManager,
  { cipher, actor }: { cipher: FieldCipher; actor: Actor },
  year: string,
  upload: UploadedFile,
): Promise<CertificateUploadOutcome[]> {
  const files = await readUpload(upload);
  const donors = await donorsOfYear(em, cipher, year);
  const outcomes: CertificateUploadOutcome[] = [];
  for (const file of files) {
    if ('refused' in file) {
      outcomes.push({ file: file.name, result: 'refused', certificateId: null, matched: false, note: file.refused });
      continue;
    }
    const hash = file.sha256;
    const [existing] = await em.execute<{ id: number }[]>('select id from donor_certificates where file_sha256 = ?', [
      hash,
    ]);
    if (existing) {
      const note = `the same file as certificate ${existing.id}, already uploaded`;
      outcomes.push({ file: file.name, result: 'duplicate', certificateId: existing.id, matched: false, note });
      continue;
    }
    const read = readCertificateText(file.text);
    const match = read.ok ? matchCertificate(read.fields, year, donors) : { ok: false as const, reason: read.reason };
    const fields = read.ok ? read.fields : null;
    const [row] = await em.execute<{ id: number }[]>(
      `insert into donor_certificates (financial_year, file_sha256, file_name, pdf, donor_id_kind, donor_id_masked,
         donor_id_encrypted, donor_name, amount, status, match_note, donor_email, uploaded_by)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (file_sha256) do nothing returning id`,
      [
        year,
        hash,
        file.name,
        Buffer.from(file.bytes),
        fields?.donorIdKind ?? null,
        fields ? maskTaxId(fields.donorIdKind, fields.donorId) : null,
        fields ? cipher.encrypt(fields.donorId) : null,
        match.ok ? match.donor.name : (fields?.donorName ?? null),
        fields?.amount ?? null,
        match.ok ? 'matched' : 'unmatched',
        match.ok ? match.note : match.reason,
        match.ok ? match.donor.email : null,
        actor.username,
      ],
    );
    outcomes.push({
      file: file.name,
      result: row ? 'stored' : 'duplicate',
      certificateId: row?.id ?? null,
      matched: match.ok,
      note: match.ok ? match.note : match.reason,
    });
  }
  await audit(em, actor, 'certificates_uploaded', {
    year,
    files: outcomes.length,
    stored: outcomes.filter((outcome) => outcome.result === 'stored').length,
    matched: outcomes.filter((outcome) => outcome.matched).length,
  });
  return outcomes;
}
