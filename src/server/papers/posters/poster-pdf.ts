import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { Language } from '../../../shared/languages';
import type { PosterSize } from '../../../shared/poster.schema';
import { INDIC, lines, POSTER_FONTS, type TextStyle, write } from './poster-text';
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

  let y = bandHeight + 18 * k;
  if (poster.photo) {
    const photoHeight = 270 * k;
    doc.image(await fittedPhoto(poster.photo, width, photoHeight), margin, y, { width, height: photoHeight });
    y += photoHeight + 16 * k;
  }

  // The one line, smaller when it is long, so it keeps to two or three lines.
  const lineSize = (poster.line.length > 60 ? 24 : 30) * (poster.photo ? 1 : 1.2) * k;
  y = write(doc, poster.line, margin, y, width, { size: lineSize, bold: true, color: GREEN, align: 'center' });

  // The QR block sits at the foot; the ladder takes what room is left above it.
  // The foot: what a donor can rely on, on as many lines as its language takes.
  const footStyle: TextStyle = { size: 9 * k, color: GREY, align: 'center' };
  const footLines = lines(doc, poster.words.receipted, width, footStyle).length;
  const footTop = pageHeight - margin - footLines * footStyle.size * 1.55;
  write(doc, poster.words.receipted, margin, footTop, width, footStyle);

  // The QR block above it; the ladder takes what room is left over the smallest QR code.
  const smallest = 150 * k;
  y += 14 * k;
  if (poster.ladder.length > 0) {
    y = drawLadder(doc, poster, { x: margin, y, width, bottom: footTop - 12 * k - smallest - 12 * k, k });
  }
  // What room is left (a poster without a photo has much) goes to a larger code, the block centred in it.
  const room = footTop - 12 * k - y;
  const qrSize = Math.min(230 * k, Math.max(smallest, room - 40 * k));
  const qrTop = y + Math.max(12 * k, (room - qrSize) / 2);
  drawQrCode(doc, poster.address, margin, qrTop, qrSize);
  const textX = margin + qrSize + 18 * k;
  const textWidth = width - qrSize - 18 * k;
  let textY = write(doc, poster.words.scan, textX, qrTop + 8 * k, textWidth, { size: 22 * k, bold: true });
  textY = write(doc, poster.words.howToScan, textX, textY + 6 * k, textWidth, { size: 11 * k, color: GREY });
  textY = write(doc, poster.words.orVisit, textX, textY + 8 * k, textWidth, { size: 10 * k, color: GREY });
  // As a person would type it: no scheme, no marker (a typed address is not a scan).
  const typed = poster.address.replace(/^https?:\/\//, '').replace(/\?.*$/, '');
  write(doc, typed, textX, textY + 2 * k, textWidth, { size: 11 * k, bold: true });

  doc.end();
  return done;
}

/**
 * The ladder: amounts with what each does as rows, or amounts alone as a row of boxes. Rows that do
 * not fit above the QR code are left out (the donate page's list may be long; the first are the smallest).
 */
function drawLadder(
  doc: PDFKit.PDFDocument,
  poster: PosterLayout,
  box: { x: number; y: number; width: number; bottom: number; k: number },
): number {
  const { x, width, bottom, k } = box;
  const described = poster.ladder.some((rung) => rung.text);
  let y = write(doc, described ? poster.words.ladderTitle : poster.words.amountsTitle, x, box.y, width, {
    size: 13 * k,
    color: GREY,
    align: 'center',
  });
  y += 6 * k;
  if (!described) {
    const rungs = poster.ladder.slice(0, 5);
    const gap = 8 * k;
    const boxWidth = (width - gap * (rungs.length - 1)) / rungs.length;
    const boxHeight = 34 * k;
    rungs.forEach((rung, index) => {
      const left = x + index * (boxWidth + gap);
      doc.roundedRect(left, y, boxWidth, boxHeight, 6 * k).fillAndStroke(LIGHT_GREEN, GREEN);
      write(doc, rung.amount, left, y + 8 * k, boxWidth, { size: 15 * k, bold: true, color: GREEN, align: 'center' });
    });
    return y + boxHeight;
  }
  const amountWidth = 90 * k;
  const rowSize = 13 * k;
  for (const rung of poster.ladder) {
    // Measured in the font of its script, as it will be set.
    const rowHeight =
      lines(doc, rung.text ?? '', width - amountWidth, { size: rowSize }).length *
      rowSize *
      (INDIC.test(rung.text ?? '') ? 1.55 : 1.3);
    if (y + rowHeight > bottom) break;
    write(doc, rung.amount, x, y, amountWidth - 8 * k, { size: rowSize, bold: true, color: GREEN, align: 'right' });
    const under = write(doc, rung.text ?? '', x + amountWidth, y, width - amountWidth, { size: rowSize });
    y = Math.max(under, y + rowHeight) + 4 * k;
  }
  return y;
}
