import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { zipBomb, zipOf } from '../../test/certificate-fixtures';
import { UploadRefused, unpackUpload } from './unpack-upload';

const MB = 1024 * 1024;
/** Small limits, so a few MB of zeros reach them; the defaults are the same code. */
const limits = { maxFiles: 3, maxEntryBytes: 2 * MB, maxTotalBytes: 3 * MB };
const pdfOf = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  return bytes;
};
const refusalOf = (files: Parameters<typeof zipOf>[0], name = 'portal.zip') => {
  try {
    unpackUpload({ name, bytes: zipOf(files) }, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(UploadRefused);
    return (error as Error).message;
  }
  return null;
};

describe('unpacking an uploaded zip', () => {
  it('refuses a zip whose files together inflate past the limit, naming it and the limit', () => {
    const files = { 'a.pdf': pdfOf(1.5 * MB), 'b.pdf': pdfOf(1.5 * MB), 'c.pdf': pdfOf(1.5 * MB) };
    expect(refusalOf(files)).toBe('portal.zip unpacks to more than 3 MB: upload it in parts');
  });

  it('refuses a zip of more files than the limit, counting files, not folders', () => {
    expect(refusalOf({ scans: { 'a.pdf': pdfOf(10), 'b.pdf': pdfOf(10), 'c.pdf': pdfOf(10) } })).toBeNull();
    expect(refusalOf({ 'a.pdf': pdfOf(10), 'b.pdf': pdfOf(10), 'c.pdf': pdfOf(10), 'd.pdf': pdfOf(10) })).toBe(
      'portal.zip holds more than 3 files: upload it in parts',
    );
  });

  it('counts the bytes really inflated, not the size the header claims', async () => {
    const bomb = await zipBomb('bomb.pdf', 64);
    expect(() => unpackUpload({ name: 'portal.zip', bytes: bomb }, limits)).toThrow(
      'bomb.pdf in portal.zip unpacks to more than 2 MB, far more than a certificate: refused',
    );
  });

  it('refuses what is not a zip that opens', () => {
    const zip = zipOf({ 'a.pdf': Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(100_000)]) });
    const truncated = zip.subarray(0, 2_000);
    expect(() => unpackUpload({ name: 'cut.zip', bytes: truncated }, limits)).toThrow(
      'cut.zip is not a zip that can be opened',
    );
  });

  it('says a damaged zip could not be read, rather than answering no files', () => {
    const zip = zipOf({ 'a.pdf': Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(100_000)]) });
    const garbage = Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), randomBytes(5_000)]);
    for (const bytes of [garbage, zip.subarray(0, 30)]) {
      expect(() => unpackUpload({ name: 'broken.zip', bytes }, limits)).toThrow(
        'broken.zip could not be read: no file was found in it (the zip is damaged or empty)',
      );
    }
  });
});
