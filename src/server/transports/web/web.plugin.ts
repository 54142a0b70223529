import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APPEAL_SLUG_PATTERN } from '../../../shared/appeals.schema';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../shared/languages';
import { localizedPath, splitLanguage } from '../../../shared/locale-paths';
import { withoutDocumentOnlyHeaders } from '../../platform/security/security-headers';
import type { AnimalPages } from './animal-pages';
import { animalRoutes } from './animal-routes';
import type { AppealPages } from './appeal-pages';
import { loadPrerenderedPage, type PrerenderedPage, sendPage } from './pages';
import type { SitePages } from './site-pages';

/** The pages a build prerenders (scripts/prerender.ts), served as files where the server renders none. */
const BUILT_PAGE_PATHS = ['/', '/donate', '/my-giving'];

export interface WebPluginOptions {
  /** The built client (`dist/client`). */
  clientDir?: string;
  /** The public origin (config.siteUrl) for canonical, Open Graph and share URLs in the pages. */
  siteUrl: string;
  /**
   * The pages rendered at run time with the published site content (./site-pages.ts); without
   * them (a build without the page bundle, tests of this plugin), the build's prerendered files.
   */
  sitePages?: SitePages;
  /** Appeals' pages and their Open Graph cards, rendered on demand (./appeal-pages.ts); with sitePages only. */
  appealPages?: AppealPages;
  /** `/adopt` and the animals' pages, rendered on demand (./animal-pages.ts); with sitePages only. */
  animalPages?: AnimalPages;
}

/**
 * The built website. `/`, `/donate`, `/my-giving` and the 404 page are held in memory with SITE_URL
 * filled in and compressed once: rendered by the server with the published site content (and again
 * when it changes), else as the build prerendered them. `/staff` and everything under it get the
 * console's empty shell (`noindex`); any other page path gets the 404 page with status 404.
 * Everything else comes from `dist/client` with its precompressed `.br`/`.gz` siblings. API paths
 * that match nothing answer JSON instead.
 */
export async function webPlugin(
  app: FastifyInstance,
  { clientDir, siteUrl, sitePages, appealPages, animalPages }: WebPluginOptions,
): Promise<void> {
  const hasClient = Boolean(clientDir && existsSync(join(clientDir, 'index.html')));
  const origin = siteUrl.replace(/\/+$/, '');
  /** The 404 page, in the language of the path asked for where the server renders the pages. */
  let notFoundPage: ((path?: string) => PrerenderedPage) | undefined;

  if (clientDir && hasClient) {
    const built = (file: string) =>
      existsSync(join(clientDir, file)) ? loadPrerenderedPage(join(clientDir, file), origin) : undefined;
    let pageAt: (path: string) => PrerenderedPage;
    if (sitePages) {
      const rendered = sitePages;
      pageAt = (path) => rendered.page(path) ?? rendered.notFoundPage();
      notFoundPage = (path) => rendered.notFoundPage(path);
    } else {
      const home = built('index.html') as PrerenderedPage;
      // Without a prerendered donate page (a plain `vite build`), the app shell renders it in the browser.
      const files = new Map(BUILT_PAGE_PATHS.map((path) => [path, built(`${path.slice(1)}.html`) ?? home]));
      files.set('/', home);
      pageAt = (path) => files.get(path) ?? home;
      const notFound = built('404.html');
      notFoundPage = notFound && (() => notFound);
    }
    const home = () => pageAt('/');

    // The staff console: the same shell for all its paths (the router picks the page), never indexed.
    const staffShell = built('staff.html') ?? home();
    const sendStaffShell = (request: FastifyRequest, reply: FastifyReply) => {
      if (request.url.startsWith('/staff/api/')) return reply.callNotFound();
      reply.header('x-robots-tag', 'noindex');
      return sendPage(request, reply, staffShell, 200);
    };
    app.get('/staff', sendStaffShell);
    app.get('/staff/*', sendStaffShell);

    // Each page looked up on each request: the rendered pages change when the published content does.
    for (const path of sitePages?.paths ?? BUILT_PAGE_PATHS) {
      // Donors' e-mails link to /my-giving (/ta/my-giving, /hi/my-giving in their language) with their
      // token in the query: logged at warn only, so it is never written.
      const options = splitLanguage(path).path === '/my-giving' ? { logLevel: 'warn' as const } : {};
      app.get(path, options, (request, reply) => sendPage(request, reply, pageAt(path), 200));
    }
    app.get('/donate/', (_request, reply) => reply.redirect('/donate', 301));
    // A language's home page is `/ta/`: `/ta` goes there (its links are relative to it).
    for (const language of LANGUAGES.filter((code) => code !== DEFAULT_LANGUAGE)) {
      app.get(`/${language}`, (_request, reply) => reply.redirect(localizedPath(language, '/'), 301));
    }

    // An appeal's page, its figures at most a minute old; a draft or an unknown slug is the 404 page.
    if (appealPages && notFoundPage) {
      const notFound = notFoundPage;
      const isSlug = (slug: string) => slug.length <= 80 && APPEAL_SLUG_PATTERN.test(slug);
      // In each language at its own address (`/ta/appeals/<slug>`); an unknown one is that language's 404 page.
      for (const language of LANGUAGES) {
        app.get<{ Params: { slug: string } }>(localizedPath(language, '/appeals/:slug'), async (request, reply) => {
          const { slug } = request.params;
          const page = isSlug(slug) ? await appealPages.page(slug, language) : null;
          return page
            ? sendPage(request, reply, page, 200)
            : sendPage(request, reply, notFound(localizedPath(language, '/')), 404);
        });
      }
      // The Open Graph card, at an address with its version: a year in caches; an older version
      // (the figures moved on) is sent on to the current one.
      app.get<{ Params: { slug: string; file: string } }>('/appeals/:slug/:file', async (request, reply) => {
        const { slug, file } = request.params;
        const version = file.match(/^card-([0-9a-f]{16})\.jpg$/)?.[1];
        const card = version && isSlug(slug) ? await appealPages.card(slug, version) : null;
        if (!card) return sendPage(request, reply, notFound(), 404);
        if (!card.jpeg) {
          return reply
            .header('cache-control', 'public, max-age=60')
            .redirect(`/appeals/${slug}/card-${card.version}.jpg`, 302);
        }
        withoutDocumentOnlyHeaders(reply);
        return reply
          .header('content-type', 'image/jpeg')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('etag', `"${card.version}"`)
          .send(card.jpeg);
      });
    }

    if (animalPages && notFoundPage) {
      const page = pageAt;
      animalRoutes(app, {
        animalPages,
        notFound: notFoundPage,
        adoptForm: (language) => page(localizedPath(language, '/apply/adopt')),
      });
    }

    await app.register(fastifyStatic, {
      root: clientDir,
      preCompressed: true,
      index: false,
      // The HTML files still hold the SITE_URL placeholder: they are only ever sent as pages above.
      allowedPath: (pathName) => !pathName.endsWith('.html'),
      // Vite fingerprints everything under /assets: cache it for a year. Other files must revalidate.
      // A file is no document: the page's CSP and the like stay on the pages.
      setHeaders: (reply, path) => {
        withoutDocumentOnlyHeaders(reply);
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|trpc|sandbox|staff\/api)(\/|$)/.test(request.url);
    if (isPage && notFoundPage) return sendPage(request, reply, notFoundPage(request.url.split('?')[0]), 404);
    return reply.code(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
