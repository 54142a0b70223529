/**
 * The one place the site's pages are made into documents, at build time (scripts/prerender.ts) and
 * at run time (./site-pages.ts, when the published site content changes; the staff's previews),
 * with the kit the build made (./page-kit.ts: the templates and the page chunks' stylesheets):
 *
 * - pageDocument: a page the bundle rendered (shared/page-render.ts) in its template: the <head>
 *   (title, description, canonical and Open Graph tags, React's resource hints, the chunk's
 *   stylesheets) and #root, with a React page's data as JSON for its hydration. The public origin
 *   is SITE_URL_TOKEN: the server fills in SITE_URL (./pages.ts).
 * - loadPageRenderer, at run time: the bundle and the kit, as one `render(path, data)`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANGUAGE_FONTS } from '../../../shared/language-fonts';
import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, type Language } from '../../../shared/languages';
import { OG_LOCALES } from '../../../shared/locale-paths';
import { type PageData, pageDataScript, type RenderedPage } from '../../../shared/page-render';
import { SITE_URL_TOKEN } from '../../../shared/site-url-token';
import type { PageKit } from './page-kit';

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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

/**
 * The preload of a page's main photo (an appeal's, an animal's, a hero staff chose): the first
 * `<picture>` whose `<img>` has `fetchpriority="high"` (client/components/ResponsiveImage.tsx with
 * `fetchPriority="high"`), as its first `<source>` (AVIF) names it: the same srcset and sizes, so
 * the browser asks for the very file the `<picture>` will take, at the phone's width, from the
 * document's first bytes (the `<head>`), not once the parser reaches the photo below the header and
 * the title. Nothing for a page without one. Any page rendered here gets it by marking its photo.
 */
export function mainPhotoPreload(html: string): string | undefined {
  for (const [picture] of html.matchAll(/<picture\b[^>]*>[\s\S]*?<\/picture>/g)) {
    // React writes the attributes in its own case (`fetchPriority`, `srcSet`): HTML's are not case-sensitive.
    if (!/<img\b[^>]*\bfetchpriority="high"/i.test(picture)) continue;
    const source = picture.match(/<source\b[^>]*>/)?.[0];
    const attribute = (name: string) => source?.match(new RegExp(`\\b${name}="([^"]*)"`, 'i'))?.[1];
    const type = attribute('type');
    const srcset = attribute('srcset');
    if (!type || !srcset) return undefined;
    const sizes = attribute('sizes');
    return (
      `<link rel="preload" as="image" type="${type}" imagesrcset="${srcset}"` +
      `${sizes ? ` imagesizes="${sizes}"` : ''} fetchpriority="high" />`
    );
  }
  return undefined;
}

/** A rendered page as a whole document, SITE_URL_TOKEN where the public origin belongs. */
export function pageDocument(kit: PageKit, page: RenderedPage): string {
  // React puts resource hints (image preloads) first in its output; they belong in <head>, and
  // left inside #root they would make hydration fail.
  const hints = page.html.match(/^(?:<link [^>]*\/>)*/)?.[0] ?? '';
  const html = page.html.slice(hints.length);
  const stylesheets = page.chunk === null ? [] : stylesheetTags(kit, kit.chunkStylesheets[page.chunk] ?? []);
  const head = [mainPhotoPreload(html), ...headTags(page), hints, ...stylesheets].filter(Boolean).join('\n    ');
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
