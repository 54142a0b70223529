import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Orm } from '../db/orm';
import { type SeededGift, seedReceipt } from './statement-fixtures';

/** A paid gift as settlement leaves it: the donation row and its receipt, sharing the payment id. */
export async function seedPaidGift(orm: Orm, key: Buffer, gift: SeededGift & { phone?: string; monthly?: boolean }) {
  const receipt = await seedReceipt(orm, key, gift);
  const [row] = await orm.em.execute<{ id: number }[]>(
    `insert into donations (name, email, phone, amount, donation_type, purpose, status, razorpay_payment_id, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    [
      gift.name,
      gift.email,
      gift.phone ?? '9876543210',
      gift.rupees * 100,
      gift.monthly ? 'monthly' : 'one-time',
      gift.purpose ?? null,
      gift.refunded ? 'refunded' : 'paid',
      receipt.paymentId,
      new Date(gift.at),
    ],
  );
  return { receipt, donationId: (row as { id: number }).id };
}

/** The text of each page, as a PDF reader extracts it, whitespace squeezed. */
export async function pdfText(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await document.destroy();
  return pages;
}

/**
 * The text as a reader copies it out of the PDF: Poppler's pdftotext (poppler-utils, as pdftoppm),
 * which, like Chrome's and Acrobat's readers, reads a span's ActualText. pdf.js does not, and gives
 * Tamil and Devanagari in the order the glyphs are drawn: that is pdfText above.
 */
export async function pdfTextAsCopied(pdf: Buffer): Promise<string> {
  const child = promisify(execFile)('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { encoding: 'utf8' });
  child.child.stdin?.end(pdf);
  try {
    return (await child).stdout.replace(/\s+/g, ' ');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('pdftotext is not installed: it comes with Poppler (Debian: apt-get install poppler-utils)');
    }
    throw error;
  }
}
