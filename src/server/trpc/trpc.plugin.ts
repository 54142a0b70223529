import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from '../payments/payments';
import { staffCallOf } from '../staff/staff-call';
import type { SubscriptionCanceller } from '../staff/subscriptions';
import { createContextInner } from './init';
import { type AppRouter, appRouter } from './router';

/** The typed procedures at /trpc, for the website and for developers using the tRPC client. */
export async function trpcPlugin(
  app: FastifyInstance,
  {
    payments,
    rateLimitPerMinute,
    staff,
  }: {
    payments: PaymentsContext;
    rateLimitPerMinute: number;
    staff: { siteUrl: string; subscriptions: SubscriptionCanceller };
  },
): Promise<void> {
  app.addHook('onRequest', app.rateLimit({ max: rateLimitPerMinute, timeWindow: '1 minute' }));
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      // One HTTP request, one call: a batch would let one rate-limited request create many donations.
      allowBatching: false,
      // The console sends its queries as POST so a donor's name searched for never reaches a logged URL.
      allowMethodOverride: true,
      createContext: ({ req }) => createContextInner(payments, staffCallOf(req, staff)),
      onError({ error, path, ctx: _ctx }) {
        if (error.code === 'INTERNAL_SERVER_ERROR' || error.code === 'BAD_GATEWAY') {
          app.log.error({ err: error.cause ?? error, path }, 'procedure failed');
        }
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
