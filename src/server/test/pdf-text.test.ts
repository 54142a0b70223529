import { describe, expect, it } from 'vitest';
import { siteContent } from '../../shared/site-content';
import { renderReceiptPdf } from '../gifts/receipts/receipt-pdf';
import type { ReceiptFields } from '../gifts/receipts/receipt-text';
import { pdfTextAsCopied } from './pdf-text';

const receipt: ReceiptFields = {
  number: 'CART/2026-27/000321',
  issuedAt: new Date('2026-11-22T10:00:00+05:30'),
  paymentId: 'pay_Q1w2e3r4t5y6u7',
  amount: 150_000,
  purpose: null,
  donorName: 'Priya',
  donorAddress: null,
  donorIdKind: null,
  donorIdMasked: null,
  trust: siteContent.legal,
  status: 'issued',
  cancelledAt: null,
  cancellationReason: null,
};

// The receipts' tests read these with no program from the system (Poppler's pdftotext was one).
describe('pdfTextAsCopied', () => {
  it('gives a Hindi receipt’s name and amount in words as written, each once, with the English', async () => {
    const text = await pdfTextAsCopied(await renderReceiptPdf({ ...receipt, donorName: 'प्रिया शर्मा', language: 'hi' }));
    // "प्रिया" is drawn with its vowel sign first (िप्रया): only the span's ActualText gives it as written.
    expect(text).toContain('प्रिया शर्मा');
    expect(text).not.toContain('प्रियाया');
    expect(text).toContain('एक हज़ार पांच सौ रुपये मात्र');
    expect(text).toContain('Rupees One Thousand Five Hundred Only');
    expect(text).toContain('CART/2026-27/000321');
  });

  it('gives a Tamil receipt’s name and amount in words as written', async () => {
    const text = await pdfTextAsCopied(
      await renderReceiptPdf({ ...receipt, donorName: 'ஆஷா ராமன்', amount: 12_500_000, language: 'ta' }),
    );
    expect(text).toContain('ஆஷா ராமன்');
    expect(text).toContain('ஒரு லட்சத்து இருபத்தைந்தாயிரம் ரூபாய் மட்டும்');
    expect(text).toContain('Rupees One Lakh Twenty Five Thousand Only');
  });

  it('refuses bytes that are not a PDF, saying so', async () => {
    await expect(pdfTextAsCopied(new TextEncoder().encode('not a pdf'))).rejects.toThrow(
      'PDFium could not open the PDF',
    );
  });
});
