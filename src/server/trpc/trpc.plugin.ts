import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { RETRY_AFTER_SECONDS } from '../db/database-unavailable';
import { BudgetExceededError } from '../security/donation-budget';
import { createContext, type ProcedureDependencies } from './context';
import { type AppRouter, appRouter } from './router';

/** These draw from the donation budget shared with the REST paths, not from the limiter below. */
const CREATE_PROCEDURES = new Set(['donation.create', 'subscription.create']);

/** The typed procedures at /trpc, for the website and for developers using the tRPC client. */
export async function trpcPlugin(
  app: FastifyInstance,
  { procedures, rateLimitPerMinute }: { procedures: ProcedureDependencies; rateLimitPerMinute: number },
): Promise<void> {
  app.addHook(
    'onRequest',
    app.rateLimit({
      max: rateLimitPerMinute,
      timeWindow: '1 minute',
      allowList: (request) => CREATE_PROCEDURES.has((request.params as { path?: string }).path ?? ''),
    }),
  );
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      // One HTTP request, one call: a batch would let one rate-limited request create many donations.
      allowBatching: false,
      // The console sends its queries as POST so a donor's name searched for never reaches a logged URL.
      allowMethodOverride: true,
      createContext: createContext(procedures),
      // 429 over a donation budget, 503 while the database is unreachable: both say when to come back.
      responseMeta({ errors }) {
        const spent = errors.find((error) => error.cause instanceof BudgetExceededError)?.cause;
        if (spent instanceof BudgetExceededError)
          return { headers: { 'retry-after': String(spent.retryAfterSeconds) } };
        return errors.some((error) => error.code === 'SERVICE_UNAVAILABLE')
          ? { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } }
          : {};
      },
      onError({ error, path, ctx }) {
        const log = ctx?.request?.log ?? app.log;
        if (error.code === 'SERVICE_UNAVAILABLE') log.warn({ err: error.cause ?? error, path }, 'database unavailable');
        else if (error.code === 'INTERNAL_SERVER_ERROR' || error.code === 'BAD_GATEWAY') {
          log.error({ err: error.cause ?? error, path }, 'procedure failed');
        }
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
