import type { DonorStatementFields } from '../donors/statement-pdf';
import type { ReceiptFields } from './receipt-text';

/**
 * The PDF renderers, loaded at the first PDF asked for rather than at the server's start: pdfkit
 * and its font engine take about a tenth of the start to load, and no health check needs them.
 */
export async function renderReceiptPdf(receipt: ReceiptFields): Promise<Buffer> {
  return (await import('./receipt-pdf')).renderReceiptPdf(receipt);
}

export async function renderDonorStatementPdf(fields: DonorStatementFields): Promise<Buffer> {
  return (await import('../donors/statement-pdf')).renderDonorStatementPdf(fields);
}
