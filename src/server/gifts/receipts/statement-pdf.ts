import PDFDocument from 'pdfkit';
import { formatIndiaDate } from '../../../shared/financial-year';
import { formatReceiptRupees } from '../../../shared/rupees';
import { taxLawOfYear } from '../../../shared/tax-law';
import { FONTS, writeMixed } from './receipt-pdf';
import { rupeesInWords } from './receipt-text';
import type { TrustDetails } from './trust-details';

export interface StatementReceipt {
  number: string;
  issuedAt: Date;
  amount: number;
  purpose?: string | null;
}

export interface DonorStatementFields {
  year: string;
  donorName: string;
  /** As printed on the receipts: masked. */
  donorIdMasked?: string | null;
  trust: TrustDetails;
  receipts: StatementReceipt[];
}

const GREEN = '#1b5e20';
const GREY = '#555555';
const MARGIN = 56;

/** A donor's gifts in one financial year, for their tax return: every receipt and the total. */
export function renderDonorStatementPdf(fields: DonorStatementFields): Promise<Buffer> {
  const { trust } = fields;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Statement of donations ${fields.year}`, Author: trust.name },
  });
  for (const [name, path] of Object.entries(FONTS)) doc.registerFont(name, path);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  doc.font('latinBold').fontSize(18).fillColor(GREEN).text(trust.name, { width });
  doc.font('latin').fontSize(9.5).fillColor(GREY).text(trust.address, { width });
  doc.text(`PAN ${trust.pan}  ·  ${taxLawOfYear(fields.year).registrationLabel} ${trust.registration80g}`, { width });
  doc.moveDown(1.2).font('latinBold').fontSize(15).fillColor('black');
  doc.text(`Statement of donations, financial year ${fields.year}`, { width, align: 'center' });
  doc.moveDown(1).fontSize(11).font('latin').fillColor(GREY).text('Donor', MARGIN, doc.y, { width });
  doc.fillColor('black');
  writeMixed(doc, fields.donorName, MARGIN, doc.y, width);
  if (fields.donorIdMasked) doc.font('latin').text(`ID ${fields.donorIdMasked}`, MARGIN, doc.y, { width });
  doc.moveDown(1);

  const columns = [MARGIN, MARGIN + 150, MARGIN + 260, MARGIN + width - 110];
  const header = ['Receipt', 'Date', 'Purpose', 'Amount'];
  doc.font('latinBold').fontSize(10);
  let y = doc.y;
  header.forEach((label, index) => {
    doc.text(label, columns[index], y, { width: index === 3 ? 110 : 140, lineBreak: false });
  });
  doc.font('latin');
  for (const receipt of fields.receipts) {
    y = doc.y + 6;
    if (y > doc.page.height - MARGIN - 80) {
      doc.addPage();
      y = MARGIN;
    }
    doc.text(receipt.number, columns[0], y, { width: 140, lineBreak: false });
    doc.text(formatIndiaDate(receipt.issuedAt), columns[1], y, { width: 105, lineBreak: false });
    doc.text(receipt.purpose ?? 'General', columns[2], y, { width: 140, lineBreak: false });
    doc.text(formatReceiptRupees(receipt.amount), columns[3], y, { width: 110, align: 'right', lineBreak: false });
  }
  const total = fields.receipts.reduce((sum, receipt) => sum + receipt.amount, 0);
  doc
    .moveDown(1.5)
    .font('latinBold')
    .text(`Total ${formatReceiptRupees(total)}`, MARGIN, doc.y, { width, align: 'right' });
  doc.font('latin').text(rupeesInWords(total), MARGIN, doc.y, { width, align: 'right' });
  doc.moveDown(1.5).fontSize(9.5).fillColor(GREY);
  doc.text(
    'Each donation above has its own receipt. Refunded donations are not listed. The certificate of ' +
      `donation for your tax return (${taxLawOfYear(fields.year).certificateForm}) is issued through the Income-tax Department's portal ` +
      'after the trust files its statement of donations for the year.',
    MARGIN,
    doc.y,
    { width, align: 'justify' },
  );
  doc.end();
  return done;
}
