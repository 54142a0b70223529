/**
 * Photos staff upload (the server's `images`), as pages show them: AVIF and WebP in a few widths
 * under content-hashed addresses, and the normalised JPEG master as the fallback. No imports: the
 * public pages use this, and it must cost them nothing beyond itself.
 */

/** One stored photo: what a page needs to show it without layout shift. */
export interface ImageRecord {
  id: number;
  /** The content hash in its addresses (32 hex digits). */
  hash: string;
  /** The master's size in pixels, after rotation: the largest there is. */
  width: number;
  height: number;
  /** Required: what the photo shows, for people who cannot see it. */
  alt: string;
  /** The widths of its AVIF and WebP variants, smallest first; never wider than `width`. */
  widths: number[];
}

/** The largest file staff may upload. */
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;

/** The longest alt text kept: a sentence or two, as screen readers read them. */
export const IMAGE_ALT_MAX_LENGTH = 300;

export type ImageExtension = 'avif' | 'webp' | 'jpg';

/** `/images/<hash>-<width>.<ext>`: cached for a year (its bytes never change). */
export function imageUrl(image: Pick<ImageRecord, 'hash'>, width: number, extension: ImageExtension): string {
  return `/images/${image.hash}-${width}.${extension}`;
}

/** The normalised JPEG master (location and every other metadata stripped), for link previews and old browsers. */
export function masterImageUrl(image: Pick<ImageRecord, 'hash' | 'width'>): string {
  return imageUrl(image, image.width, 'jpg');
}

/** `srcset` of one format: every variant width, smallest first. */
export function imageSrcSet(image: Pick<ImageRecord, 'hash' | 'widths'>, extension: 'avif' | 'webp'): string {
  return [...image.widths]
    .sort((a, b) => a - b)
    .map((width) => `${imageUrl(image, width, extension)} ${width}w`)
    .join(', ');
}

/** The height of the photo shown `width` pixels wide, its proportions kept. */
export function imageHeightFor(image: Pick<ImageRecord, 'width' | 'height'>, width: number): number {
  return Math.round((image.height * width) / image.width);
}

export interface PictureSources {
  /** AVIF first, then WebP: the browser takes the first it reads. */
  sources: { type: 'image/avif' | 'image/webp'; srcSet: string; sizes: string }[];
  /** The `<img>`'s own: the JPEG master, for browsers that read neither. */
  src: string;
  sizes: string;
  alt: string;
  /** The `<img>`'s width and height attributes: the browser keeps the space before a byte arrives. */
  width: number;
  height: number;
}

/**
 * What `<picture>` needs for one photo. `sizes` says how wide it is shown (CSS), so the browser picks
 * the smallest variant that is sharp enough: `100vw` when it spans the screen, `(min-width: 48em)
 * 40rem, 100vw` for a column. `displayWidth` sets the width and height attributes (the proportions
 * are what matter; CSS sizes it).
 */
export function pictureSources(
  image: ImageRecord,
  { sizes = '100vw', displayWidth }: { sizes?: string; displayWidth?: number } = {},
): PictureSources {
  const width = displayWidth ?? image.width;
  return {
    sources: [
      { type: 'image/avif', srcSet: imageSrcSet(image, 'avif'), sizes },
      { type: 'image/webp', srcSet: imageSrcSet(image, 'webp'), sizes },
    ],
    src: masterImageUrl(image),
    sizes,
    alt: image.alt,
    width,
    height: imageHeightFor(image, width),
  };
}
