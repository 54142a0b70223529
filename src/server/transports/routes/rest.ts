import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { DomainError } from '../../platform/core/domain-error';
import { sendDatabaseUnavailable } from '../../platform/db/database-unavailable';
import { fieldIssues } from '../../platform/http/field-issues';
import { BudgetExceededError } from '../../platform/security/donation-budget';
import { createContextInner, type ProcedureDependencies } from '../trpc/context';
import { createCaller } from '../trpc/router';

/** The largest application body read: a few times the largest one the forms allow (Tamil, 3 bytes a letter). */
export const APPLICATION_BODY_LIMIT_BYTES = 128 * 1024;

/**
 * The documented REST paths for third-party callers. Each calls the same procedure as the website
 * through a tRPC caller (so validation and logic are the procedure's) and answers the same JSON;
 * this file only maps tRPC errors to HTTP statuses and bodies.
 */
export async function restRoutes(
  app: FastifyInstance,
  { procedures, rateLimitPerMinute }: { procedures: ProcedureDependencies; rateLimitPerMinute: number },
): Promise<void> {
  // The creates draw from the donation budget shared with /trpc (in the procedures); verify has its own.
  const verifyConfig = { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } };

  type Caller = ReturnType<typeof createCaller>;
  const answer = async (request: FastifyRequest, reply: FastifyReply, call: (caller: Caller) => Promise<unknown>) => {
    try {
      return await call(createCaller(createContextInner(procedures, request)));
    } catch (error) {
      return sendProcedureError(app, reply, error);
    }
  };

  app.post('/api/donations', (request, reply) =>
    answer(request, reply, (caller) => caller.donation.create(request.body as never)),
  );
  app.post('/api/subscriptions', (request, reply) =>
    answer(request, reply, (caller) => caller.subscription.create(request.body as never)),
  );
  app.post('/api/verify-payment', { config: verifyConfig }, (request, reply) =>
    answer(request, reply, (caller) => caller.payment.verify(request.body as never)),
  );
  // The application forms' own limits are spent in the procedure (animals/applications/application-guard.ts).
  // Its body may be larger than the app's limit, so an overlong answer (pasted pages) is refused by
  // its field's rule, named in a 400, not by the size of the whole body; beyond this, 413.
  app.post('/api/applications', { bodyLimit: APPLICATION_BODY_LIMIT_BYTES }, (request, reply) =>
    answer(request, reply, (caller) => caller.applications.submit(request.body as never)),
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
  if (error.cause instanceof DomainError && error.cause.issues) {
    return reply.code(status).send({ message: error.message, issues: error.cause.issues });
  }
  if (error.cause instanceof BudgetExceededError) reply.header('retry-after', String(error.cause.retryAfterSeconds));
  return reply.code(status).send({ message: error.message });
}
