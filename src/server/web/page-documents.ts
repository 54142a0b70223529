/**
 * The one place the site's pages are made into documents, at build time (scripts/prerender.ts) and
 * at run time (./site-pages.ts, when the published site content changes; the staff's previews):
 *
 * - makePageKit, at build time: index.html as Vite wrote it, with the entry's stylesheet (site.css,
 *   a few KB) inlined so nothing blocks the first paint, and the entry script at low priority (the
 *   staff console's shell); the pages' variant, where a one-line inline module requests the entry
 *   only once the page has loaded and painted, its main photo too (its hash goes into the CSP); and
 *   each React page chunk's stylesheets, the small ones' text. Written to dist/prerender/page-kit.json
 *   beside the pages' server-side bundle, because the build's manifest is not published.
 * - pageDocument: a page the bundle rendered (shared/page-render.ts) in its template: the <head>
 *   (title, description, canonical and Open Graph tags, React's resource hints, the chunk's
 *   stylesheets) and #root, with a React page's data as JSON for its hydration. The public origin
 *   is SITE_URL_TOKEN: the server fills in SITE_URL (./pages.ts).
 * - loadPageRenderer, at run time: the bundle and the kit, as one `render(path, data)`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANGUAGE_FONTS } from '../../shared/language-fonts';
import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, type Language } from '../../shared/languages';
import { OG_LOCALES } from '../../shared/locale-paths';
import { type PageData, pageDataScript, type RenderedPage } from '../../shared/page-render';
import { SITE_URL_TOKEN } from '../../shared/site-url-token';

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

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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

/**
 * A Tamil or Hindi page's font, on that language's pages only (an English page names nothing
 * more): the family first, so the phone's own Noto (Android has it) sets the text from the first
 * paint; the site's subset files are requested by the entry once the page has painted
 * (client/language-fonts.ts), never before: preloaded, they held /hi/donate's LCP at 2.4 times an
 * empty page's. `html[lang] body`: above site.css's body rule, which the template inlines after it.
 */
function fontTags(language: Language): string[] {
  const font = LANGUAGE_FONTS[language];
  if (!font) return [];
  return [
    `<style>html[lang] body{font-family:"${font.family}",system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif}</style>`,
  ];
}

/** The page in each of its languages (and x-default, the English), where it has more than one. */
function alternateTags(page: RenderedPage): string[] {
  if (page.alternates.length < 2) return [];
  const link = (hreflang: string, path: string) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${SITE_URL_TOKEN}${path}" />`;
  const english = page.alternates.find((alternate) => alternate.language === DEFAULT_LANGUAGE);
  return [
    ...page.alternates.map(({ language, path }) => link(language, path)),
    ...(english ? [link('x-default', english.path)] : []),
  ];
}

/** The <head> tags of a page: title, description, and for a page with a canonical address that and its link preview. */
function headTags(page: RenderedPage): string[] {
  const { meta } = page;
  const origin = SITE_URL_TOKEN;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
  ];
  if (meta.path === null) return [...tags, '<meta name="robots" content="noindex" />', ...fontTags(page.language)];
  const url = `${origin}${meta.path}`;
  const { shareImage } = page;
  const image = `${origin}${shareImage.path}`;
  return [
    ...tags,
    ...(meta.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    `<link rel="canonical" href="${url}" />`,
    ...alternateTags(page),
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${escapeHtml(page.siteName)}" />`,
    `<meta property="og:locale" content="${OG_LOCALES[page.language]}" />`,
    ...page.alternates
      .filter((alternate) => alternate.language !== page.language)
      .map(({ language }) => `<meta property="og:locale:alternate" content="${OG_LOCALES[language]}" />`),
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    '<meta property="og:image:type" content="image/jpeg" />',
    `<meta property="og:image:width" content="${shareImage.width}" />`,
    `<meta property="og:image:height" content="${shareImage.height}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(shareImage.alt)}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    `<meta name="twitter:image:alt" content="${escapeHtml(shareImage.alt)}" />`,
    ...fontTags(page.language),
  ];
}

/** A page chunk's stylesheets: the small ones' text inline, the others linked. */
const stylesheetTags = (kit: PageKit, files: string[]) =>
  files.map((file) => {
    const css = kit.inlineStylesheets[file];
    return css === undefined ? `<link rel="stylesheet" crossorigin href="/${file}" />` : `<style>${css}</style>`;
  });

/** A rendered page as a whole document, SITE_URL_TOKEN where the public origin belongs. */
export function pageDocument(kit: PageKit, page: RenderedPage): string {
  // React puts resource hints (image preloads) first in its output; they belong in <head>, and
  // left inside #root they would make hydration fail.
  const hints = page.html.match(/^(?:<link [^>]*\/>)*/)?.[0] ?? '';
  const html = page.html.slice(hints.length);
  const stylesheets = page.chunk === null ? [] : stylesheetTags(kit, kit.chunkStylesheets[page.chunk] ?? []);
  const head = [...headTags(page), hints, ...stylesheets].filter(Boolean).join('\n    ');
  const template = withLanguage(kit.pageTemplate, page.language);
  // Read once the entry runs (after the page has loaded): at the end of the body, out of the way.
  const data = page.data === null ? '' : `  ${pageDataScript(page.data)}\n  `;
  if (!template.includes('</body>')) throw new Error('the page template has no </body>');
  return template
    .replace('<!--app-head-->', () => head)
    .replace('<!--app-html-->', () => html)
    .replace('</body>', () => `${data}</body>`);
}

/** The template's `<html lang>` set to the page's language (`en-IN`, `ta-IN`, `hi-IN`). */
function withLanguage(template: string, language: Language): string {
  const tag = template.match(/<html\b[^>]*>/)?.[0];
  if (!tag?.includes(' lang="')) throw new Error('the page template has no <html lang>');
  return template.replace(tag, tag.replace(/ lang="[^"]*"/, ` lang="${LANGUAGE_TAGS[language]}"`));
}

/** The staff console's shell: never prerendered, an empty page the browser renders, kept out of search engines. */
export function staffShellDocument(kit: PageKit): string {
  const head = '<title>Staff console</title>\n    <meta name="robots" content="noindex" />';
  return kit.template.replace('<!--app-head-->', head).replace('<!--app-html-->', '');
}

/** Renders a path with the given data to a whole document (SITE_URL_TOKEN for the origin). */
export interface PageRenderer {
  render(path: string, data: PageData): Promise<{ status: number; html: string }>;
  /** The paths served as pages (the home page and the React pages), and the one that names the 404 page. */
  paths: readonly string[];
  notFoundPath: string;
  /** The pages each language has, as English paths (all in English; the translated ones in Tamil and Hindi). */
  languagePaths: Record<Language, readonly string[]>;
}

/** What the pages' bundle (src/client/entry-server.tsx, built) exports. */
interface PageBundle {
  renderPage(url: string, data: PageData): Promise<RenderedPage>;
  PAGE_PATHS: readonly string[];
  NOT_FOUND_PATH: string;
  LANGUAGE_PAGE_PATHS: Record<Language, readonly string[]>;
}

export const PAGE_KIT_FILE = 'page-kit.json';
export const PAGE_BUNDLE_FILE = 'entry-server.js';

/** The renderer of a built site (`dist/prerender`), or undefined where there is none (a plain `vite build`, tests of the plugin). */
export async function loadPageRenderer(ssrDir: string): Promise<PageRenderer | undefined> {
  const kitFile = join(ssrDir, PAGE_KIT_FILE);
  const bundleFile = join(ssrDir, PAGE_BUNDLE_FILE);
  if (!existsSync(kitFile) || !existsSync(bundleFile)) return undefined;
  const kit = JSON.parse(readFileSync(kitFile, 'utf8')) as PageKit;
  const bundle = (await import(pathToFileURL(bundleFile).href)) as PageBundle;
  return rendererOf(kit, bundle);
}

/** The renderer over a kit and a bundle already loaded (the build's prerender uses it too). */
export function rendererOf(kit: PageKit, bundle: PageBundle): PageRenderer {
  return {
    async render(path, data) {
      const page = await bundle.renderPage(path, data);
      return { status: page.status, html: pageDocument(kit, page) };
    },
    paths: bundle.PAGE_PATHS,
    notFoundPath: bundle.NOT_FOUND_PATH,
    languagePaths: bundle.LANGUAGE_PAGE_PATHS,
  };
}
