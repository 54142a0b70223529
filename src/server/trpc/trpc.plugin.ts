import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { createContext, type ProcedureDependencies } from './context';
import { type AppRouter, appRouter } from './router';

/** The typed procedures at /trpc, for the website and for developers using the tRPC client. */
export async function trpcPlugin(
  app: FastifyInstance,
  { procedures, rateLimitPerMinute }: { procedures: ProcedureDependencies; rateLimitPerMinute: number },
): Promise<void> {
  app.addHook('onRequest', app.rateLimit({ max: rateLimitPerMinute, timeWindow: '1 minute' }));
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      // One HTTP request, one call: a batch would let one rate-limited request create many donations.
      allowBatching: false,
      createContext: createContext(procedures),
      onError({ error, path, ctx }) {
        if (error.code === 'INTERNAL_SERVER_ERROR' || error.code === 'BAD_GATEWAY') {
          (ctx?.request?.log ?? app.log).error({ err: error.cause ?? error, path }, 'procedure failed');
        }
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
