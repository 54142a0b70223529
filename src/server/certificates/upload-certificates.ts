import type { EntityManager } from '@mikro-orm/postgresql';
import { unzipSync } from 'fflate';
import type { CertificateUploadOutcome } from '../../shared/certificates.schema';
import { maskTaxId } from '../../shared/tax-id';
import { DomainError } from '../domain-error';
import type { FieldCipher } from '../personal-data/field-cipher';
import { type Actor, audit } from '../staff/audit';
import { donorsOfYear, matchCertificate } from './match-certificate';
import { isPdf, pdfText, readCertificateText, sha256 } from './read-certificate';

/** A zip from the portal holds a few hundred certificates of a few hundred KB each. */
export const MAX_FILES = 2_000;
const MAX_UNZIPPED_BYTES = 300 * 1024 * 1024;

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/** The PDFs of an upload: the file itself, or each PDF of a zip (folders and other files skipped). */
export function filesOf(upload: UploadedFile): UploadedFile[] {
  if (isPdf(upload.bytes)) return [upload];
  if (!(upload.bytes[0] === 0x50 && upload.bytes[1] === 0x4b)) return [upload];
  let total = 0;
  let count = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(upload.bytes, {
      // Sizes are checked before anything is inflated: a zip bomb is refused, not unpacked.
      filter: (entry) => {
        if (entry.name.endsWith('/') || !/\.pdf$/i.test(entry.name)) return false;
        total += entry.originalSize;
        count += 1;
        if (count > MAX_FILES || total > MAX_UNZIPPED_BYTES) {
          throw new DomainError(
            'BAD_REQUEST',
            `The zip holds more than ${MAX_FILES} files or 300 MB: upload it in parts`,
          );
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('BAD_REQUEST', `${upload.name} is not a zip that can be opened`);
  }
  return Object.entries(entries).map(([name, bytes]) => ({ name: name.split('/').pop() ?? name, bytes }));
}

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
  const files = filesOf(upload);
  const donors = await donorsOfYear(em, cipher, year);
  const outcomes: CertificateUploadOutcome[] = [];
  for (const file of files) {
    if (!isPdf(file.bytes)) {
      outcomes.push({ file: file.name, result: 'refused', certificateId: null, matched: false, note: 'not a PDF' });
      continue;
    }
    const hash = sha256(file.bytes);
    const [existing] = await em.execute<{ id: number }[]>('select id from donor_certificates where file_sha256 = ?', [
      hash,
    ]);
    if (existing) {
      const note = `the same file as certificate ${existing.id}, already uploaded`;
      outcomes.push({ file: file.name, result: 'duplicate', certificateId: existing.id, matched: false, note });
      continue;
    }
    const read = readCertificateText(await pdfText(file.bytes).catch(() => ''));
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
