import { createDeflateRaw, deflateSync } from 'node:zlib';
import { type Zippable, zipSync } from 'fflate';
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
  /** Pages after the first (the portal's notes, say). */
  extraPages?: number;
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
  for (let page = 0; page < (certificate.extraPages ?? 0); page++) doc.addPage().text(`Notes, page ${page + 2}`);
  doc.end();
  return done;
}

/** A zip of files, as the portal's bulk download gives them. */
export const zipOf = (files: Zippable) => Buffer.from(zipSync(files));

/**
 * A zip bomb: one entry, `name`, whose headers claim it unpacks to 1,024 bytes while its DEFLATE
 * data inflates to `inflatedMb` MB of zeros (about 1 KB of zip per MB). Written by hand, as fflate's
 * zipSync writes the true size.
 */
export async function zipBomb(name: string, inflatedMb: number): Promise<Buffer> {
  const deflater = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => deflater.on('end', resolve));
  const megabyte = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < inflatedMb; written += 1) {
    if (!deflater.write(megabyte)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await done;
  const data = Buffer.concat(chunks);
  const fileName = Buffer.from(name);
  const claimedSize = 1024;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(8, 8); // DEFLATE
  local.writeUInt32LE(0, 14); // CRC-32: never reached
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(claimedSize, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4); // version made by
  central.writeUInt16LE(20, 6); // version needed
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(claimedSize, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(0, 42); // the local header's offset
  const directoryOffset = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/**
 * A small hostile PDF: one page whose compressed content stream inflates to `contentMb` MB of
 * text operators, which keeps pdf.js busy for seconds (about 10 s for 5 MB on the test machine).
 */
export function slowPdf(contentMb: number): Buffer {
  const operator = Buffer.from('BT /F1 1 Tf 0 0 Td (Form No. 114) Tj ET\n');
  const content = Buffer.alloc(contentMb * 1024 * 1024);
  for (let at = 0; at + operator.length <= content.length; at += operator.length) operator.copy(content, at);
  const stream = deflateSync(content, { level: 9 });
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((body, index) => {
    offsets.push(length);
    const part =
      body === null
        ? Buffer.concat([
            Buffer.from(`${index + 1} 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
            stream,
            Buffer.from('\nendstream\nendobj\n'),
          ])
        : Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`);
    parts.push(part);
    length += part.length;
  });
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}
