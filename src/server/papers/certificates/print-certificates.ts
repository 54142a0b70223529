import type { EntityManager } from '@mikro-orm/postgresql';
import { type Actor, audit } from '../../platform/audit/audit';
import { mergePdfs } from './merge-pdfs';

/** One stored certificate, as the portal issued it, for staff; each download is in the audit trail. */
export async function certificateFile(em: EntityManager, actor: Actor, id: number) {
  const [row] = await em.execute<{ pdf: Buffer; year: string }[]>(
    'select pdf, financial_year as year from donor_certificates where id = ?',
    [id],
  );
  if (!row) return null;
  await audit(em, actor, 'certificate_downloaded', { certificateId: id });
  return { filename: `certificate-${id}-${row.year}.pdf`, pdf: Buffer.from(row.pdf) };
}

/**
 * A year's certificates still to deliver by post, as one PDF to print: confirmed for a donor
 * without an e-mail address, or whose mail failed. By donor name, as the list shows them.
 */
export async function certificatesToPrint(em: EntityManager, actor: Actor, year: string) {
  const rows = await em.execute<{ id: number; pdf: Buffer }[]>(
    `select c.id, c.pdf
       from donor_certificates c left join mail_outbox m on m.message_id = 'certificate-' || c.id
      where c.financial_year = ? and c.status = 'confirmed' and (c.donor_email is null or c.donor_email = '' or m.status = 'failed')
      order by c.donor_name nulls last, c.id`,
    [year],
  );
  if (rows.length === 0) return null;
  const merged = await mergePdfs(rows.map((row) => new Uint8Array(row.pdf)));
  await audit(em, actor, 'certificates_printed', { year, certificates: rows.length, pages: merged.pages });
  return { filename: `certificates-to-print-${year}.pdf`, pdf: merged.pdf };
}
