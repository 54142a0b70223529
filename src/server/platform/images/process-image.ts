import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { IMAGE_MAX_BYTES } from '../../../shared/images';
import { DomainError } from '../core/domain-error';

/** The most pixels a photo may have: a 108-megapixel phone's full-size photo passes, a decompression bomb does not. */
export const IMAGE_MAX_PIXELS = 110_000_000;
/** The master is at most this wide and tall: enough for every variant and a link preview. */
export const MASTER_MAX_SIDE = 2560;
/** The variants' widths (each in AVIF and WebP), where the photo is at least that wide. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1600] as const;

/** What an upload is, by its first bytes (never by its name or declared type). */
export type SourceFormat = 'jpeg' | 'png' | 'webp' | 'heic';
export type VariantFormat = 'jpeg' | 'avif' | 'webp';

export interface ImageFile {
  format: VariantFormat;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  /** The first 32 hex digits of the master's SHA-256: the same photo uploaded twice is one image. */
  hash: string;
  width: number;
  height: number;
  sourceFormat: SourceFormat;
  /** The normalised JPEG master (`format: 'jpeg'`, the photo's own width), then each AVIF and WebP variant. */
  files: ImageFile[];
}

const SEND = 'send a photo as JPEG, PNG or WebP';
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);

/** Whether this build of sharp (its libvips and libheif) decodes HEVC, as HEIC photos need. */
export const HEIC_READABLE = sharp.format.heif.input.fileSuffix?.includes('.heic') ?? false;

export const HEIC_REFUSED =
  'HEIC photos cannot be read here: send the photo as JPEG (on an iPhone, Settings › Camera › Formats › Most Compatible; photos chosen in the browser’s photo picker usually arrive as JPEG already)';

const refuse = (message: string): never => {
  throw new DomainError('BAD_REQUEST', message);
};

/** The upload's format from its magic bytes, or a refusal that says what it is instead. */
export function sniffFormat(bytes: Buffer): SourceFormat {
  if (bytes.length === 0) refuse(`The file is empty: ${SEND}`);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (bytes.toString('latin1', 4, 8) === 'ftyp') {
    // An ISO media file: its brands (major, then compatible ones) say HEIC, AVIF, or a video.
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
    const brands = [bytes.toString('latin1', 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
    if (brands.some((brand) => brand === 'avif' || brand === 'avis')) refuse(`AVIF files are not taken here: ${SEND}`);
    refuse(`This file is a video or another media file, not a photo: ${SEND}`);
  }
  const head = bytes
    .toString('utf8', 0, 512)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml|<svg|<!DOCTYPE svg)/i.test(head) || /<svg[\s>]/i.test(head)) {
    refuse(`SVG drawings are not taken (they can carry scripts): ${SEND}`);
  }
  if (head.startsWith('GIF8')) refuse(`GIF files are not taken: ${SEND}`);
  return refuse(`This file is not a photo: ${SEND}`);
}

/** One image at a time per server: encoding AVIF takes the processor, and donors' pages must stay fast meanwhile. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => {});
  return run;
}

/** libvips' words for a damaged file, as a staff member can act on them. */
function decodeRefusal(error: unknown, format: SourceFormat): DomainError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return tooManyPixels();
  if (format === 'heic' && /compression format|hevc|unsupported codec|plugin/i.test(message)) {
    return new DomainError('BAD_REQUEST', HEIC_REFUSED);
  }
  return new DomainError(
    'BAD_REQUEST',
    `The photo could not be read: the file is damaged or incomplete (${message.split('\n')[0]?.slice(0, 160)}); ${SEND}`,
  );
}

function tooManyPixels(width?: number, height?: number): DomainError {
  const size = width && height ? ` (${width} × ${height}, ${Math.round((width * height) / 1e6)} megapixels)` : '';
  return new DomainError(
    'BAD_REQUEST',
    `The image is too large in pixels${size}: at most ${IMAGE_MAX_PIXELS / 1e6} megapixels; send a smaller photo`,
  );
}

/** The widths of the variants of a photo this wide: the usual ones below it, and its own when smaller than the largest. */
export function variantWidths(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((candidate) => candidate < width);
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] as number;
  if (width <= largest) widths.push(width);
  return widths;
}

/**
 * Checks an upload by its content and makes everything that is kept of it: turned upright by its
 * EXIF orientation, flattened onto white, converted to sRGB, at most MASTER_MAX_SIDE on its longest
 * side, with no metadata at all (no EXIF, so no GPS; no XMP, IPTC or ICC): the JPEG master and
 * AVIF and WebP variants in VARIANT_WIDTHS. The upload itself is not kept.
 */
export function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > IMAGE_MAX_BYTES) {
    refuse(`The photo is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB: send a smaller one`);
  }
  const sourceFormat = sniffFormat(bytes);
  if (sourceFormat === 'heic' && !HEIC_READABLE) refuse(HEIC_REFUSED);
  return oneAtATime(() => normalise(bytes, sourceFormat));
}

async function normalise(bytes: Buffer, sourceFormat: SourceFormat): Promise<ProcessedImage> {
  const input = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' as const, autoOrient: true };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, input).metadata();
  } catch (error) {
    throw decodeRefusal(error, sourceFormat);
  }
  const expected = sourceFormat === 'heic' ? 'heif' : sourceFormat;
  if (metadata.format !== expected) refuse(`This file is not a photo: ${SEND}`);
  if (!metadata.width || !metadata.height) refuse(`The photo has no size: the file is damaged; ${SEND}`);
  if (metadata.width * metadata.height > IMAGE_MAX_PIXELS) throw tooManyPixels(metadata.width, metadata.height);

  // One decode: the upright, flattened sRGB pixels at the master's size; everything is made from them.
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(bytes, input)
      .resize({ width: MASTER_MAX_SIDE, height: MASTER_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw decodeRefusal(error, sourceFormat);
  }
  const { width, height, channels } = pixels.info;
  const raw = { raw: { width, height, channels } };
  const master = await sharp(pixels.data, raw).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  const files: ImageFile[] = [{ format: 'jpeg', width, height, data: master }];
  for (const variantWidth of variantWidths(width)) {
    const resized = () =>
      sharp(pixels.data, raw).resize({ width: variantWidth, withoutEnlargement: true, kernel: 'lanczos3' });
    const [avif, webp] = await Promise.all([
      resized().avif({ quality: 50, effort: 2 }).toBuffer({ resolveWithObject: true }),
      resized().webp({ quality: 78 }).toBuffer({ resolveWithObject: true }),
    ]);
    files.push({ format: 'avif', width: variantWidth, height: avif.info.height, data: avif.data });
    files.push({ format: 'webp', width: variantWidth, height: webp.info.height, data: webp.data });
  }
  const hash = createHash('sha256').update(master).digest('hex').slice(0, 32);
  return { hash, width, height, sourceFormat, files };
}
