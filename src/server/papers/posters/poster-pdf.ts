import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { Language } from '../../../shared/languages';
import type { PosterSize } from '../../../shared/poster.schema';
import { lines, POSTER_FONTS, type TextStyle, textHeight, write } from './poster-text';
import type { PosterWords } from './poster-words';

/** One rung of the amount ladder: the amount as printed (`₹2,000`), and what it does where the page says. */
export interface LadderRung {
  amount: string;
  text?: string;
}

/** Everything a poster prints, resolved: the drawing reads nothing else. */
export interface PosterLayout {
  size: PosterSize;
  language: Language;
  trustName: string;
  /** The one line: an appeal's title, the donate page's heading. */
  line: string;
  /** The photo's JPEG master, or none. */
  photo?: Buffer;
  ladder: LadderRung[];
  /** The page's whole address, with its source marker: the QR code's text (printed beside it as a person types it). */
  address: string;
  words: PosterWords;
}

const GREEN = '#1b5e20';
const LIGHT_GREEN = '#e8f5e9';
const GREY = '#444444';
/** Sizes are set for A4 in points and scaled to the paper: an A5 poster is the A4 one, smaller. */
const A4_WIDTH = 595.28;
const MARGIN = 36;

/** The QR code as filled squares (vector: sharp at any print size), its quiet zone white. */
function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  // M: a quarter of the code may be worn or smudged on a counter and still read.
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = size / (modules.size + 2 * quiet);
  doc.rect(x, y, size, size).fill('white');
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let column = 0; column <= modules.size; column++) {
      const dark = column < modules.size && modules.get(row, column);
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        // A run of dark modules as one rectangle, a hair taller so rows print without seams.
        doc.rect(x + (quiet + start) * cell, y + (quiet + row) * cell, (column - start) * cell, cell + 0.01);
        start = -1;
      }
    }
  }
  doc.fill('black');
}

/** The photo cropped to fill its box (the most interesting part kept), at print resolution. */
async function fittedPhoto(photo: Buffer, width: number, height: number): Promise<Buffer> {
  // About 200 pixels an inch at the printed size: sharp on paper, light in the file.
  const pixels = (points: number) => Math.round((points / 72) * 200);
  return sharp(photo)
    .rotate()
    .resize(pixels(width), pixels(height), { fit: 'cover', position: 'attention' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

/**
 * The poster as a one-page PDF, A4 or A5: the trust's name, the photo, the one line, the amount
 * ladder, and the QR code of the page's address with the address printed beside it. The layout is
 * set for A4 and scaled to A5, so both read the same from across a counter.
 */
export async function renderPosterPdf(poster: PosterLayout): Promise<Buffer> {
  const doc = new PDFDocument({
    size: poster.size,
    margin: 0,
    lang: poster.language === 'en' ? 'en-IN' : `${poster.language}-IN`,
    info: { Title: poster.line, Author: poster.trustName, Subject: poster.address },
  });
  for (const [name, path] of Object.entries(POSTER_FONTS)) doc.registerFont(name, path);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolvePdf, reject) => {
    doc.on('end', () => resolvePdf(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const k = doc.page.width / A4_WIDTH;
  const pageHeight = doc.page.height;
  const margin = MARGIN * k;
  const width = doc.page.width - 2 * margin;

  // The trust's name on a green band.
  const bandHeight = 54 * k;
  doc.rect(0, 0, doc.page.width, bandHeight).fill(GREEN);
  write(doc, poster.trustName, margin, 15 * k, width, { size: 20 * k, bold: true, color: 'white', align: 'center' });

  // The foot: what a donor can rely on, on as many lines as its language takes.
  const footStyle: TextStyle = { size: 9 * k, color: GREY, align: 'center' };
  const footTop = pageHeight - margin - textHeight(doc, poster.words.receipted, width, footStyle);
  write(doc, poster.words.receipted, margin, footTop, width, footStyle);

  // Measured before anything is placed: the line (smaller until it keeps to three lines), the
  // ladder, the QR block; the photo takes the height left, up to its own, or is left out.
  const lineStyle = oneLineStyle(doc, poster.line, width, k * (poster.photo ? 1 : 1.2));
  const lineHeight = textHeight(doc, poster.line, width, lineStyle);
  const ladderHeight = drawLadder(doc, poster, { x: margin, y: 0, width, bottom: Infinity, k, dryRun: true });
  const smallest = 150 * k;
  const qrWords = qrColumn(poster, k);
  const blockHeight = (qrSize: number) => Math.max(qrSize, columnHeight(doc, qrWords, width - qrSize - 18 * k) + 8 * k);
  const top = bandHeight + 18 * k;
  const photoRoom =
    footTop - 12 * k - blockHeight(smallest) - 12 * k - ladderHeight - 14 * k - lineHeight - 16 * k - top;
  const photoHeight = poster.photo ? Math.min(270 * k, photoRoom) : 0;

  let y = top;
  if (poster.photo && photoHeight >= 100 * k) {
    doc.image(await fittedPhoto(poster.photo, width, photoHeight), margin, y, { width, height: photoHeight });
    y += photoHeight + 16 * k;
  }
  y = write(doc, poster.line, margin, y, width, lineStyle) + 14 * k;
  if (poster.ladder.length > 0) {
    y = drawLadder(doc, poster, { x: margin, y, width, bottom: footTop - 12 * k - blockHeight(smallest) - 12 * k, k });
  }

  // What room is left (a poster without a photo has much) goes to a larger code, the block centred in it.
  const room = footTop - 12 * k - y;
  let qrSize = Math.min(230 * k, Math.max(smallest, room - 40 * k));
  while (qrSize > smallest && blockHeight(qrSize) > room - 12 * k) qrSize -= 10 * k;
  qrSize = Math.max(qrSize, smallest);
  const qrTop = y + Math.max(12 * k, (room - blockHeight(qrSize)) / 2);
  drawQrCode(doc, poster.address, margin, qrTop, qrSize);
  let textY = qrTop + 8 * k;
  for (const { text, style, gap } of qrWords) {
    textY = write(doc, text, margin + qrSize + 18 * k, textY + gap, width - qrSize - 18 * k, style);
  }

  doc.end();
  return done;
}

/** The line's style: as large as keeps it to three lines (an appeal's title may have 120 characters). */
function oneLineStyle(doc: PDFKit.PDFDocument, line: string, width: number, scale: number): TextStyle {
  const style = (size: number): TextStyle => ({ size: size * scale, bold: true, color: GREEN, align: 'center' });
  const fits = [30, 26, 22].find((size) => lines(doc, line, width, style(size)).length <= 3);
  return style(fits ?? 19);
}

/** The words beside the QR code, each with the space before it. */
function qrColumn(poster: PosterLayout, k: number): { text: string; style: TextStyle; gap: number }[] {
  // As a person would type it: no scheme, no marker (a typed address is not a scan).
  const typed = poster.address.replace(/^https?:\/\//, '').replace(/\?.*$/, '');
  return [
    { text: poster.words.scan, style: { size: 22 * k, bold: true }, gap: 0 },
    { text: poster.words.howToScan, style: { size: 11 * k, color: GREY }, gap: 6 * k },
    { text: poster.words.orVisit, style: { size: 10 * k, color: GREY }, gap: 8 * k },
    { text: typed, style: { size: 11 * k, bold: true }, gap: 2 * k },
  ];
}

const columnHeight = (doc: PDFKit.PDFDocument, words: ReturnType<typeof qrColumn>, width: number) =>
  words.reduce((sum, { text, style, gap }) => sum + gap + textHeight(doc, text, width, style), 0);

/**
 * The ladder: amounts with what each does as rows, or amounts alone as a row of boxes. Rows that do
 * not fit above the QR code are left out (the donate page's list may be long; the first are the smallest).
 */
function drawLadder(
  doc: PDFKit.PDFDocument,
  poster: PosterLayout,
  box: { x: number; y: number; width: number; bottom: number; k: number; dryRun?: boolean },
): number {
  const { x, width, bottom, k, dryRun = false } = box;
  /** Writes the text, or with dryRun only says where it would end. */
  const put = (text: string, left: number, top: number, within: number, style: TextStyle) =>
    dryRun ? top + textHeight(doc, text, within, style) : write(doc, text, left, top, within, style);
  const described = poster.ladder.some((rung) => rung.text);
  const title = described ? poster.words.ladderTitle : poster.words.amountsTitle;
  let y = put(title, x, box.y, width, { size: 13 * k, color: GREY, align: 'center' }) + 6 * k;
  if (!described) {
    const rungs = poster.ladder.slice(0, 5);
    const gap = 8 * k;
    const boxWidth = (width - gap * (rungs.length - 1)) / rungs.length;
    const boxHeight = 34 * k;
    if (!dryRun) {
      rungs.forEach((rung, index) => {
        const left = x + index * (boxWidth + gap);
        doc.roundedRect(left, y, boxWidth, boxHeight, 6 * k).fillAndStroke(LIGHT_GREEN, GREEN);
        write(doc, rung.amount, left, y + 8 * k, boxWidth, { size: 15 * k, bold: true, color: GREEN, align: 'center' });
      });
    }
    return y + boxHeight;
  }
  const amountWidth = 90 * k;
  const rowStyle: TextStyle = { size: 13 * k };
  for (const rung of poster.ladder) {
    const rowHeight = textHeight(doc, rung.text ?? '', width - amountWidth, rowStyle);
    if (y + rowHeight > bottom) break;
    put(rung.amount, x, y, amountWidth - 8 * k, { ...rowStyle, bold: true, color: GREEN, align: 'right' });
    y = put(rung.text ?? '', x + amountWidth, y, width - amountWidth, rowStyle) + 4 * k;
  }
  return y;
}
