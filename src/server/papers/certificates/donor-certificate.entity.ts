import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const CERTIFICATE_STATUSES = ['unmatched', 'matched', 'confirmed'] as const;

/**
 * A donor's certificate (Form 10BE / Form 114) as the trust downloaded it from the portal: the
 * file itself, what was read from it, the donor it was matched to (or why not), and whether
 * staff confirmed it for delivery. Its mail is `certificate-<id>` in the outbox.
 */
export const DonorCertificate = defineEntity({
  name: 'DonorCertificate',
  tableName: 'donor_certificates',
  indexes: [{ properties: ['financialYear'], name: 'donor_certificates_financial_year_index' }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    financialYear: p.text(),
    /** The same file uploaded again is this certificate. */
    fileSha256: p.text().unique('donor_certificates_file_sha256_unique'),
    fileName: p.text(),
    pdf: p.blob().lazy(),
    donorIdKind: p.text().nullable(),
    donorIdMasked: p.text().nullable(),
    donorIdEncrypted: p.text().nullable(),
    donorName: p.text().nullable(),
    /** Paise, as the certificate states it. */
    amount: p.integer().nullable(),
    status: p.enum([...CERTIFICATE_STATUSES]).default('unmatched'),
    /** Why it has no match, or what the match rests on. */
    matchNote: p.text(),
    /** Where it goes: the e-mail of the donor's latest receipt that year, or one staff chose. */
    donorEmail: p.text().nullable(),
    uploadedBy: p.text(),
    uploadedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    confirmedBy: p.text().nullable(),
    confirmedAt: p.datetime().columnType('timestamptz').nullable(),
  }),
});

export type DonorCertificate = InferEntity<typeof DonorCertificate>;
