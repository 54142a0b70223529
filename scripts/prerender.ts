/**
 * Prerenders `/`, `/donate` and the 404 page into dist/client after `vite build`, so text and
 * layout arrive with the HTML and the scripts only hydrate them. Then precompresses every text
 * asset with brotli and gzip for @fastify/static's `preCompressed`.
 *
 * The pages carry SITE_URL_TOKEN where the public origin belongs (canonical and Open Graph URLs,
 * the share link); the server replaces it with SITE_URL when it loads them, so one build serves any origin.
 *
 * CSS: the entry's stylesheet (site.css, a few KB: all the home and 404 pages use) is inlined into
 * every page, so nothing blocks the first paint on a request. Each React page (REACT_PAGES: the donate
 * page) also links its chunk's stylesheet (Mantine). The staff console gets an empty shell
 * (staff.html), rendered in the browser.
 *
 * Scripts: the static pages (home, 404) request their entry only once they have loaded
 * (entryAfterLoad); the React pages fetch it at low priority and start it after the first paint.

 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import { build } from 'vite';

// A production build even when started from a test run (NODE_ENV=test would bundle React's development build).
process.env.NODE_ENV = 'production';

const root = fileURLToPath(new URL('..', import.meta.url));
const clientDir = join(root, 'dist/client');
const ssrDir = join(root, 'dist/prerender');

type PageMeta = { title: string; description: string; path: string | null };
type ServerEntry = typeof import('../src/client/entry-server');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function headFor(meta: PageMeta, entry: ServerEntry): string {
  const origin = entry.SITE_URL_TOKEN;
  const image = `${origin}/attached-assets/og-image.jpg`;
  const imageAlt = `${entry.siteContent.trust.name}: rescued dogs and cats`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
  ];
  if (meta.path === null) {
    tags.push('<meta name="robots" content="noindex" />');
    return tags.join('\n    ');
  }
  const url = `${origin}${meta.path}`;
  tags.push(
    `<link rel="canonical" href="${url}" />`,
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${escapeHtml(entry.siteContent.trust.name)}" />`,
    '<meta property="og:locale" content="en_IN" />',
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    '<meta property="og:image:type" content="image/jpeg" />',
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    `<meta property="og:image:alt" content="${escapeHtml(imageAlt)}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    `<meta name="twitter:image:alt" content="${escapeHtml(imageAlt)}" />`,
  );
  return tags.join('\n    ');
}

/** Vite's build manifest (build.manifest in vite.config.ts): what each entry and chunk is made of. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** The script files a chunk needs (itself and what it imports, recursively) and its stylesheets. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): { js: string[]; css: string[] } {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return { js: [], css: [] };
  seen.add(key);
  const result = { js: [chunk.file], css: [...(chunk.css ?? [])] };
  for (const imported of chunk.imports ?? []) {
    const files = chunkFiles(manifest, imported, seen);
    result.js.push(...files.js);
    result.css.push(...files.css);
  }
  return result;
}

/** Replaces the entry's <link rel="stylesheet"> tags with the stylesheets' text in <style> blocks. */
function inlineEntryCss(template: string): string {
  return template.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (_tag, file: string) => {
    const css = readFileSync(join(clientDir, file), 'utf8');
    if (css.includes('</')) throw new Error(`${file} cannot be inlined: it contains "</"`);
    return `<style>${css}</style>`;
  });
}

/** A page chunk's files that the entry does not already bring (the chunk imports from it too). */
function pageChunk(manifest: Manifest, key: string): { js: string[]; css: string[] } {
  const chunk = chunkFiles(manifest, key);
  if (chunk.js.length === 0) throw new Error(`the build manifest has no ${key}`);
  const entry = chunkFiles(manifest, 'index.html');
  const notInEntry = (file: string) => !entry.js.includes(file) && !entry.css.includes(file);
  return { js: chunk.js.filter(notInEntry), css: chunk.css.filter(notInEntry) };
}

/**
 * The entry script at low priority: the page paints without it (src/client/main.tsx starts the app
 * after the first paint), so the hero image goes first. Vite drops the attribute from index.html.
 */
function lowPriorityEntryScript(template: string): string {
  const tag = '<script type="module" crossorigin src=';
  if (!template.includes(tag)) throw new Error('dist/client/index.html has no entry <script type="module">');
  return template.replace(tag, '<script type="module" fetchpriority="low" crossorigin src=');
}

/**
 * The static pages (home and 404) are whole without script, and their entry only wires the menu
 * (src/client/components/static-page.ts): it is not even requested until the page has loaded, so
 * nothing but the hero image is fetched before the page paints. A one-line inline module does it,
 * allowed by its hash in the CSP (dist/client/csp-hashes.json, read by security.plugin.ts).
 */
function entryAfterLoad(template: string): { template: string; hash: string } {
  const tag = template.match(/<script type="module" fetchpriority="low" crossorigin src="(\/[^"]+)"><\/script>/);
  if (!tag?.[1]) throw new Error('dist/client/index.html has no entry <script type="module">');
  const code = `addEventListener("load",()=>import(${JSON.stringify(tag[1])}),{once:true})`;
  return {
    template: template.replace(tag[0], `<script type="module">${code}</script>`),
    hash: `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
  };
}

const stylesheetLinks = (files: string[]) =>
  files.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`).join('\n    ');

async function prerender(): Promise<void> {
  await build({
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: join(root, 'src/client/entry-server.tsx'), outDir: ssrDir, emptyOutDir: true, minify: false },
  });
  const entry: ServerEntry = await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href);
  const manifestDir = join(clientDir, '.vite');
  const manifest: Manifest = JSON.parse(readFileSync(join(manifestDir, 'manifest.json'), 'utf8'));
  // Only the build needs the manifest; the server must not publish it.
  rmSync(manifestDir, { recursive: true, force: true });
  const template = lowPriorityEntryScript(inlineEntryCss(readFileSync(join(clientDir, 'index.html'), 'utf8')));
  if (!template.includes('<!--app-html-->')) throw new Error('dist/client/index.html has no <!--app-html--> slot');

  const staticPage = entryAfterLoad(template);
  writeFileSync(join(clientDir, 'csp-hashes.json'), JSON.stringify({ 'script-src': [staticPage.hash] }));

  const pages: [file: string, url: string, meta: PageMeta, links: string, template: string][] = [
    ['index.html', '/', entry.PAGE_META.home, '', staticPage.template],
    ...Object.entries(entry.REACT_PAGES).map(([path, page]): [string, string, PageMeta, string, string] => [
      `${path.slice(1)}.html`,
      path,
      entry.PAGE_META[page.meta],
      stylesheetLinks(pageChunk(manifest, page.chunk).css),
      template,
    ]),
    ['404.html', '/404-page-not-found', entry.PAGE_META.notFound, '', staticPage.template],
  ];
  for (const [file, url, meta, links, pageTemplate] of pages) {
    const rendered = await entry.renderPage(url);
    // React puts resource hints (image preloads) first in its output; they belong in <head>, and
    // left inside #root they would make hydration fail.
    const hints = rendered.match(/^(?:<link [^>]*\/>)*/)?.[0] ?? '';
    const html = rendered.slice(hints.length);
    const head = [headFor(meta, entry), hints, links].filter(Boolean).join('\n    ');
    const page = pageTemplate.replace('<!--app-head-->', head).replace('<!--app-html-->', html);
    writeFileSync(join(clientDir, file), page);
    console.log(`prerendered ${url} → dist/client/${file} (${(page.length / 1024).toFixed(1)} KiB)`);
  }
  // The staff console is never prerendered: an empty shell the browser renders, kept out of search engines.
  const staffHead = '<title>Staff console</title>\n    <meta name="robots" content="noindex" />';
  writeFileSync(
    join(clientDir, 'staff.html'),
    template.replace('<!--app-head-->', staffHead).replace('<!--app-html-->', ''),
  );
  console.log('wrote the staff console shell → dist/client/staff.html');
  rmSync(ssrDir, { recursive: true, force: true });
}

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Brotli at its best quality, gzip by Zopfli (a few per cent smaller than zlib's best, readable by
 * every gzip decoder). HTML is left out: the server fills in SITE_URL and compresses the pages once
 * when it starts.
 */
async function precompress(): Promise<void> {
  let count = 0;
  for (const path of files(clientDir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const body = readFileSync(path);
    if (body.length < 512) continue;
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
    writeFileSync(`${path}.gz`, await gzipAsync(body, { numiterations: 15 }));
    count += 1;
  }
  console.log(`precompressed ${count} files (brotli and gzip)`);
}

await prerender();
await precompress();
// Vite's build and the rendered app leave handles open; the work is done.
process.exit(0);
