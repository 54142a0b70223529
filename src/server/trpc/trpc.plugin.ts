import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from '../payments/payments';
import { BudgetExceededError, type DonationBudget } from '../security/donation-budget';
import { createContextInner } from './init';
import { type AppRouter, appRouter } from './router';

/** These draw from the donation budget shared with the REST paths, not from the limiter below. */
const CREATE_PROCEDURES = new Set(['donation.create', 'subscription.create']);

/** The typed procedures at /trpc, for the website and for developers using the tRPC client. */
export async function trpcPlugin(
  app: FastifyInstance,
  {
    payments,
    rateLimitPerMinute,
    budget,
  }: { payments: PaymentsContext; rateLimitPerMinute: number; budget: DonationBudget },
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
      createContext: ({ req }) => ({
        ...createContextInner(payments),
        client: { ip: req.ip, budget, log: req.log },
      }),
      responseMeta({ errors }) {
        const spent = errors.find((error) => error.cause instanceof BudgetExceededError)?.cause;
        return spent instanceof BudgetExceededError
          ? { headers: { 'retry-after': String(spent.retryAfterSeconds) } }
          : {};
      },
      onError({ error, path, ctx: _ctx }) {
        if (error.code === 'INTERNAL_SERVER_ERROR' || error.code === 'BAD_GATEWAY') {
          app.log.error({ err: error.cause ?? error, path }, 'procedure failed');
        }
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
