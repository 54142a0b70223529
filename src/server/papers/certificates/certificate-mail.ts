import type { EntityManager } from '@mikro-orm/postgresql';

/** A certificate's PDF, as the portal issued it, when the mail worker sends its mail. */
export async function certificateAttachment(
  em: EntityManager,
  certificateId: number,
): Promise<{ filename: string; content: Buffer }> {
  const [row] = await em.execute<{ pdf: Buffer; financial_year: string }[]>(
    'select pdf, financial_year from donor_certificates where id = ?',
    [certificateId],
  );
  if (!row) throw new Error(`certificate ${certificateId} is gone`);
  return { filename: `certificate-of-donation-${row.financial_year}.pdf`, content: Buffer.from(row.pdf) };
}
