import { createHash } from 'node:crypto';
import type { TaxIdKind } from '../../../shared/tax-id';

/**
 * What a donor's certificate from the Income-tax portal says (Form 10BE up to 2025-26, Form 114
 * from 2026-27): read from the text of the PDF the trust downloaded, label by label, so a line
 * break or a missing colon does not matter. Only the fields the match needs are required.
 */
export interface CertificateFields {
  donorIdKind: TaxIdKind;
  donorId: string;
  /** `2026-27`, as the certificate names the financial (tax) year. */
  year: string;
  /** In paise (the portal writes whole rupees). */
  amount: number;
  donorName: string | null;
  donationType: string | null;
}

export type ReadOutcome = { ok: true; fields: CertificateFields } | { ok: false; reason: string };

const PAN = /[A-Z]{5}[0-9]{4}[A-Z]/;
const AADHAAR = /\b[2-9][0-9]{3}\s?[0-9]{4}\s?[0-9]{4}\b/;

/** The first capture after a label, within the next `span` characters. */
function after(text: string, label: RegExp, value: RegExp, span = 160): string | null {
  const at = label.exec(text);
  if (!at) return null;
  const rest = text.slice(at.index + at[0].length, at.index + at[0].length + span);
  const found = value.exec(rest);
  return found ? (found[1] ?? found[0]) : null;
}

export function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/** The file's identity: the same file uploaded twice is one certificate. */
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The text of every page, joined, whitespace squeezed (pdf.js, loaded when first needed). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages.join(' ').replace(/\s+/g, ' ');
  } finally {
    await document.destroy();
  }
}

/** Reads a certificate's fields from its text, or says what is missing. */
export function readCertificateText(text: string): ReadOutcome {
  if (!/10BE|Form\s*(No\.?)?\s*114|Certificate of donation/i.test(text)) {
    return { ok: false, reason: 'not a certificate of donation (Form 10BE or Form 114)' };
  }
  const idText = after(
    text,
    /Unique Identification Number( of the donor)?\s*:?/i,
    new RegExp(`(${PAN.source}|${AADHAAR.source})`),
  );
  if (!idText) return { ok: false, reason: "the donor's PAN or Aadhaar could not be read" };
  const donorId = idText.replace(/\s+/g, '');
  const year = after(text, /(Financial|Tax) year( in which (the )?donation (is|was) received)?\s*:?/i, /(\d{4}-\d{2})/);
  if (!year) return { ok: false, reason: 'the financial year could not be read' };
  const amountText = after(text, /Amount of donation( \(Indian rupees\))?\s*:?/i, /([0-9][0-9,]*(\.[0-9]{1,2})?)/);
  if (!amountText) return { ok: false, reason: 'the amount could not be read' };
  const amount = Math.round(Number(amountText.replace(/,/g, '')) * 100);
  const donorName = after(text, /Name of (the )?donor\s*:?\s*/i, /^([^:]+?)\s+(?:\d+\.|Address|Unique|PAN|Donation)/i);
  const donationType = after(text, /Donation Type\s*:?\s*/i, /^(Corpus|Specific grant|Others)/i);
  return {
    ok: true,
    fields: {
      donorIdKind: PAN.test(donorId) ? 'pan' : 'aadhaar',
      donorId,
      year,
      amount,
      donorName: donorName?.trim() || null,
      donationType,
    },
  };
}
