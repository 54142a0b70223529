import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatIndiaDate } from '../../shared/financial-year';
import {
  approvalStatement,
  cancellationNotice,
  certificateNote,
  missingTaxIdNotice,
  noDeductionNotice,
  type ReceiptFields,
  receiptRows,
  receiptTitle,
} from './receipt-text';

// Resolved through the module system so the paths hold from source and from a build alike.
const resolve = createRequire(import.meta.url).resolve;
export const FONTS = {
  latin: resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  latinBold: resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  tamil: resolve('@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf'),
  devanagari: resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
};

const GREEN = '#1b5e20';
const GREY = '#555555';
const MARGIN = 56;

/** Splits text into runs of one script, so each run is set in a font that has its letters. */
function scriptRuns(text: string): { font: keyof typeof FONTS; text: string }[] {
  return (text.match(/[\u0B80-\u0BFF]+|[\u0900-\u097F]+|[^\u0B80-\u0BFF\u0900-\u097F]+/g) ?? []).map((run) => ({
    font: /[\u0B80-\u0BFF]/.test(run) ? 'tamil' : /[\u0900-\u097F]/.test(run) ? 'devanagari' : 'latin',
    text: run,
  }));
}

export function writeMixed(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number): void {
  const runs = scriptRuns(text);
  runs.forEach((run, index) => {
    doc.font(run.font);
    if (index === 0) doc.text(run.text, x, y, { width, continued: index < runs.length - 1 });
    else doc.text(run.text, { continued: index < runs.length - 1 });
  });
}

/** The donation receipt as a one-page A4 PDF with its fonts embedded. */
export function renderReceiptPdf(receipt: ReceiptFields): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Dated by the receipt, not by the rendering: an issued receipt downloaded again is the same file.
    info: {
      Title: `${receiptTitle(receipt)} ${receipt.number}`,
      Author: receipt.trust.name,
      CreationDate: receipt.issuedAt,
    },
  });
  for (const [name, path] of Object.entries(FONTS)) doc.registerFont(name, path);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolvePdf, reject) => {
    doc.on('end', () => resolvePdf(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const { trust } = receipt;
  doc.font('latinBold').fontSize(18).fillColor(GREEN).text(trust.name, { width });
  doc.font('latin').fontSize(9.5).fillColor(GREY);
  doc.text(trust.address, { width });
  doc.text(`PAN ${trust.pan}  ·  80G registration ${trust.registration80g}  ·  valid for ${trust.validity}`, { width });
  doc.moveDown(0.6);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(1.5)
    .strokeColor(GREEN)
    .stroke();

  doc
    .moveDown(1.2)
    .font('latinBold')
    .fontSize(15)
    .fillColor('black')
    .text(receiptTitle(receipt), { width, align: 'center' });
  doc.moveDown(1);

  const labelWidth = 130;
  doc.fontSize(11);
  for (const [label, value] of receiptRows(receipt)) {
    const y = doc.y;
    doc.font('latin').fillColor(GREY).text(label, MARGIN, y, { width: labelWidth });
    doc.fillColor('black');
    writeMixed(doc, value, MARGIN + labelWidth, y, width - labelWidth);
    doc.moveDown(0.5);
  }

  doc.moveDown(1).font('latin').fontSize(10).fillColor('black');
  doc.text(approvalStatement(receipt), MARGIN, doc.y, { width, align: 'justify' });
  const noDeduction = noDeductionNotice(receipt);
  if (noDeduction) doc.moveDown(0.6).font('latinBold').text(noDeduction, { width, align: 'justify' }).font('latin');
  const missing = missingTaxIdNotice(receipt);
  if (missing) doc.moveDown(0.6).text(missing, { width, align: 'justify' });
  const certificate = certificateNote(receipt);
  if (certificate) doc.moveDown(0.6).fillColor(GREY).text(certificate, { width, align: 'justify' });

  doc.moveDown(2.5).fillColor('black').fontSize(11);
  doc.text(`For ${trust.name}`, { width, align: 'right' });
  doc.moveDown(2.2);
  doc.font('latinBold').text(trust.signatoryName, { width, align: 'right' });
  doc.font('latin').fillColor(GREY).text(`${trust.signatoryTitle}, authorised signatory`, { width, align: 'right' });

  const cancelled = cancellationNotice(receipt);
  if (cancelled) {
    doc.moveDown(2).font('latinBold').fontSize(12).fillColor('#b71c1c').text(cancelled, MARGIN, doc.y, { width });
    doc.save().rotate(-30, { origin: [doc.page.width / 2, doc.page.height / 2] });
    doc
      .fontSize(90)
      .fillOpacity(0.15)
      .text('CANCELLED', 0, doc.page.height / 2 - 50, {
        width: doc.page.width,
        align: 'center',
      });
    doc.restore();
  }

  doc.font('latin').fontSize(8).fillColor(GREY).fillOpacity(1);
  doc.text(
    `Issued ${formatIndiaDate(receipt.issuedAt)} · computer-generated receipt`,
    MARGIN,
    doc.page.height - MARGIN - 16,
    { width, align: 'center', lineBreak: false },
  );
  doc.end();
  return done;
}
