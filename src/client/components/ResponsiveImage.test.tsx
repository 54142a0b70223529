import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImageRecord } from '../../shared/images';
import { ResponsiveImage } from './ResponsiveImage';

const bruno: ImageRecord = {
  id: 7,
  hash: 'a'.repeat(32),
  width: 1600,
  height: 1200,
  alt: 'Bruno, a brown dog, after his surgery',
  widths: [320, 640, 960, 1280, 1600],
};

describe('a staff-uploaded photo on a page', () => {
  it('is a <picture>: AVIF, then WebP, in every width, with the JPEG master as the fallback', () => {
    const { container } = render(<ResponsiveImage image={bruno} sizes="(min-width: 48em) 40rem, 100vw" />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]?.getAttribute('srcset')).toBe(
      [320, 640, 960, 1280, 1600].map((width) => `/images/${bruno.hash}-${width}.avif ${width}w`).join(', '),
    );
    expect(sources[1]?.getAttribute('srcset')).toContain(`/images/${bruno.hash}-640.webp 640w`);
    expect(sources.every((source) => source.getAttribute('sizes') === '(min-width: 48em) 40rem, 100vw')).toBe(true);
    const img = container.querySelector('picture > img');
    expect(img?.getAttribute('src')).toBe(`/images/${bruno.hash}-1600.jpg`);
    expect(img?.getAttribute('alt')).toBe(bruno.alt);
  });

  it('holds its space before it loads (width and height), lazy unless it is the page’s main photo', () => {
    const lazy = render(<ResponsiveImage image={bruno} displayWidth={640} />).container.querySelector('img');
    expect(lazy?.getAttribute('width')).toBe('640');
    expect(lazy?.getAttribute('height')).toBe('480');
    expect(lazy?.getAttribute('loading')).toBe('lazy');
    expect(lazy?.getAttribute('fetchpriority')).toBeNull();

    const main = render(<ResponsiveImage image={bruno} loading="eager" fetchPriority="high" />).container.querySelector(
      'img',
    );
    expect(main?.getAttribute('loading')).toBe('eager');
    expect(main?.getAttribute('fetchpriority')).toBe('high');
    expect(main?.getAttribute('width')).toBe('1600');
    expect(main?.getAttribute('height')).toBe('1200');
  });
});
