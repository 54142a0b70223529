/** Responsive images and the site's videos, from the generated files under /attached-assets. */

import { useEffect, useRef } from 'react';
import { useMessages } from '../i18n';
import { finishDeferredVideo } from './deferred-video';

const ASSETS = '/attached-assets';

interface PictureProps {
  /** Base name of the generated set, e.g. `hero` for hero-640.avif … hero-1920.jpg. */
  name: string;
  widths: number[];
  sizes: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  priority?: boolean;
}

const srcSet = (name: string, widths: number[], ext: string) =>
  widths.map((w) => `${ASSETS}/${name}-${w}.${ext} ${w}w`).join(', ');

/** AVIF, then WebP, then JPEG for browsers that take neither. */
export function ResponsivePicture({ name, widths, sizes, alt, width, height, className, priority }: PictureProps) {
  const fallback = widths[Math.min(1, widths.length - 1)];
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={srcSet(name, widths, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(name, widths, 'webp')} sizes={sizes} />
      <img
        src={`${ASSETS}/${name}-${fallback}.jpg`}
        srcSet={srcSet(name, widths, 'jpg')}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        fetchPriority={priority ? 'high' : undefined}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
      />
    </picture>
  );
}

interface SiteVideoProps {
  /** Base name: `<name>.webm`, `<name>.mp4` and the poster `<name>-poster.webp`. */
  name: string;
  label: string;
}

/** A short looping clip: muted, its controls and poster once the page has loaded (./deferred-video.ts), nothing downloaded until the visitor plays it. */
export function SiteVideo({ name, label }: SiteVideoProps) {
  const logError = () => console.error(`Could not load the video ${name}`);
  const video = useRef<HTMLVideoElement>(null);
  const t = useMessages();
  useEffect(() => {
    if (video.current) finishDeferredVideo(video.current);
  }, []);
  return (
    <video
      ref={video}
      className="video"
      loop
      muted
      playsInline
      preload="none"
      data-poster={`${ASSETS}/${name}-poster.webp`}
      width={1280}
      height={720}
      aria-label={label}
    >
      <source src={`${ASSETS}/${name}.webm`} type="video/webm" onError={logError} />
      <source src={`${ASSETS}/${name}.mp4`} type="video/mp4" onError={logError} />
      {t('video_unsupported')}
    </video>
  );
}
