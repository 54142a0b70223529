import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { siteContent } from '../../../shared/site-content';
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
  it('cites the law of the day the gift was received: the 1961 Act up to 31 March 2026, the 2025 Act from 1 April', async () => {
    const lastDay = squeeze(
      (await pdfText(await renderReceiptPdf({ ...receipt, issuedAt: new Date('2026-03-31T23:59:00+05:30') }))).join(
        ' ',
      ),
    );
    expect(lastDay).toContain('is approved under section 80G(5) of the Income-tax Act, 1961');
    expect(lastDay).toContain('deduction under section 80G of the Income-tax Act, 1961');
    expect(lastDay).toContain('certificate of donation (Form 10BE)');
    expect(lastDay).not.toContain('2025');
    const firstDay = squeeze(
      (await pdfText(await renderReceiptPdf({ ...receipt, issuedAt: new Date('2026-04-01T00:00:00+05:30') }))).join(
        ' ',
      ),
    );
    expect(firstDay).toContain('is approved under section 354 of the Income-tax Act, 2025');
    expect(firstDay).toContain('deduction under section 133 of the Income-tax Act, 2025');
    expect(firstDay).toContain('certificate of donation (Form 114)');
    expect(firstDay).not.toContain('1961');
  });

  it('labels every line by the law of the gift: no "80G" on a 2026-27 receipt in any language, 80G kept on a 2025-26 one', async () => {
    for (const language of ['en', 'ta', 'hi'] as const) {
      const newLaw = squeeze(
        (
          await pdfText(
            await renderReceiptPdf({ ...receipt, language, issuedAt: new Date('2026-04-01T00:00:00+05:30') }),
          )
        ).join(' '),
      );
      expect(newLaw).not.toMatch(/80\s*G/i);
      expect(newLaw).toContain(`Section 354 approval ${receipt.trust.registration80g}`);
      expect(newLaw).toContain('section 133 of the Income-tax Act, 2025');
      const oldLaw = squeeze(
        (
          await pdfText(
            await renderReceiptPdf({ ...receipt, language, issuedAt: new Date('2026-03-31T23:59:00+05:30') }),
          )
        ).join(' '),
      );
      expect(oldLaw).toContain(`80G registration ${receipt.trust.registration80g}`);
      expect(oldLaw).toContain('section 80G of the Income-tax Act, 1961');
    }
  });

  it('is the same file, byte for byte, however often an issued receipt is downloaded', async () => {
    const first = await renderReceiptPdf(receipt);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await renderReceiptPdf(receipt)).equals(first)).toBe(true);
  });

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
      'is approved under section 354 of the Income-tax Act, 2025',
      'deduction under section 133 of the Income-tax Act, 2025',
      'certificate of donation (Form 114)',
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

describe('a Hindi or Tamil donor’s receipt', () => {
  it('states each label, the amount in words and the notices in the donor’s language under the English, on one page', async () => {
    const hindi = { ...receipt, donorName: 'अनीता देवी', amount: 2_500_000, language: 'hi' as const };
    const pages = await pdfText(await renderReceiptPdf(hindi));
    expect(pages).toHaveLength(1);
    // pdf.js splits a Devanagari word where a vowel sign hangs below it (रु पये): compared without spaces.
    const text = (pages[0] ?? '').replace(/\s+/g, '');
    for (const expected of [
      'Donation receipt',
      'दान रसीद',
      'अनीता देवी',
      'Rupees Twenty Five Thousand Only',
      'पच्चीस हज़ार रुपये मात्र',
      'रसीद संख्या',
      'CART/2026-27/000123',
      'धारा 133',
    ]) {
      expect(text).toContain(expected.replace(/\s+/g, ''));
    }
    const tamil = (await pdfText(await renderReceiptPdf({ ...receipt, amount: 12_500_000, language: 'ta' })))[0] ?? '';
    expect(tamil.replace(/\s+/g, '')).toContain('Rupees One Lakh Twenty Five Thousand Only'.replace(/\s+/g, ''));
    expect(squeeze(tamil)).toContain('ஒரு லட்சத்து');
  });
});
