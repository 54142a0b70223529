import { type FastifyTRPCPluginOptions, fastifyRequestHandler, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RETRY_AFTER_SECONDS } from '../../platform/db/database-unavailable';
import { BudgetExceededError } from '../../platform/security/donation-budget';
import { createContext, type ProcedureDependencies } from './context';
import { createCallRoutes } from './create-calls';
import { type AppRouter, appRouter } from './router';

/** These draw from the donation budget shared with the REST paths, not from the limiter below. */
const CREATE_PROCEDURES = new Set(['donation.create', 'subscription.create']);

/**
 * The one input larger than the app's body limit: the site's content with its Tamil and Hindi texts
 * (the defaults alone are some 24 KB of UTF-8, every Tamil or Devanagari letter 3 bytes; the schema
 * allows far more). Its procedure, and only it, reads up to this; every other one keeps the app's limit.
 */
export const SITE_CONTENT_BODY_LIMIT_BYTES = 256 * 1024;
const SAVE_SITE_CONTENT = 'staff.siteContent.saveDraft';
/**
 * An animal's record with its story in three languages (10,000 characters each, Tamil and Hindi
 * letters 3 bytes each) passes the app's limit too; this leaves room for a hostile 100 KB field to
 * reach the schema, which names it in a 400.
 */
export const ANIMAL_RECORD_BODY_LIMIT_BYTES = 128 * 1024;
const LARGE_INPUTS: Record<string, number> = {
  [SAVE_SITE_CONTENT]: SITE_CONTENT_BODY_LIMIT_BYTES,
  'staff.animals.create': ANIMAL_RECORD_BODY_LIMIT_BYTES,
  'staff.animals.edit': ANIMAL_RECORD_BODY_LIMIT_BYTES,
};

/** How many times the per-client limit the console's procedures (`staff.*`) may be called. */
const STAFF_CALLS_PER_CLIENT_LIMIT = 10;
const isStaffPath = (path: string) => path.startsWith('staff.');

/** The typed procedures at /trpc, for the website and for developers using the tRPC client. */
export async function trpcPlugin(
  app: FastifyInstance,
  { procedures, rateLimitPerMinute }: { procedures: ProcedureDependencies; rateLimitPerMinute: number },
): Promise<void> {
  // The procedure's path: the plugin's route has it as a parameter, the procedures' own routes in their URL.
  const pathOf = (request: FastifyRequest) =>
    (request.params as { path?: string }).path ?? request.routeOptions.url?.slice('/trpc/'.length) ?? '';
  app.addHook(
    'onRequest',
    app.rateLimit({
      // The console's calls count apart from the donors' (an office behind one address clicking
      // through its pages must not make a donor's verify answer 429), and ten times as many.
      keyGenerator: (request) => (isStaffPath(pathOf(request)) ? `staff:${request.ip}` : request.ip),
      max: (request) => (isStaffPath(pathOf(request)) ? STAFF_CALLS_PER_CLIENT_LIMIT : 1) * rateLimitPerMinute,
      timeWindow: '1 minute',
      allowList: (request) => CREATE_PROCEDURES.has(pathOf(request)),
    }),
  );
  const trpcOptions = {
    router: appRouter,
    // One HTTP request, one call: a batch would let one rate-limited request create many donations.
    allowBatching: false,
    // The console sends its queries as POST so a donor's name searched for never reaches a logged URL.
    allowMethodOverride: true,
    createContext: createContext(procedures),
    // 429 over a donation budget, 503 while the database is unreachable: both say when to come back.
    responseMeta({ errors }) {
      const spent = errors.find((error) => error.cause instanceof BudgetExceededError)?.cause;
      if (spent instanceof BudgetExceededError) return { headers: { 'retry-after': String(spent.retryAfterSeconds) } };
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
  } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'];
  await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions });
  // The creates' plain calls without the adapter's fetch-API round trip (create-calls.ts).
  await app.register(createCallRoutes, { paths: [...CREATE_PROCEDURES], trpcOptions });
  // Their own routes (a static path wins over /trpc/:path), with their own limits and the same JSON reading as the plugin's.
  await app.register(async (large) => {
    large.removeContentTypeParser('application/json');
    large.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    for (const [path, bodyLimit] of Object.entries(LARGE_INPUTS)) {
      large.post(`/trpc/${path}`, { bodyLimit }, async (req, res) => {
        await fastifyRequestHandler({ ...trpcOptions, req, res, path });
      });
    }
  });
}
