import { createRequire } from 'node:module';
import { asWritten, FONTS } from '../../gifts/receipts/receipt-pdf';

/**
 * The poster's text: any of the three scripts, wrapped and aligned here (see write), in the
 * receipts' Noto fonts and their bold.
 */

const resolve = createRequire(import.meta.url).resolve;
/** The receipts' Noto fonts, and the bold of each script for the poster's line and amounts. */
export const POSTER_FONTS = {
  ...FONTS,
  tamilBold: resolve('@expo-google-fonts/noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf'),
  devanagariBold: resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
};

type Script = 'latin' | 'tamil' | 'devanagari';

const INDIC = /[\u0B80-\u0BFF]|[\u0900-\u097F]/;
const scriptOf = (text: string): Script =>
  /[\u0B80-\u0BFF]/.test(text) ? 'tamil' : /[\u0900-\u097F]/.test(text) ? 'devanagari' : 'latin';

/**
 * Text split into runs of one script, each set in the Noto font that has its letters; the spaces
 * between two words of one Indic script stay inside its run, so the run reads as written.
 */
function scriptRuns(text: string): { script: Script; text: string }[] {
  const runs: { script: Script; text: string }[] = [];
  for (const piece of text.match(/[\u0B80-\u0BFF]+|[\u0900-\u097F]+|[^\u0B80-\u0BFF\u0900-\u097F]+/g) ?? []) {
    const script = scriptOf(piece);
    const last = runs.at(-1);
    const beforeLast = runs.at(-2);
    if (last && last.script === script) last.text += piece;
    else if (script !== 'latin' && last && /^ +$/.test(last.text) && beforeLast?.script === script) {
      runs.pop();
      beforeLast.text += last.text + piece;
    } else runs.push({ script, text: piece });
  }
  return runs;
}

const fontName = (script: Script, bold: boolean) => (bold ? `${script}Bold` : script);

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'center' | 'right';
}

/** A line's runs, each with its width at the style's size. */
function measure(doc: PDFKit.PDFDocument, line: string, style: TextStyle) {
  const runs = scriptRuns(line).map((run) => {
    doc.font(fontName(run.script, style.bold ?? false)).fontSize(style.size);
    return { ...run, width: doc.widthOfString(run.text) };
  });
  return { runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
}

/** A word wider than the line (a long address) cut where it must, a character at a time. */
function cut(doc: PDFKit.PDFDocument, word: string, width: number, style: TextStyle): string[] {
  if (measure(doc, word, style).width <= width) return [word];
  const pieces: string[] = [];
  let piece = '';
  for (const character of word) {
    if (piece && measure(doc, piece + character, style).width > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += character;
  }
  return [...pieces, piece];
}

/**
 * The words in lines no wider than `width`: each word measured once, a line's width the sum of its
 * words and the spaces between (shaping a whole line again for every word added was most of a poster's time).
 */
export function lines(doc: PDFKit.PDFDocument, text: string, width: number, style: TextStyle): string[] {
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => cut(doc, word, width, style));
  const space = measure(doc, ' ', style).width;
  const result: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const word of words) {
    const wordWidth = measure(doc, word, style).width;
    if (line && lineWidth + space + wordWidth > width) {
      result.push(line);
      line = '';
    }
    lineWidth = line ? lineWidth + space + wordWidth : wordWidth;
    line = line ? `${line} ${word}` : word;
  }
  if (line) result.push(line);
  return result;
}

/** Tamil and Devanagari reach further above and below the line than Latin letters. */
const lineHeightOf = (text: string, style: TextStyle) => style.size * (INDIC.test(text) ? 1.55 : 1.3);

/** How tall write() will set the text. */
export function textHeight(doc: PDFKit.PDFDocument, text: string, width: number, style: TextStyle): number {
  return lines(doc, text, width, style).length * lineHeightOf(text, style);
}

/**
 * Writes text of any script at (x, y) within `width`, wrapped, and returns the y under it. The lines
 * are broken and aligned here, each run placed on one shared baseline, because pdfkit's own wrapping
 * of runs in several fonts (`continued`) moves words between the marked spans when it centres a
 * line. pdfkit's fontkit shapes Tamil and Devanagari with the Noto fonts' OpenType tables, as on the
 * receipts; each Indic run carries its ActualText (asWritten), so a reader's copy gives the words as written.
 */
export function write(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle,
): number {
  const indic = INDIC.test(text);
  const lineHeight = lineHeightOf(text, style);
  const ascent = style.size * (indic ? 1.1 : 1.0);
  let top = y;
  for (const line of lines(doc, text, width, style)) {
    const { runs, width: lineWidth } = measure(doc, line, style);
    let left =
      style.align === 'center' ? x + (width - lineWidth) / 2 : style.align === 'right' ? x + width - lineWidth : x;
    for (const run of runs) {
      doc
        .font(fontName(run.script, style.bold ?? false))
        .fontSize(style.size)
        .fillColor(style.color ?? 'black');
      asWritten(doc, run.text, () =>
        doc.text(run.text, left, top + ascent, { lineBreak: false, baseline: 'alphabetic' }),
      );
      left += run.width;
    }
    top += lineHeight;
  }
  return top;
}
