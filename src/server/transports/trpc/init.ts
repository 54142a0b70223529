import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError } from 'zod';
import { DomainError } from '../../platform/core/domain-error';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../platform/db/database-unavailable';
import { isUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../../platform/db/unstorable-text';
import { fieldIssues } from '../../platform/http/field-issues';
import type { ProcedureContext } from './context';

const t = initTRPC
  .context<ProcedureContext>()
  .meta<OpenApiMeta>()
  .create({
    // Never send stack traces, even in development: the REST callers see the same errors.
    isDev: false,
    errorFormatter({ shape, error }) {
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      return {
        ...shape,
        message: internal ? 'Internal server error' : shape.message,
        data: {
          ...shape.data,
          issues:
            error.cause instanceof ZodError
              ? fieldIssues(error.cause)
              : error.cause instanceof DomainError
                ? error.cause.issues
                : undefined,
        },
      };
    },
  });

/**
 * Counts the call as in flight (shutdown waits for it), gives it its own entity manager (forked
 * here and nowhere else, so no call sees another's unit of work) and turns the domain's refusals
 * an unreachable database and unstorable text into the matching tRPC codes, and so HTTP statuses.
 */
const procedureBoundary = t.middleware(async ({ ctx, next }) => {
  const call = () => next({ ctx: { em: ctx.orm.em.fork() } });
  const result = await (ctx.inFlight ? ctx.inFlight.run(call) : call());
  // First what PostgreSQL refused to store (its transaction may then read as an outage), then an outage:
  if (!result.ok && isUnstorableText(result.error)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: UNSTORABLE_TEXT_MESSAGE, cause: result.error.cause });
  }
  // a donation that failed because its row could not be written is the database's outage,
  // not the provider's (whose failures carry no connection error and stay a 502).
  if (!result.ok && isDatabaseUnavailable(result.error)) {
    throw new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: DATABASE_UNAVAILABLE_MESSAGE,
      cause: result.error.cause,
    });
  }
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: cause.kind, message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(procedureBoundary);
export const createCallerFactory = t.createCallerFactory;
