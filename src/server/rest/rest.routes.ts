import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { sendDatabaseUnavailable } from '../db/database-unavailable';
import type { PaymentsContext } from '../payments/payments';
import { createContextInner, fieldIssues } from '../trpc/init';
import { createCaller } from '../trpc/router';

/**
 * The documented REST paths for third-party callers. Each calls the same procedure as the website
 * through a tRPC caller (so validation and logic are the procedure's) and answers the same JSON;
 * this file only maps tRPC errors to HTTP statuses and bodies.
 */
export async function restRoutes(
  app: FastifyInstance,
  { payments, rateLimitPerMinute }: { payments: PaymentsContext; rateLimitPerMinute: number },
): Promise<void> {
  const caller = createCaller(createContextInner(payments));
  const config = { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } };

  const answer = async (reply: FastifyReply, call: () => Promise<unknown>) => {
    try {
      return await call();
    } catch (error) {
      return sendProcedureError(app, reply, error);
    }
  };

  app.post('/api/donations', { config }, (request, reply) =>
    answer(reply, () => caller.donation.create(request.body as never)),
  );
  app.post('/api/subscriptions', { config }, (request, reply) =>
    answer(reply, () => caller.subscription.create(request.body as never)),
  );
  app.post('/api/verify-payment', { config }, (request, reply) =>
    answer(reply, () => caller.payment.verify(request.body as never)),
  );
}

function sendProcedureError(app: FastifyInstance, reply: FastifyReply, error: unknown) {
  if (!(error instanceof TRPCError)) throw error;
  if (error.code === 'SERVICE_UNAVAILABLE') {
    app.log.warn({ err: error.cause ?? error }, 'database unavailable');
    return sendDatabaseUnavailable(reply);
  }
  const status = getHTTPStatusCodeFromError(error);
  if (status >= 500) {
    app.log.error({ err: error.cause ?? error }, 'REST call failed');
    const message = status === 502 ? error.message : 'Internal server error';
    return reply.code(status).send({ message });
  }
  if (error.cause instanceof ZodError) {
    return reply.code(400).send({ message: 'Invalid input', issues: fieldIssues(error.cause) });
  }
  return reply.code(status).send({ message: error.message });
}
