import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadPrerenderedPage, type PrerenderedPage, sendPage } from './pages';

export interface WebPluginOptions {
  /** The built client (`dist/client`). */
  clientDir?: string;
  /** The public origin (config.siteUrl) for canonical, Open Graph and share URLs in the pages. */
  siteUrl: string;
}

/**
 * The built website. `/`, `/donate` and `/my-giving` are prerendered pages held in memory with SITE_URL filled
 * in and compressed once; `/staff` and everything under it get the console's empty shell (`noindex`);
 * any other page path gets the 404 page with status 404. Everything else
 * comes from `dist/client` with its precompressed `.br`/`.gz` siblings. API paths that match
 * nothing answer JSON instead.
 */
export async function webPlugin(app: FastifyInstance, { clientDir, siteUrl }: WebPluginOptions): Promise<void> {
  const hasClient = Boolean(clientDir && existsSync(join(clientDir, 'index.html')));
  const origin = siteUrl.replace(/\/+$/, '');
  let notFoundPage: PrerenderedPage | undefined;

  if (clientDir && hasClient) {
    const home = loadPrerenderedPage(join(clientDir, 'index.html'), origin);
    // Without a prerendered donate page (a plain `vite build`), the app shell renders it in the browser.
    const donate = existsSync(join(clientDir, 'donate.html'))
      ? loadPrerenderedPage(join(clientDir, 'donate.html'), origin)
      : home;
    notFoundPage = existsSync(join(clientDir, '404.html'))
      ? loadPrerenderedPage(join(clientDir, '404.html'), origin)
      : undefined;

    // The staff console: the same shell for all its paths (the router picks the page), never indexed.
    const staffShell = existsSync(join(clientDir, 'staff.html'))
      ? loadPrerenderedPage(join(clientDir, 'staff.html'), origin)
      : home;
    const sendStaffShell = (request: FastifyRequest, reply: FastifyReply) => {
      if (request.url.startsWith('/staff/api/')) return reply.callNotFound();
      reply.header('x-robots-tag', 'noindex');
      return sendPage(request, reply, staffShell, 200);
    };
    app.get('/staff', sendStaffShell);
    app.get('/staff/*', sendStaffShell);

    app.get('/', (request, reply) => sendPage(request, reply, home, 200));
    app.get('/donate', (request, reply) => sendPage(request, reply, donate, 200));
    app.get('/donate/', (_request, reply) => reply.redirect('/donate', 301));
    // Donors' e-mails link here with their token in the query: logged at warn only, so it is never written.
    const myGiving = existsSync(join(clientDir, 'my-giving.html'))
      ? loadPrerenderedPage(join(clientDir, 'my-giving.html'), origin)
      : home;
    app.get('/my-giving', { logLevel: 'warn' }, (request, reply) => sendPage(request, reply, myGiving, 200));

    await app.register(fastifyStatic, {
      root: clientDir,
      preCompressed: true,
      index: false,
      // The HTML files still hold the SITE_URL placeholder: they are only ever sent as pages above.
      allowedPath: (pathName) => !pathName.endsWith('.html'),
      // Vite fingerprints everything under /assets: cache it for a year. Other files must revalidate.
      setHeaders: (reply, path) => {
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
    if (isPage && notFoundPage) return sendPage(request, reply, notFoundPage, 404);
    return reply.code(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
