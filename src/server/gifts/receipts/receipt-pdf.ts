import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatIndiaDate } from '../../../shared/financial-year';
import { taxLawOn } from '../../../shared/tax-law';
import {
  approvalStatement,
  cancellationNotice,
  certificateNote,
  contactOf,
  localMessages,
  localNotices,
  localValue,
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

const INDIC = /[\u0B80-\u0BFF\u0900-\u097F]/;

/**
 * Draws Tamil or Devanagari text so that copying or extracting it gives the words as written. The
 * shaped glyphs are in visual order (a vowel sign drawn before its consonant, the reph after the
 * syllable it crowns), so a reader's copy would read "िप्रया" for "प्रिया": the run is marked as a
 * span whose ActualText is the text itself (PDF 32000-1 §14.9.4), which pdftotext, PDFium (Chrome)
 * and Acrobat give instead. Latin text is drawn as it is.
 */
export function asWritten(doc: PDFKit.PDFDocument, text: string, draw: () => void): void {
  const marked = INDIC.test(text);
  if (marked) doc.markContent('Span', { actual: text });
  draw();
  if (marked) doc.endMarkedContent();
}

export function writeMixed(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number): void {
  const runs = scriptRuns(text);
  runs.forEach((run, index) => {
    doc.font(run.font);
    asWritten(doc, run.text, () => {
      if (index === 0) doc.text(run.text, x, y, { width, continued: index < runs.length - 1 });
      else doc.text(run.text, { continued: index < runs.length - 1 });
    });
  });
}

/** The font of a line in one script: Tamil, Devanagari, or the Latin one. */
const fontOf = (text: string): keyof typeof FONTS =>
  /[\u0B80-\u0BFF]/.test(text) ? 'tamil' : /[\u0900-\u097F]/.test(text) ? 'devanagari' : 'latin';

/**
 * The donation receipt as a one-page A4 PDF with its fonts embedded. A Tamil or Hindi donor's
 * receipt prints their language under the English of each label, the amount in words and each
 * notice (receipt-messages.ts); English is always there, as the Income-tax Department reads it.
 * pdfkit's fontkit shapes both scripts with the Noto fonts' OpenType tables (vowel signs reordered,
 * conjuncts and the reph formed), as receipt-pdf.test.ts's rendering was checked to show.
 */
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
  const { registrationLabel } = taxLawOn(receipt.issuedAt);
  doc.text(`PAN ${trust.pan}  ·  ${registrationLabel} ${trust.registration80g}  ·  valid for ${trust.validity}`, {
    width,
  });
  const contact = contactOf(receipt);
  doc.text(`${contact.email}  ·  ${contact.phone}`, { width });
  doc.moveDown(0.6);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(1.5)
    .strokeColor(GREEN)
    .stroke();

  const local = localMessages(receipt);
  // A bilingual receipt sets its text a little smaller, so both languages stay on one page.
  const size = local ? { title: 14, row: 10, local: 8.5, notice: 8.5 } : { title: 15, row: 11, local: 0, notice: 10 };
  doc
    .moveDown(local ? 0.8 : 1.2)
    .font('latinBold')
    .fontSize(size.title)
    .fillColor('black')
    .text(receiptTitle(receipt), { width, align: 'center' });
  if (local) {
    const title = receipt.mode === 'kind' ? local.titleInKind : local.title;
    doc.font(fontOf(title)).fontSize(size.title - 2);
    asWritten(doc, title, () => doc.text(title, { width, align: 'center' }));
  }
  doc.moveDown(local ? 0.6 : 1);

  const labelWidth = local ? 150 : 130;
  for (const [label, value, key] of receiptRows(receipt)) {
    const y = doc.y;
    doc
      .font('latin')
      .fontSize(size.row)
      .fillColor(GREY)
      .text(label, MARGIN, y, { width: labelWidth - 8 });
    if (local) {
      const translated = local.rows[key];
      doc.font(fontOf(translated)).fontSize(size.local);
      asWritten(doc, translated, () => doc.text(translated, { width: labelWidth - 8 }));
    }
    const labelBottom = doc.y;
    doc.fontSize(size.row).fillColor('black');
    writeMixed(doc, value, MARGIN + labelWidth, y, width - labelWidth);
    const inWords = localValue(receipt, key);
    if (inWords) writeMixed(doc, inWords, MARGIN + labelWidth, doc.y, width - labelWidth);
    doc.y = Math.max(doc.y, labelBottom);
    doc.moveDown(local ? 0.35 : 0.5);
  }

  const localText = localNotices(receipt);
  /** An English notice, then the same in the donor's language, smaller, under it. */
  const notice = (english: string, translated: string | undefined, style: { bold?: boolean; grey?: boolean } = {}) => {
    doc
      .moveDown(0.6)
      .font(style.bold ? 'latinBold' : 'latin')
      .fontSize(size.notice)
      .fillColor(style.grey ? GREY : 'black')
      .text(english, MARGIN, doc.y, { width, align: 'justify' });
    if (translated) {
      doc.moveDown(0.2).font(fontOf(translated));
      asWritten(doc, translated, () => doc.text(translated, MARGIN, doc.y, { width }));
    }
  };
  doc.moveDown(local ? 0.4 : 0.4);
  notice(approvalStatement(receipt), localText?.approval);
  const translations = [...(localText?.others ?? [])];
  const noDeduction = noDeductionNotice(receipt);
  if (noDeduction) notice(noDeduction, translations.shift(), { bold: true });
  const missing = missingTaxIdNotice(receipt);
  if (missing) notice(missing, translations.shift());
  const certificate = certificateNote(receipt);
  if (certificate) notice(certificate, translations.shift(), { grey: true });

  doc
    .moveDown(local ? 1.5 : 2.5)
    .font('latin')
    .fillColor('black')
    .fontSize(local ? 10 : 11);
  doc.text(`For ${trust.name}`, MARGIN, doc.y, { width, align: 'right' });
  doc.moveDown(local ? 1.6 : 2.2);
  doc.font('latinBold').text(trust.signatoryName, { width, align: 'right' });
  doc.font('latin').fillColor(GREY).text(`${trust.signatoryTitle}, authorised signatory`, { width, align: 'right' });
  if (local) {
    const { signatory } = local;
    doc.font(fontOf(signatory)).fontSize(size.local);
    asWritten(doc, signatory, () => doc.text(signatory, { width, align: 'right' }));
  }

  const cancelled = cancellationNotice(receipt);
  if (cancelled) {
    doc
      .moveDown(local ? 1 : 2)
      .font('latinBold')
      .fontSize(12)
      .fillColor('#b71c1c')
      .text(cancelled, MARGIN, doc.y, { width });
    if (local) {
      const translated = local.cancelled(receipt.cancelledAt ? formatIndiaDate(receipt.cancelledAt) : null);
      doc.font(fontOf(translated)).fontSize(10);
      asWritten(doc, translated, () => doc.text(translated, MARGIN, doc.y, { width }));
    }
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
  if (local) {
    const { footer } = local;
    doc.font(fontOf(footer));
    asWritten(doc, footer, () =>
      doc.text(footer, MARGIN, doc.page.height - MARGIN - 28, { width, align: 'center', lineBreak: false }),
    );
    doc.font('latin');
  }
  doc.text(
    `Issued ${formatIndiaDate(receipt.issuedAt)} · computer-generated receipt`,
    MARGIN,
    doc.page.height - MARGIN - 16,
    { width, align: 'center', lineBreak: false },
  );
  doc.end();
  return done;
}
