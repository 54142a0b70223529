import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { isDatabaseUnavailable, sendDatabaseUnavailable } from './db/database-unavailable';
import type { Orm } from './db/orm';
import { healthRoutes } from './health/health.routes';
import type { Payments } from './payments/payments';
import { sandboxRoutes } from './payments/sandbox/sandbox.routes';
import { openApiRoutes } from './rest/openapi.routes';
import { restRoutes } from './rest/rest.routes';
import { securityPlugin } from './security/security.plugin';
import { trpcPlugin } from './trpc/trpc.plugin';
import { webPlugin } from './web/web.plugin';
import { webhookRoutes } from './webhooks/webhook.routes';

/** Bodies of the donation calls are a few hundred bytes; anything near this is not a donation. */
export const BODY_LIMIT_BYTES = 16 * 1024;

export interface AppDependencies {
  config: Config;
  orm: Orm;
  payments: Payments;
  logger?: FastifyBaseLogger;
  /** The built client (`dist/client`); tests of the API leave it out. */
  clientDir?: string;
}

/** Builds the whole server without listening, so tests can `inject()` requests into it. */
export async function buildApp({
  config,
  orm,
  payments,
  logger,
  clientDir,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
  });

  // A 5xx never shows a stack trace, SQL or library message to the caller; the log has it.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendDatabaseUnavailable(reply);
    }
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(statusCode).send({ message: 'Internal server error' });
    }
    return reply.code(statusCode).send(clientErrorBody(error));
  });

  const { rateLimitPerMinute } = config;
  await app.register(securityPlugin, { provider: payments.provider, clientDir });
  await app.register(healthRoutes, { orm });
  await app.register(trpcPlugin, { payments, rateLimitPerMinute });
  await app.register(restRoutes, { payments, rateLimitPerMinute });
  await app.register(openApiRoutes, { siteUrl: config.siteUrl });
  await app.register(webhookRoutes, { orm, secret: payments.webhookSecret });
  if (payments.emulator) {
    // Development-only controls (charge the next month, refund) never exist in production.
    const devControls = config.env !== 'production';
    await app.register(sandboxRoutes, { emulator: payments.emulator, devControls });
  }

  await app.register(webPlugin, { clientDir, siteUrl: config.siteUrl });

  return app;
}

/** Fastify's own 4xx (body parsing, size, rate limit) in the same shape as the procedures' errors. */
function clientErrorBody(error: FastifyError) {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { message: 'The body is not valid JSON', issues: [{ path: '', message: error.message }] };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { message: 'The body is empty', issues: [{ path: '', message: 'Send a JSON object' }] };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { message: `The body is larger than ${BODY_LIMIT_BYTES / 1024} KB` };
    default:
      return { message: error.message };
  }
}
