/**
 * The site's artwork as SVG, drawn in code (the logo is src/client/components/logo.ts): a sunset scene with a dog and a cat for the
 * hero and the share preview, and animated scenes for the two videos (`t` runs 0 → 1 over a loop).
 * Nothing is downloaded; scripts/generate-assets.ts turns these into the files under public/.
 */

import { paw } from '../../src/client/components/logo';

/** A sitting dog seen from the side, facing right; `wag` swings the tail (-1 … 1). */
const dog = (x: number, y: number, s: number, wag = 0) => `
  <g transform="translate(${x} ${y}) scale(${s})">
    <path d="M-70 40 Q-110 ${-10 + wag * 30} -95 ${-50 + wag * 20}" stroke="#8d5524" stroke-width="14" fill="none" stroke-linecap="round"/>
    <ellipse cx="-20" cy="30" rx="70" ry="55" fill="#c68642"/>
    <rect x="-60" y="40" width="24" height="70" rx="12" fill="#b5763a"/>
    <rect x="10" y="40" width="24" height="70" rx="12" fill="#b5763a"/>
    <circle cx="50" cy="-40" r="45" fill="#c68642"/>
    <ellipse cx="88" cy="-28" rx="26" ry="18" fill="#e0ac69"/>
    <circle cx="110" cy="-32" r="8" fill="#3b2412"/>
    <circle cx="58" cy="-52" r="6" fill="#3b2412"/>
    <path d="M20 -70 Q5 -30 30 -15 Q40 -50 20 -70 Z" fill="#8d5524"/>
  </g>`;

/** A sitting cat facing left. */
const cat = (x: number, y: number, s: number, blink = false) => `
  <g transform="translate(${x} ${y}) scale(${s})">
    <path d="M40 90 Q100 80 90 20" stroke="#4a4a4a" stroke-width="12" fill="none" stroke-linecap="round"/>
    <ellipse cx="10" cy="50" rx="48" ry="55" fill="#5c5c5c"/>
    <circle cx="0" cy="-30" r="36" fill="#5c5c5c"/>
    <path d="M-30 -50 L-26 -86 L-6 -62 Z M30 -50 L26 -86 L6 -62 Z" fill="#5c5c5c"/>
    ${
      blink
        ? '<path d="M-18 -32 h12 M6 -32 h12" stroke="#f5d76e" stroke-width="4"/>'
        : '<ellipse cx="-12" cy="-32" rx="6" ry="8" fill="#f5d76e"/><ellipse cx="12" cy="-32" rx="6" ry="8" fill="#f5d76e"/>'
    }
    <path d="M-4 -18 L4 -18 L0 -12 Z" fill="#e8a0a0"/>
  </g>`;

/** Warm sky, sun, green hills: the shelter at the end of the day. */
const landscape = (w: number, h: number, sunY: number) => `
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f9a825"/><stop offset="0.55" stop-color="#ffcc80"/><stop offset="1" stop-color="#fff3e0"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <circle cx="${w * 0.72}" cy="${sunY}" r="${h * 0.12}" fill="#fff8e1" opacity="0.9"/>
  <path d="M0 ${h * 0.68} Q${w * 0.25} ${h * 0.55} ${w * 0.5} ${h * 0.66} T${w} ${h * 0.62} V${h} H0 Z" fill="#66bb6a"/>
  <path d="M0 ${h * 0.8} Q${w * 0.3} ${h * 0.7} ${w * 0.6} ${h * 0.8} T${w} ${h * 0.76} V${h} H0 Z" fill="#388e3c"/>
  <g fill="#2e7d32">
    <rect x="${w * 0.1}" y="${h * 0.45}" width="${w * 0.012}" height="${h * 0.25}"/>
    <circle cx="${w * 0.106}" cy="${h * 0.43}" r="${h * 0.08}"/>
    <rect x="${w * 0.88}" y="${h * 0.5}" width="${w * 0.01}" height="${h * 0.2}"/>
    <circle cx="${w * 0.885}" cy="${h * 0.48}" r="${h * 0.065}"/>
  </g>`;

export function heroSvg(w = 1920, h = 1080): string {
  const s = h / 1080;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">
  ${landscape(w, h, h * 0.3)}
  ${dog(w * 0.62, h * 0.7, 1.5 * s, 0.3)}
  ${cat(w * 0.82, h * 0.74, 1.3 * s)}
  ${paw(w * 0.3, h * 0.9, 0.6 * s, '#1b5e20')}${paw(w * 0.36, h * 0.86, 0.6 * s, '#1b5e20')}
</svg>`;
}

export function ogImageSvg(logo: string): string {
  const w = 1200;
  const h = 630;
  const inner = logo
    .replace(/^<svg[^>]*>/, '')
    .replace(/<title>.*<\/title>/, '')
    .replace(/<\/svg>\s*$/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">
  ${landscape(w, h, h * 0.28)}
  ${dog(w * 0.58, h * 0.7, 1, 0.3)}
  ${cat(w * 0.8, h * 0.74, 0.85)}
  <g transform="translate(60 60) scale(1.4)">${inner}</g>
</svg>`;
}

/** About video: the dog wags, the cat blinks, the sun sinks a little. */
export function aboutFrameSvg(t: number, w = 640, h = 360): string {
  const wag = Math.sin(t * Math.PI * 8);
  const s = h / 1080;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">
  ${landscape(w, h, h * (0.26 + 0.04 * Math.sin(t * Math.PI * 2)))}
  ${dog(w * 0.45, h * 0.7, 1.6 * s, wag)}
  ${cat(w * 0.75, h * 0.74, 1.4 * s, t > 0.45 && t < 0.5)}
</svg>`;
}

/** Donate video: a puppy on wheels rolls across the lawn after a ball. */
export function donateFrameSvg(t: number, w = 640, h = 360): string {
  const s = h / 1080;
  const x = w * (0.15 + 0.7 * (0.5 - 0.5 * Math.cos(t * Math.PI * 2)));
  const bounce = Math.abs(Math.sin(t * Math.PI * 6)) * h * 0.12;
  const wheel = (cx: number) =>
    `<g transform="translate(${cx} ${h * 0.86}) rotate(${t * 720})"><circle r="${h * 0.035}" fill="#263238"/><rect x="-${h * 0.03}" y="-2" width="${h * 0.06}" height="4" fill="#b0bec5"/></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">
  ${landscape(w, h, h * 0.24)}
  <circle cx="${x + w * 0.16}" cy="${h * 0.86 - bounce}" r="${h * 0.03}" fill="#e53935"/>
  ${dog(x, h * 0.7, 1.2 * s, Math.sin(t * Math.PI * 10))}
  <rect x="${x - w * 0.09}" y="${h * 0.8}" width="${w * 0.12}" height="${h * 0.02}" fill="#607d8b"/>
  ${wheel(x - w * 0.08)}${wheel(x + w * 0.02)}
</svg>`;
}
