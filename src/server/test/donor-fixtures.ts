import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Orm } from '../platform/db/orm';
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

/**
 * The text of each page as pdf.js extracts it, whitespace squeezed: Tamil and Devanagari in the order
 * the glyphs are drawn (pdf-text.ts's pdfTextAsCopied gives them as written).
 */
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
