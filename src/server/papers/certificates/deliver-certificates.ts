import type { EntityManager } from '@mikro-orm/postgresql';
import { taxLawOfYear } from '../../../shared/tax-law';
import type { DonorLinks } from '../../gifts/settlement/donor-notices';
import { type Actor, audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import { isoTime } from '../../platform/db/sql-time';
import { enqueueMail } from '../../platform/mail/outbox';
import { certificateMail } from '../../platform/mail/templates';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';
import { publishedContact } from '../../platform/site-content/published-contact';
import { certificateAddresses } from './certificate-addresses';

/**
 * The date by which each donor must have their certificate: 31 May after the year ends, the
 * statement's own due date (rule 18AB of the 1962 Rules; rule 190 of the Income-tax Rules, 2026
 * keeps it). Kept here, with the year, so a change of rule is one line.
 */
export const certificateDeadline = (year: string) => `${Number(year.slice(0, 4)) + 1}-05-31`;

export type Delivery = 'not sent' | 'queued' | 'sent' | 'failed' | 'to print';

export interface CertificateRow {
  id: number;
  fileName: string;
  donorName: string | null;
  donorIdMasked: string | null;
  /** Paise. */
  amount: number | null;
  status: 'unmatched' | 'matched' | 'confirmed';
  matchNote: string;
  donorEmail: string | null;
  /** Where to post it (certificate-addresses.ts). */
  donorAddress: string | null;
  uploadedAt: string;
  delivery: Delivery;
}

/**
 * A year's certificates, each with how its delivery stands (its mail in the outbox) and its
 * donor's postal address, and the deadline.
 */
export async function listCertificates(em: EntityManager, cipher: FieldCipher, year: string) {
  const addresses = await certificateAddresses(em, cipher, year);
  const rows = await em.execute<(Omit<CertificateRow, 'delivery' | 'donorAddress'> & { mail: string | null })[]>(
    `select c.id, c.file_name as "fileName", c.donor_name as "donorName", c.donor_id_masked as "donorIdMasked",
            c.amount, c.status, c.match_note as "matchNote", c.donor_email as "donorEmail",
            ${isoTime('c.uploaded_at')} as "uploadedAt", m.status as mail
       from donor_certificates c left join mail_outbox m on m.message_id = 'certificate-' || c.id
      where c.financial_year = ? order by c.status, c.donor_name nulls last, c.id`,
    [year],
  );
  const certificates: CertificateRow[] = rows.map(({ mail, ...row }) => ({
    ...row,
    donorAddress: addresses.get(row.id) ?? null,
    delivery: row.status !== 'confirmed' ? 'not sent' : !row.donorEmail ? 'to print' : ((mail ?? 'queued') as Delivery),
  }));
  const count = (delivery: Delivery) => certificates.filter((row) => row.delivery === delivery).length;
  return {
    year,
    form: taxLawOfYear(year).certificateForm,
    deadline: certificateDeadline(year),
    certificates,
    summary: {
      total: certificates.length,
      unmatched: certificates.filter((row) => row.status === 'unmatched').length,
      waiting: certificates.filter((row) => row.status === 'matched').length,
      queued: count('queued'),
      sent: count('sent'),
      failed: count('failed'),
      toPrint: count('to print'),
    },
  };
}

/**
 * An admin gives an unmatched certificate its donor by hand (a donor who gave under another address,
 * say); the audit entry keeps the address typed, as the certificate will be mailed there.
 */
export async function assignCertificate(
  em: EntityManager,
  actor: Actor,
  input: { id: number; email: string; donorName: string },
) {
  return em.transactional(async (tx) => {
    const [row] = await tx.execute<{ id: number }[]>(
      `update donor_certificates set donor_email = ?, donor_name = ?, status = 'matched', match_note = ?
        where id = ? and status <> 'confirmed' returning id`,
      [input.email, input.donorName, `assigned by hand by ${actor.username}`, input.id],
    );
    if (!row) throw new DomainError('CONFLICT', `Certificate ${input.id} is unknown or already sent`);
    await audit(tx, actor, 'certificate_assigned', { certificateId: input.id, email: input.email });
    return { id: input.id };
  });
}

/**
 * Confirms matched certificates: each donor with an address gets theirs by mail (the outbox, with
 * the PDF attached; one mail per certificate however often this runs); the others are listed to
 * print. One transaction.
 */
export async function sendCertificates(
  em: EntityManager,
  { donorLinks, actor }: { donorLinks: DonorLinks; actor: Actor },
  input: { year: string; ids: number[] },
) {
  return em.transactional(async (tx) => {
    const rows = await tx.execute<{ id: number; donor_email: string | null; donor_name: string | null }[]>(
      `update donor_certificates set status = 'confirmed', confirmed_by = ?, confirmed_at = now()
        where financial_year = ? and status = 'matched' and id in (select value::int from jsonb_array_elements_text(?::jsonb))
        returning id, donor_email, donor_name`,
      [actor.username, input.year, JSON.stringify(input.ids)],
    );
    const form = taxLawOfYear(input.year).certificateForm;
    const contact = await publishedContact(tx);
    let mailed = 0;
    for (const row of rows) {
      if (!row.donor_email) continue;
      mailed += 1;
      await enqueueMail(tx, {
        eventKey: `certificate-${row.id}`,
        kind: 'certificate',
        to: row.donor_email,
        attachments: [{ type: 'certificate-pdf', certificateId: row.id }],
        ...certificateMail({
          donorName: row.donor_name ?? 'donor',
          donorPageUrl: donorLinks.donorPageUrl(row.donor_email),
          year: input.year,
          form,
          contact,
        }),
      });
    }
    await audit(tx, actor, 'certificates_sent', { year: input.year, confirmed: rows.length, mailed });
    return { confirmed: rows.length, mailed, toPrint: rows.length - mailed };
  });
}

/** A donor's delivered certificates (confirmed, to their address), for their own page. */
export async function ownCertificates(em: EntityManager, email: string) {
  return em.execute<{ id: number; year: string }[]>(
    `select id, financial_year as year from donor_certificates
      where status = 'confirmed' and lower(donor_email) = ? order by financial_year desc, id`,
    [email],
  );
}

/** One of a donor's delivered certificates, as the portal issued it; null for anyone else's. */
export async function ownCertificatePdf(em: EntityManager, email: string, id: number) {
  const [row] = await em.execute<{ pdf: Buffer; year: string }[]>(
    `select pdf, financial_year as year from donor_certificates
      where id = ? and status = 'confirmed' and lower(donor_email) = ?`,
    [id, email],
  );
  return row ? { year: row.year, pdf: Buffer.from(row.pdf) } : null;
}
