/**
 * The page kit, made at build time (scripts/prerender.ts) from the built client: index.html as Vite
 * wrote it, with the entry's stylesheet (site.css, a few KB) inlined so nothing blocks the first
 * paint, and the entry script at low priority (the staff console's shell); the pages' variant, where
 * a one-line inline module requests the entry only once the page has loaded and painted, its main
 * photo too (its hash goes into the CSP); and each React page chunk's stylesheets, the small ones'
 * text. Written to dist/prerender/page-kit.json beside the pages' server-side bundle, because the
 * build's manifest is not published. ./page-documents.ts makes documents with it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the build leaves for making documents: see makePageKit. */
export interface PageKit {
  /** index.html with site.css inlined and the entry at low priority: the staff console's shell. */
  template: string;
  /** The same, the entry requested once the page has loaded and painted: every page. */
  pageTemplate: string;
  /** Each React page chunk's stylesheets not already in the entry, as `assets/…` paths. */
  chunkStylesheets: Record<string, string[]>;
  /** The text of those small enough to ride in the page (see INLINE_STYLESHEET_BYTES), by path. */
  inlineStylesheets: Record<string, string>;
}

/** Vite's build manifest (build.manifest in vite.config.ts): what each entry and chunk is made of. */
export type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

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

/** A page chunk's stylesheets that the entry does not already bring (the chunk imports from it too). */
function pageChunkCss(manifest: Manifest, key: string): string[] {
  const chunk = chunkFiles(manifest, key);
  if (chunk.js.length === 0) throw new Error(`the build manifest has no ${key}`);
  const entry = chunkFiles(manifest, 'index.html');
  return chunk.css.filter((file) => !entry.css.includes(file));
}

/** A stylesheet's text, to be put in a <style> block. */
function stylesheetText(clientDir: string, file: string): string {
  const css = readFileSync(join(clientDir, file), 'utf8');
  if (css.includes('</')) throw new Error(`${file} cannot be inlined: it contains "</"`);
  return css;
}

/** Replaces the entry's <link rel="stylesheet"> tags with the stylesheets' text in <style> blocks. */
function inlineEntryCss(template: string, clientDir: string): string {
  return template.replace(
    /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
    (_tag, file: string) => `<style>${stylesheetText(clientDir, file)}</style>`,
  );
}

/**
 * A page chunk's stylesheet up to this size rides in the page's HTML (the donate form's, about
 * 4 KB): a linked one costs the first paint a round trip more on a phone's network, which is most
 * of what /donate's LCP had over an empty page's. Larger ones (the donor's page's Mantine) stay linked.
 */
const INLINE_STYLESHEET_BYTES = 16 * 1024;

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
 * The pages request their entry only once they have loaded and painted, their main photo too (the
 * hero, an appeal's: the high-priority image, decoded), so that nothing of it comes before their
 * first paint or their largest one: a one-line inline module imports it in the task after the
 * second frame from then (the first did not always show the decoded photo yet), allowed by its hash
 * in the CSP (dist/client/csp-hashes.json, read by security.plugin.ts).
 * The home and 404 pages are whole without script (their entry only wires the menu:
 * src/client/components/static-page.ts); a React page hydrates once the entry runs
 * (src/client/main.tsx). Run as the page was parsed, the entry's request and evaluation came before
 * /donate's first paint; fetched beforehand (a modulepreload), or as soon as the page had loaded
 * (before an appeal's photo was decoded), its request still counted in Lighthouse's LCP (issue 34).
 */
function entryAfterPaint(template: string): { template: string; hash: string } {
  const tag = template.match(/<script type="module" fetchpriority="low" crossorigin src="(\/[^"]+)"><\/script>/);
  if (!tag?.[1]) throw new Error('dist/client/index.html has no entry <script type="module">');
  const code =
    'addEventListener("load",()=>{const photo=document.querySelector("img[fetchpriority=high]");' +
    'Promise.resolve(photo&&photo.decode()).catch(()=>{}).then(()=>requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(()=>' +
    `import(${JSON.stringify(tag[1])})))))},{once:true})`;
  return {
    template: template.replace(tag[0], `<script type="module">${code}</script>`),
    hash: `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
  };
}

/** The kit of the built client (see the module's comment), and the CSP hash of the pages' loader. */
export function makePageKit(options: { clientDir: string; manifest: Manifest; reactPageChunks: readonly string[] }): {
  kit: PageKit;
  scriptHash: string;
} {
  const { clientDir, manifest, reactPageChunks } = options;
  const template = lowPriorityEntryScript(
    inlineEntryCss(readFileSync(join(clientDir, 'index.html'), 'utf8'), clientDir),
  );
  for (const slot of ['<!--app-head-->', '<!--app-html-->']) {
    if (!template.includes(slot)) throw new Error(`dist/client/index.html has no ${slot} slot`);
  }
  const page = entryAfterPaint(template);
  const chunkStylesheets = Object.fromEntries(reactPageChunks.map((chunk) => [chunk, pageChunkCss(manifest, chunk)]));
  const inlineStylesheets = Object.fromEntries(
    [...new Set(Object.values(chunkStylesheets).flat())]
      .map((file) => [file, stylesheetText(clientDir, file)])
      .filter(([, css]) => Buffer.byteLength(css ?? '') <= INLINE_STYLESHEET_BYTES),
  );
  return {
    kit: { template, pageTemplate: page.template, chunkStylesheets, inlineStylesheets },
    scriptHash: page.hash,
  };
}
