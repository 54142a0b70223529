import type { CSSProperties } from 'react';
import { type ImageRecord, pictureSources } from '../../shared/images';

export interface ResponsiveImageProps {
  image: ImageRecord;
  /** How wide it is shown, as CSS sizes (`100vw`, `(min-width: 48em) 40rem, 100vw`): the browser picks the variant from it. */
  sizes?: string;
  /** `eager` for the photo that is the page's largest paint, `lazy` (default) for the rest. */
  loading?: 'lazy' | 'eager';
  /** `high` for the page's main photo (its LCP), so it is fetched before the scripts. */
  fetchPriority?: 'high' | 'low' | 'auto';
  /** Sets the width and height attributes' scale (the proportions are what keep the space); default the photo's own. */
  displayWidth?: number;
  className?: string;
  style?: CSSProperties;
}

const FLUID: CSSProperties = { display: 'block', maxWidth: '100%', height: 'auto' };

/**
 * A staff-uploaded photo as `<picture>`: AVIF, then WebP, in every width there is, and the JPEG
 * master for browsers that read neither. Its width and height attributes hold its space before a
 * byte arrives (no layout shift); CSS makes it fluid.
 */
export function ResponsiveImage({
  image,
  sizes,
  loading = 'lazy',
  fetchPriority,
  displayWidth,
  className,
  style,
}: ResponsiveImageProps) {
  const picture = pictureSources(image, { sizes, displayWidth });
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={picture.src}
        alt={picture.alt}
        width={picture.width}
        height={picture.height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding={loading === 'eager' ? 'auto' : 'async'}
        className={className}
        style={{ ...FLUID, ...style }}
      />
    </picture>
  );
}
