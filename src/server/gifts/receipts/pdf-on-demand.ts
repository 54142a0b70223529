import type { EntityManager } from '@mikro-orm/postgresql';
import { publishedContact } from '../../platform/site-content/published-contact';
import type { ReceiptFields } from './receipt-text';
import type { DonorStatementFields } from './statement-pdf';

/**
 * The PDF renderers, loaded at the first PDF asked for rather than at the server's start: pdfkit
 * and its font engine take about a tenth of the start to load, and no health check needs them.
 */
/**
 * A receipt with the trust's contact details as published now (platform/site-content/published-contact.ts):
 * they are how to reach the trust, not what the receipt attests, so an old receipt gives today's;
 * its legal text (the trust's details and the law, as issued) never changes.
 */
export async function renderReceiptPdf(em: EntityManager, receipt: ReceiptFields): Promise<Buffer> {
  const contact = await publishedContact(em);
  return (await import('./receipt-pdf')).renderReceiptPdf({ ...receipt, contact });
}

export async function renderDonorStatementPdf(fields: DonorStatementFields): Promise<Buffer> {
  return (await import('./statement-pdf')).renderDonorStatementPdf(fields);
}
