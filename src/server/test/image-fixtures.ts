import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A text no served byte may contain: written into the test photo's GPS EXIF (its map datum). */
export const GPS_MARKER = 'WGS-84-TEST-DATUM';
/** The camera's make in the test photo's EXIF. */
export const CAMERA_MARKER = 'LocationPhone';

/**
 * A phone's photo: `width` × `height` as stored, EXIF orientation 6 (shown turned a quarter, so
 * `height` × `width`), with the place it was taken in GPS EXIF (Chennai).
 */
export function phonePhoto(width = 2400, height = 1600): Promise<Buffer> {
  // Gradients and a checked pattern: the same bytes every time, so the same photo twice is one image.
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = ((x >> 5) ^ (y >> 5)) & 1 ? 200 : 60;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: CAMERA_MARKER, Model: 'Test 1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '13/1 4/1 3/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '80/1 16/1 14/1',
          GPSMapDatum: GPS_MARKER,
        },
      },
    })
    .toBuffer();
}

/** A plain picture in any format sharp writes. */
export function plainImage(format: 'png' | 'webp' | 'avif' | 'jpeg', width = 500, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a7f62' } })
    .toFormat(format)
    .toBuffer();
}

/** An AVIF whose file type box claims HEIC: a HEIC by its first bytes (no HEVC encoder is at hand to make a real one). */
export async function heicBranded(): Promise<Buffer> {
  const avif = Buffer.from(await plainImage('avif'));
  avif.write('heic', 8, 'latin1');
  return avif;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A decompression bomb: a PNG of a few kilobytes whose header says 20,000 × 20,000 pixels (400 megapixels). */
export function pixelBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const someRows = Buffer.alloc((side + 1) * 200); // zeros: they compress to almost nothing
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(someRows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A `multipart/form-data` body as a browser's FormData sends it: the alt text, then the file. */
export function photoForm(
  alt: string | undefined,
  file?: { data: Buffer; name?: string; type?: string },
): { payload: Buffer; contentType: string } {
  const boundary = `----photo${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  if (alt !== undefined) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="alt"\r\n\r\n${alt}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name ?? 'photo.jpg'}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
