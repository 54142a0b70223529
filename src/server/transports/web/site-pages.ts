// Over 250 lines on purpose: one class, the rendered pages' cycle (load the bundle, render every page
// with the published data, check for changes every 15 s, swap them in at once); its parts share its state.
import { dirname, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { PublicAppealCard } from '../../../shared/appeals.schema';
import { DEFAULT_CONTENT } from '../../../shared/default-content';
import type { ImageRecord } from '../../../shared/images';
import { withImpactCounts } from '../../../shared/impact-counts';
import { indiaDate } from '../../../shared/india-time';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/languages';
import { localizedPath, splitLanguage } from '../../../shared/locale-paths';
import type { PageData } from '../../../shared/page-render';
import type { PolicyTrustDetails } from '../../../shared/policy-pages';
import { type EditableContent, pageContentOf, withTrustName } from '../../../shared/site-content';
import { resolveSiteContentIn } from '../../../shared/site-content-languages';
import { SITE_URL_TOKEN } from '../../../shared/site-url-token';
import { taxLawOn } from '../../../shared/tax-law';
import { countImpactFigures } from '../../animals/records/impact-counts';
import { openAppealsInEveryLanguage } from '../../gifts/appeals/public-appeals';
import { getTrustDetails } from '../../gifts/receipts/trust-details';
import type { Orm } from '../../platform/db/orm';
import { contentImages, publishedContent, publishedVersionId } from '../../platform/site-content/site-content-versions';
import { loadPageRenderer, type PageRenderer } from './page-documents';
import { type PrerenderedPage, preparePage } from './pages';

/**
 * What the pages are rendered from: the version, the law in force and the year (the footer's) on
 * the day, the photos as the Photos library describes them.
 */
const keyOf = (version: number | null, day: string, images: readonly ImageRecord[]) =>
  JSON.stringify([version, day, images.map(({ id, hash, alt }) => [id, hash, alt])]);

/** What of the day the pages show: the law in force, and the year in India (the footer's copyright). */
const dayKey = (at: Date) => `${taxLawOn(at).from} ${indiaDate(at).year}`;

/** What the pages show of the open appeals, in every language: a change renders them again. */
const openAppealsKey = (byLanguage: Record<Language, readonly PublicAppealCard[]>) =>
  JSON.stringify(
    LANGUAGES.flatMap((language) => byLanguage[language]).map((a) => [
      a.id,
      a.slug,
      a.title,
      a.summary,
      a.photo?.hash,
      a.photo?.alt,
      a.raised,
      a.goal,
      a.donors,
      a.daysLeft,
    ]),
  );

/** How often each instance asks which version of the site's content is published: pages follow within this. */
export const CONTENT_CHECK_INTERVAL_MS = 15_000;

/** What a staff procedure may ask of the pages: follow a publication at once, render a draft. */
export interface SitePagesHandle {
  /** Renders the pages again if the published version, the law in force, the year or the trust's details changed. */
  refresh(): Promise<void>;
  /** A page as it would be with this content: a whole document, SITE_URL filled in, no scripts. */
  preview(path: string, content: EditableContent): Promise<string>;
}

export interface SitePagesOptions {
  renderer: PageRenderer;
  orm: Orm;
  /** The public origin, filled in where the pages name it. */
  siteUrl: string;
  log: FastifyBaseLogger;
  checkIntervalMs?: number;
  now?: () => Date;
}

/**
 * The site's pages (`/`, the React pages, the 404 page), rendered by the server from the build's
 * page bundle with the published site content, and rendered again when that changes: one indexed
 * read of the published version's id every CONTENT_CHECK_INTERVAL_MS (and at once after a
 * publication on this instance), so every instance on the database follows within that, with no
 * build and no restart. The tax law's texts and the footer's year follow the day too (both are part
 * of the version's key), and the trust's name follows Trust details (read at each check).
 *
 * Each page is held ready to send, as the build's were: SITE_URL filled in, brotli and gzip, an
 * ETag that is the hash of its bytes (so a changed page has a new one). The pages are swapped all
 * at once when all are ready; until then, and if a render fails, the previous ones are served.
 */
export class SitePages implements SitePagesHandle {
  private pages = new Map<string, PrerenderedPage>();
  private key: string | undefined;
  /**
   * What the open appeals' list, the trust's details (the policy pages') and the counted impact
   * figures (animals/records/impact-counts.ts) were when the pages were rendered.
   */
  private appealsKey: string | undefined;
  /** The published version the pages show (null: the defaults), and its content. */
  private version: number | null = null;
  private content: EditableContent | undefined;
  /** What the pages were last rendered with: pages rendered on demand (appeals) use it too. */
  private data: PageData | undefined;
  /** The same in each language (its content in that language): a page rendered on demand in one uses its own. */
  private dataIn = new Map<Language, PageData>();
  private queue: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private lastError: string | undefined;
  private readonly now: () => Date;
  /** The trust's details the policy pages name (gifts/receipts/trust-details.ts), as last read; the defaults before. */
  private trust: PolicyTrustDetails | undefined;

  private constructor(private readonly options: SitePagesOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** The pages rendered with the published content, then checked every interval; undefined without a built page bundle. */
  static async start(
    options: Omit<SitePagesOptions, 'renderer'> & { clientDir: string; prerenderDir?: string },
  ): Promise<SitePages | undefined> {
    const renderer = await loadPageRenderer(options.prerenderDir ?? join(dirname(options.clientDir), 'prerender'));
    if (!renderer) return undefined;
    const pages = new SitePages({ ...options, renderer });
    await pages.refresh();
    // The published version could not be read or rendered: the defaults meanwhile (a broken build
    // throws here), and the next check tries the published version again.
    if (!pages.key) await pages.render(null, DEFAULT_CONTENT, pages.now(), []);
    pages.timer = setInterval(() => void pages.refresh(), options.checkIntervalMs ?? CONTENT_CHECK_INTERVAL_MS);
    pages.timer.unref();
    return pages;
  }

  /**
   * The paths served as pages, at their addresses: the home page and the React pages in English,
   * and each page Tamil and Hindi have at `/ta/…`, `/hi/…` (shared/locale-paths.ts).
   */
  get paths(): readonly string[] {
    const { languagePaths } = this.options.renderer;
    return LANGUAGES.flatMap((language) => languagePaths[language].map((path) => localizedPath(language, path)));
  }

  /** A page ready to send, or undefined for a path that is not one of `paths`. */
  page(path: string): PrerenderedPage | undefined {
    return this.pages.get(path);
  }

  /** The 404 page, in the language of the address asked for (`/ta/…`: Tamil), English without one. */
  notFoundPage(requestedPath = '/'): PrerenderedPage {
    const { language } = splitLanguage(requestedPath);
    const { notFoundPath } = this.options.renderer;
    const page = this.pages.get(localizedPath(language, notFoundPath)) ?? this.pages.get(notFoundPath);
    if (!page) throw new Error('the 404 page has not been rendered');
    return page;
  }

  /** Checks, in turn with any check in progress, and renders again if the content or the law changed. */
  refresh(): Promise<void> {
    this.queue = this.queue.then(() =>
      this.renderIfChanged().catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        // Once per kind of failure, not every few seconds while the database is away.
        if (message !== this.lastError)
          this.options.log.warn({ err: error }, "the site's pages were not rendered again");
        this.lastError = message;
      }),
    );
    return this.queue;
  }

  /**
   * The page as it would be with this content, without its scripts (a preview is looked at, in the
   * console's sandboxed frame: the page's markup and CSS are all of it before any script runs).
   */
  async preview(path: string, content: EditableContent): Promise<string> {
    const em = this.options.orm.em.fork();
    const images = await contentImages(em, content);
    const counts = await countImpactFigures(em, content.impact.figures);
    // `/ta/`: the English page's path rendered in Tamil, with the Tamil texts, as render() does.
    const { language, path: page } = splitLanguage(path);
    const { html } = await this.options.renderer.render(
      page,
      this.dataFor(content, this.now(), images, language, counts),
    );
    return (
      html
        .replaceAll(SITE_URL_TOKEN, this.options.siteUrl)
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, '')
        .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
        // The frame's origin is opaque: a CORS request for a stylesheet would be refused.
        .replace(/(<link rel="stylesheet") crossorigin/g, '$1')
    );
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** The content the pages show now (undefined before the first render). */
  get pageContent(): PageData['content'] | undefined {
    return this.data?.content;
  }

  /**
   * A page rendered now in the site's layout with the published content and its own data (an
   * appeal's page: server/transports/web/appeal-pages.ts), ready to send; undefined before the first render.
   */
  async renderOnDemand(
    path: string,
    extra: Omit<PageData, 'content'>,
  ): Promise<{ status: number; page: PrerenderedPage } | undefined> {
    if (!this.data) return undefined;
    const { status, html } = await this.options.renderer.render(path, {
      ...((extra.language && this.dataIn.get(extra.language)) || this.data),
      openAppeals: undefined,
      ...extra,
    });
    return { status, page: await preparePage(html, this.options.siteUrl) };
  }

  /**
   * What a language's pages are rendered with: the content in that language (its texts where
   * written, else the English ones: shared/site-content-languages.ts), and the language itself
   * but for English, whose data is as it always was (so its pages are the same bytes).
   */
  private dataFor(
    content: EditableContent,
    at: Date,
    images: readonly ImageRecord[],
    language: Language = DEFAULT_LANGUAGE,
    counts: readonly (number | null)[] = [],
  ): PageData {
    const inLanguage = pageContentOf(resolveSiteContentIn(content, at, images, language));
    // A figure staff chose to count from the records shows its count and the day it counts from.
    const resolved = {
      ...inLanguage,
      impact: { ...inLanguage.impact, figures: withImpactCounts(inLanguage.impact.figures, counts) },
    };
    const data: PageData = {
      // The trust's name as an admin saved it under Trust details (the defaults' until then).
      content: this.trust ? withTrustName(resolved, this.trust.name) : resolved,
      ...(this.trust && { trust: this.trust }),
    };
    return language === DEFAULT_LANGUAGE ? data : { ...data, language };
  }

  private async renderIfChanged(): Promise<void> {
    const at = this.now();
    const day = dayKey(at);
    const em = this.options.orm.em.fork();
    const versionId = await publishedVersionId(em);
    // A published photo's description can change on the Photos page: its photos are part of the key.
    const images = this.version === versionId && this.content ? await contentImages(em, this.content) : undefined;
    // The open appeals' list and figures (home, /donate): their totals are at most half a minute old.
    const appeals = await openAppealsInEveryLanguage(em, at);
    // The trust's details an admin saves: its name on every page (header, footer, checkout), its
    // address and PAN on the policy pages.
    const { name, address, pan, registration80g } = await getTrustDetails(em);
    const trust = { name, address, pan, registration80g };
    // The counted impact figures of the content shown now: a count that moved renders the pages again.
    const counts = this.content ? await countImpactFigures(em, this.content.impact.figures) : [];
    const appealsKey = `${openAppealsKey(appeals)}${JSON.stringify(trust)}${JSON.stringify(counts)}`;
    if (images && this.key === keyOf(versionId, day, images) && this.appealsKey === appealsKey) return;
    this.trust = trust;
    const { id, content } = await publishedContent(em);
    const shown = await contentImages(em, content);
    const newCounts = await countImpactFigures(em, content.impact.figures);
    await this.render(id, content, at, shown, appeals, newCounts);
    this.key = keyOf(id, day, shown);
    this.appealsKey = `${openAppealsKey(appeals)}${JSON.stringify(trust)}${JSON.stringify(newCounts)}`;
    this.lastError = undefined;
    this.options.log.info({ version: id, day }, "the site's pages were rendered with the published content");
  }

  /** Every page with this content, swapped in at once when all are ready. */
  private async render(
    id: number | null,
    content: EditableContent,
    at: Date,
    images: readonly ImageRecord[],
    appeals: Partial<Record<Language, PublicAppealCard[]>> = {},
    counts: readonly (number | null)[] = [],
  ): Promise<void> {
    const { renderer, siteUrl } = this.options;
    const data = {
      ...this.dataFor(content, at, images, DEFAULT_LANGUAGE, counts),
      openAppeals: appeals[DEFAULT_LANGUAGE] ?? [],
    };
    const rendered = new Map<string, PrerenderedPage>();
    const dataIn = new Map<Language, PageData>();
    for (const language of LANGUAGES) {
      // Each language's pages: its own content (English where a text is not written) and the open
      // appeals with their texts in it.
      const languageData: PageData =
        language === DEFAULT_LANGUAGE
          ? data
          : { ...this.dataFor(content, at, images, language, counts), openAppeals: appeals[language] ?? [] };
      dataIn.set(language, languageData);
      for (const path of [...renderer.languagePaths[language], renderer.notFoundPath]) {
        const { html } = await renderer.render(path, languageData);
        rendered.set(localizedPath(language, path), await preparePage(html, siteUrl));
      }
    }
    this.pages = rendered;
    this.data = data;
    this.dataIn = dataIn;
    this.version = id;
    this.content = content;
  }
}
