import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Orm } from './db/orm';
import { healthRoutes } from './health/health.routes';
import { webPlugin } from './web/web.plugin';

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

  await app.register(webPlugin, { clientDir });

  return app;
}
