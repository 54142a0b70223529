import { zipSync } from 'fflate';
import PDFDocument from 'pdfkit';

/** The fields the portal prints on a donor's certificate (Form 10BE / Form 114). */
export interface PortalCertificate {
  form?: 'Form No. 10BE' | 'Form No. 114';
  trustName?: string;
  trustPan?: string;
  urn?: string;
  donorName: string;
  donorId: string;
  donorAddress?: string;
  year: string;
  donationType?: string;
  section?: string;
  /** Whole rupees, as the portal writes them. */
  rupees: number;
  /** Makes two certificates of the same donor different files. */
  certificateNumber?: string;
}

/** A PDF in the shape of the portal's certificate: numbered, labelled rows, as its text reads. */
export function portalCertificatePdf(certificate: PortalCertificate): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { CreationDate: new Date('2027-05-20T10:00:00Z') } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(14).text(certificate.form ?? 'Form No. 114', { align: 'center' });
  doc.fontSize(11).text('Certificate of donation', { align: 'center' }).moveDown();
  const rows: [string, string][] = [
    ['Certificate number', certificate.certificateNumber ?? `CN-${certificate.donorId}-${certificate.year}`],
    ['PAN of the reporting person', certificate.trustPan ?? 'AAATC1234F'],
    ['Name of the reporting person', certificate.trustName ?? 'Chennai Animal Rescue Trust'],
    ['Unique Registration Number (URN)', certificate.urn ?? 'AAATC1234FF20221'],
    ['Unique Identification Number of the donor', certificate.donorId],
    ['Name of the donor', certificate.donorName],
    ['Address of the donor', certificate.donorAddress ?? '12 Beach Road, Chennai 600001'],
    ['Donation Type', certificate.donationType ?? 'Others'],
    ['Section', certificate.section ?? 'Section 133'],
    ['Financial year in which donation is received', certificate.year],
    ['Amount of donation (Indian rupees)', String(certificate.rupees)],
  ];
  rows.forEach(([label, value], index) => {
    doc.text(`${index + 1}. ${label}: ${value}`);
  });
  doc.end();
  return done;
}

/** A zip of files, as the portal's bulk download gives them. */
export const zipOf = (files: Record<string, Uint8Array>) => Buffer.from(zipSync(files));
