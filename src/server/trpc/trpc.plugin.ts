import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { RETRY_AFTER_SECONDS } from '../db/database-unavailable';
import type { PaymentsContext } from '../payments/payments';
import { createContextInner } from './init';
import { type AppRouter, appRouter } from './router';

/** The typed procedures at /trpc, for the website and for developers using the tRPC client. */
export async function trpcPlugin(
  app: FastifyInstance,
  { payments, rateLimitPerMinute }: { payments: PaymentsContext; rateLimitPerMinute: number },
): Promise<void> {
  app.addHook('onRequest', app.rateLimit({ max: rateLimitPerMinute, timeWindow: '1 minute' }));
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      // One HTTP request, one call: a batch would let one rate-limited request create many donations.
      allowBatching: false,
      createContext: () => createContextInner(payments),
      // An unreachable database answers 503 (set by the procedures' boundary) with Retry-After.
      responseMeta: ({ errors }) =>
        errors.some((error) => error.code === 'SERVICE_UNAVAILABLE')
          ? { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } }
          : {},
      onError({ error, path, ctx: _ctx }) {
        if (error.code === 'SERVICE_UNAVAILABLE')
          app.log.warn({ err: error.cause ?? error, path }, 'database unavailable');
        else if (error.code === 'INTERNAL_SERVER_ERROR' || error.code === 'BAD_GATEWAY') {
          app.log.error({ err: error.cause ?? error, path }, 'procedure failed');
        }
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
