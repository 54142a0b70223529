/**
 * The trust's logo, drawn in code. scripts/generate-assets.ts writes it out as logo.svg and
 * favicon.svg; the header inlines it as a data URI, so no page requests anything but its hero
 * image before it paints, titled with the trust's name as the page was rendered with it.
 */
const GREEN = '#1b5e20';

/** A paw print: one pad and four toes, centred on (x, y), `s` = scale. */
export const paw = (x: number, y: number, s: number, fill: string) => `
  <g transform="translate(${x} ${y}) scale(${s})" fill="${fill}">
    <ellipse cx="0" cy="14" rx="22" ry="18"/>
    <ellipse cx="-24" cy="-12" rx="9" ry="12"/><ellipse cx="-8" cy="-26" rx="9" ry="12"/>
    <ellipse cx="8" cy="-26" rx="9" ry="12"/><ellipse cx="24" cy="-12" rx="9" ry="12"/>
  </g>`;

/** Text as SVG (XML) content: a trust named "Paws & Claws" must not break its logo. */
const xmlText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function logoSvg(title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img">
  <title>${xmlText(title)}</title>
  <circle cx="64" cy="64" r="62" fill="${GREEN}"/>
  <path d="M64 104 C30 80 22 62 30 46 C38 31 56 32 64 46 C72 32 90 31 98 46 C106 62 98 80 64 104 Z" fill="#fff"/>
  ${paw(64, 64, 0.78, GREEN)}
</svg>`;
}

/** The logo as the header inlines it, titled with the trust's name (Trust details'). */
export const logoDataUri = (name: string) => `data:image/svg+xml,${encodeURIComponent(logoSvg(name))}`;
