import { describe, expect, it } from 'vitest';
import { logoDataUri, logoSvg } from './logo';

const parse = (svg: string) => new DOMParser().parseFromString(svg, 'image/svg+xml');

describe('the logo', () => {
  it('is well-formed SVG titled with the trust name, whatever characters the name has', () => {
    const document = parse(logoSvg('Paws & Claws <Chennai>'));
    expect(document.querySelector('parsererror')).toBeNull();
    expect(document.querySelector('title')?.textContent).toBe('Paws & Claws <Chennai>');
  });

  it('is inlined in the header as a data URI of the same SVG as logo.svg', () => {
    const uri = logoDataUri('Paws & Claws');
    expect(uri.startsWith('data:image/svg+xml,')).toBe(true);
    const document = parse(decodeURIComponent(uri.slice('data:image/svg+xml,'.length)));
    expect(document.querySelector('parsererror')).toBeNull();
    expect(document.querySelector('title')?.textContent).toBe('Paws & Claws');
    expect(document.querySelector('circle')?.getAttribute('fill')).toBe('#1b5e20');
  });
});
