import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../../../../scripts/lib/site-server';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * What the built pages ask the browser for before they paint (issue 34): the home page's hero
 * photo alone, no script competing with it; the hashed assets served with their caching headers
 * and nosniff, without the page's CSP and other document-only headers (about 1 KB a response).
 */

const CLIENT_DIR = fileURLToPath(new URL('../../../../dist/client', import.meta.url));

let t: TestApp;

beforeAll(async () => {
  await ensureClientBuilt();
  t = await createTestApp({}, { clientDir: CLIENT_DIR });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

/** The <link> and <script> tags of a document's <head> and body that make the browser fetch something. */
const tags = (html: string, name: 'link' | 'script') =>
  [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map((m) => m[0]);

describe('the home page before its load event', () => {
  it('preloads no module and fetches no script; the hero photo is the high-priority request', async () => {
    const home = await t.app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(tags(home.body, 'link').filter((tag) => /rel="modulepreload"/.test(tag))).toEqual([]);
    // Its one preload is the hero photo's, as the <picture> names it (page-documents.ts, mainPhotoPreload).
    expect(tags(home.body, 'link').filter((tag) => /rel="preload"/.test(tag))).toEqual([
      '<link rel="preload" as="image" type="image/avif" imagesrcset="/attached-assets/hero-640.avif 640w, /attached-assets/hero-1280.avif 1280w, /attached-assets/hero-1920.avif 1920w" imagesizes="100vw" fetchpriority="high" />',
    ]);
    // Its one script is the inline loader that imports the entry once the page has loaded.
    expect(tags(home.body, 'script')).toEqual(['<script type="module">']);
    expect(home.body).toMatch(/<script type="module">addEventListener\("load",/);
    const hero = home.body.match(/<img [^>]*src="\/attached-assets\/hero-1280\.jpg"[^>]*>/)?.[0] ?? '';
    expect(hero).toContain('fetchPriority="high"');
    expect(hero).toContain('loading="eager"');
  });

  it('the Tamil home page neither', async () => {
    const home = await t.app.inject({ url: '/ta/' });
    expect(home.statusCode).toBe(200);
    expect(tags(home.body, 'link').filter((tag) => /rel="modulepreload"/.test(tag))).toEqual([]);
  });
});

describe('the donate pages before their first paint', () => {
  it.each(['/donate', '/ta/donate', '/hi/donate'])(
    '%s links no stylesheet and no font: its own few KB of CSS ride in the page, without Mantine',
    async (path) => {
      const page = await t.app.inject({ url: path });
      expect(page.statusCode).toBe(200);
      expect(tags(page.body, 'link').filter((tag) => /rel="(stylesheet|preload)"/.test(tag))).toEqual([]);
      const inline = [...page.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '').join('');
      expect(inline).toContain('.donate-grid{');
      // Mantine's styles (the toasts') come with the toasts' chunk, not in the page's first load.
      expect(inline).not.toContain('--mantine-');
      expect(Buffer.byteLength(inline)).toBeLessThan(20 * 1024);
      // The entry is requested once the page has loaded and painted, its main photo decoded.
      expect(tags(page.body, 'link').filter((tag) => tag.includes('modulepreload'))).toEqual([]);
      expect(tags(page.body, 'script').filter((tag) => !tag.includes('application/json'))).toEqual([
        '<script type="module">',
      ]);
      expect(page.body).toContain('<script type="module">addEventListener("load",');
      expect(page.body).toContain('document.querySelector("img[fetchpriority=high]")');
      expect(page.body).toMatch(
        /requestAnimationFrame\(\(\)=>setTimeout\(\(\)=>import\("\/assets\/index-[^"]+\.js"\)\)\)/,
      );
    },
  );
});

describe('static files', () => {
  const DOCUMENT_ONLY = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'referrer-policy',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-frame-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
    'permissions-policy',
  ];

  it('a hashed script carries its caching headers and nosniff, not the page-only ones', async () => {
    const donate = await t.app.inject({ url: '/donate' });
    const entry = donate.body.match(/import\("(\/assets\/[^"]+\.js)"\)/)?.[1];
    expect(entry).toBeDefined();
    const asset = await t.app.inject({ url: String(entry), headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    for (const name of DOCUMENT_ONLY) expect(asset.headers[name], name).toBeUndefined();
    // All told, a few hundred bytes of headers, not the page's kilobyte.
    const headerBytes = Object.entries(asset.headers).reduce(
      (sum, [name, value]) => sum + name.length + String(value).length + 4,
      0,
    );
    expect(headerBytes).toBeLessThan(500);
  });

  it('so does a public file (a font, the favicon)', async () => {
    for (const url of ['/favicon.svg', '/fonts/noto-sans-tamil-400.woff2']) {
      const file = await t.app.inject({ url });
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      for (const name of DOCUMENT_ONLY) expect(file.headers[name], `${url} ${name}`).toBeUndefined();
    }
  });

  it('pages, API answers and the 404 page keep every security header', async () => {
    for (const url of ['/', '/donate', '/api/health', '/no-such-page', '/assets/no-such-file.js']) {
      const response = await t.app.inject({ url });
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});
