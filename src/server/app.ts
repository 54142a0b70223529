import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Orm } from './db/orm';
import { healthRoutes } from './health/health.routes';

export interface AppDependencies {
  config: Config;
  orm: Orm;
  logger?: FastifyBaseLogger;
  /** The built client (`dist/client`); tests of the API leave it out. */
  clientDir?: string;
}

/** Builds the whole server without listening, so tests can `inject()` requests into it. */
export async function buildApp({ config, orm, logger, clientDir }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: config.env === 'production',
    bodyLimit: 16 * 1024,
  });

  // A 5xx never shows a stack trace, SQL or library message to the caller; the log has it.
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(statusCode).send({ message: 'Internal server error' });
    }
    return reply.code(statusCode).send({ message: error.message });
  });

  await app.register(healthRoutes, { orm });

  const hasClient = Boolean(clientDir && existsSync(join(clientDir, 'index.html')));
  const notFoundPage = clientDir && existsSync(join(clientDir, '404.html')) ? clientDir : undefined;
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

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|trpc)\//.test(request.url);
    if (isPage && notFoundPage) return reply.code(404).type('text/html').sendFile('404.html', notFoundPage);
    return reply.code(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });

  return app;
}
