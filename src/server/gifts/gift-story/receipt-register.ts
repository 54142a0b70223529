import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReceiptListInput } from '../../../shared/receipts.schema';
import { DomainError } from '../../platform/core/domain-error';
import { isoTime } from '../../platform/db/sql-time';
import { enqueueMail } from '../../platform/mail/outbox';
import { publishedContact } from '../../platform/site-content/published-contact';
import { withTotal } from '../gift-lists/list-total';
import { Receipt } from '../receipts/receipt.entity';
import { receiptOutgoingMail } from '../receipts/receipt-mail';
import type { DonorLinks } from '../settlement/donor-notices';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export interface ReceiptRegisterRow {
  id: number;
  number: string;
  financialYear: string;
  sequence: number;
  /** ISO-8601 UTC. */
  issuedAt: string;
  /** Paise. */
  amount: number;
  donorName: string;
  donorEmail: string;
  /** Masked: the whole number is never shown. */
  donorIdMasked: string | null;
  status: string;
  cancelledAt: string | null;
  cancellationReason: string | null;
  paymentId: string;
  donationId: number;
  /** The staff download of the PDF (session-checked). */
  pdfUrl: string;
}

/** The receipt register, in number order within each year (newest year first), a page at a time. */
export async function listReceipts({ em, input }: { em: EntityManager; input: ReceiptListInput }) {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (input.financialYear) conditions.push('financial_year = ?') && params.push(input.financialYear);
  if (input.status) conditions.push('status = ?') && params.push(input.status);
  if (input.number) conditions.push('number ilike ?') && params.push(`%${escapeLike(input.number)}%`);
  if (input.donor && !input.donor.includes('\u001f')) {
    // Name and e-mail joined by U+001F, which nobody types: one trigram index (receipts_donor_trgm_index).
    conditions.push(`(donor_name || chr(31) || donor_email) ilike ?`);
    params.push(`%${escapeLike(input.donor)}%`);
  } else if (input.donor) {
    conditions.push('(donor_name ilike ? or donor_email ilike ?)');
    params.push(`%${escapeLike(input.donor)}%`, `%${escapeLike(input.donor)}%`);
  }
  const where = conditions.length > 0 ? conditions.join(' and ') : 'true';
  const offset = (input.page - 1) * input.pageSize;
  const { rows, ...total } = await withTotal(
    em,
    em.execute<Omit<ReceiptRegisterRow, 'pdfUrl'>[]>(
      `select id, number, financial_year as "financialYear", sequence, ${isoTime('issued_at')} as "issuedAt", amount,
              donor_name as "donorName", donor_email as "donorEmail", donor_id_masked as "donorIdMasked", status,
              ${isoTime('cancelled_at')} as "cancelledAt", cancellation_reason as "cancellationReason",
              payment_id as "paymentId", donation_id as "donationId"
         from receipts where ${where}
        order by financial_year desc, sequence desc limit ? offset ?`,
      [...params, input.pageSize, offset],
    ),
    offset,
    `from receipts where ${where}`,
    params,
  );
  return {
    rows: rows.map((row): ReceiptRegisterRow => ({ ...row, pdfUrl: `/staff/api/receipts/${row.id}.pdf` })),
    ...total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/**
 * Queues the receipt's mail again (the donor lost it, or gave a wrong address that was fixed): a
 * new event, so a new message; sending it twice by a double click would be two resends.
 */
export async function resendReceipt({
  em,
  donorLinks,
  input,
}: {
  em: EntityManager;
  donorLinks: DonorLinks;
  input: { id: number };
}): Promise<{ id: number; queued: true }> {
  const receipt = await em.findOne(Receipt, input.id);
  if (!receipt) throw new DomainError('NOT_FOUND', `No receipt ${input.id}`);
  const mail = receiptOutgoingMail(
    receipt,
    {
      // A resent receipt's link runs 18 months from now, whenever the receipt was issued.
      downloadUrl: donorLinks.receiptUrl(receipt.id, new Date()),
      donorPageUrl: donorLinks.donorPageUrl,
    },
    await publishedContact(em),
  );
  await enqueueMail(em, { ...mail, eventKey: `${mail.eventKey}-resent-${Date.now()}` });
  return { id: receipt.id, queued: true };
}
