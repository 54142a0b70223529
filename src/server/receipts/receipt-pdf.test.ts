import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { siteContent } from '../../shared/site-content';
import { renderReceiptPdf } from './receipt-pdf';
import type { ReceiptFields } from './receipt-text';

/** The text of each page, as a PDF reader extracts it. */
async function pdfText(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages;
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ');

const receipt: ReceiptFields = {
  number: 'CART/2026-27/000123',
  issuedAt: new Date('2026-11-22T10:00:00+05:30'),
  paymentId: 'pay_Q1w2e3r4t5y6u7',
  amount: 120_000_000,
  purpose: 'Food and medicine',
  donorName: 'ஆஷா ராமன்',
  donorAddress: '12 Beach Road, Chennai 600001',
  donorIdKind: 'pan',
  donorIdMasked: 'XXXXX1234F',
  trust: siteContent.legal,
  status: 'issued',
  cancelledAt: null,
  cancellationReason: null,
};

describe('the receipt PDF', () => {
  it('states every field on one page, the donor named in Tamil', async () => {
    const pages = await pdfText(await renderReceiptPdf(receipt));
    expect(pages).toHaveLength(1);
    const text = squeeze(pages[0] ?? '');
    for (const expected of [
      'Donation receipt',
      'CART/2026-27/000123',
      '22 November 2026',
      siteContent.legal.name,
      siteContent.legal.address,
      `PAN ${siteContent.legal.pan}`,
      siteContent.legal.registration80g,
      siteContent.legal.validity,
      'ஆஷா ராமன்',
      '12 Beach Road, Chennai 600001',
      'XXXXX1234F',
      '₹12,00,000.00',
      'Rupees Twelve Lakh Only',
      'Electronic: Razorpay (payment pay_Q1w2e3r4t5y6u7)',
      'Food and medicine',
      'is approved under section 80G of the Income-tax Act, 1961',
      siteContent.legal.signatoryName,
      'authorised signatory',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('acknowledgement only');
    expect(text).not.toContain('CANCELLED');
  });

  it('names a donor in Devanagari and shows a masked Aadhaar', async () => {
    const text = squeeze(
      (
        await pdfText(
          await renderReceiptPdf({
            ...receipt,
            donorName: 'आशा',
            donorIdKind: 'aadhaar',
            donorIdMasked: 'XXXX XXXX 7058',
          }),
        )
      )[0] ?? '',
    );
    expect(text).toContain('आशा');
    expect(text).toContain('Aadhaar');
    expect(text).toContain('XXXX XXXX 7058');
  });

  it('says plainly, without PAN or Aadhaar, that a deduction needs one reported by the trust', async () => {
    const text = squeeze(
      (
        await pdfText(
          await renderReceiptPdf({ ...receipt, donorIdKind: null, donorIdMasked: null, donorAddress: null }),
        )
      )[0] ?? '',
    );
    expect(text).toContain('acknowledgement only');
    expect(text).toContain("needs the donor's PAN or Aadhaar reported by the trust");
    expect(text).not.toContain('XXXXX');
  });

  it('marks a cancelled receipt CANCELLED with the date and reason', async () => {
    const cancelled = {
      ...receipt,
      status: 'cancelled',
      cancelledAt: new Date('2026-12-01T10:00:00+05:30'),
      cancellationReason: 'Refunded in full',
    };
    const pages = await pdfText(await renderReceiptPdf(cancelled));
    expect(pages).toHaveLength(1);
    expect(squeeze(pages[0] ?? '')).toContain('CANCELLED on 1 December 2026: Refunded in full');
  });

  it('writes amounts with paise in words too', async () => {
    const text = squeeze((await pdfText(await renderReceiptPdf({ ...receipt, amount: 50_050 })))[0] ?? '');
    expect(text).toContain('₹500.50');
    expect(text).toContain('Rupees Five Hundred and Fifty Paise Only');
  });
});
