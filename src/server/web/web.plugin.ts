import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The built website: files from `dist/client`, and the 404 page (status 404) for any other page
 * path. API paths that match nothing answer JSON instead.
 */
export async function webPlugin(app: FastifyInstance, { clientDir }: { clientDir?: string }): Promise<void> {
  const hasClient = Boolean(clientDir && existsSync(join(clientDir, 'index.html')));
  if (clientDir && hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      preCompressed: true,
      // Vite fingerprints everything under /assets: cache it for a year. HTML must revalidate.
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }

  const notFoundPage = clientDir && existsSync(join(clientDir, '404.html')) ? clientDir : undefined;
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|trpc|sandbox)\//.test(request.url);
    if (isPage && notFoundPage) return reply.code(404).type('text/html').sendFile('404.html', notFoundPage);
    return reply.code(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
