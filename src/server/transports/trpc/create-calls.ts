import { type FastifyTRPCPluginOptions, fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode } from '@trpc/server/http';
import {
  type AnyProcedure,
  getErrorShape,
  getProcedureAtPath,
  getTRPCErrorFromUnknown,
  type TRPCError,
  transformTRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ProcedureContext } from './context';
import type { AppRouter } from './router';

type TrpcOptions = FastifyTRPCPluginOptions<AppRouter>['trpcOptions'];

/** The header tRPC's HTTP adapter sends with every answer. */
const VARY = 'trpc-accept, accept';

/**
 * The creates' own routes at /trpc (a static path wins over the plugin's /trpc/:path), for the
 * busiest calls the site makes: a plain call (a JSON body, no query) is run here and answered as
 * tRPC's HTTP adapter answers it (the same body, status and headers, the same onError and
 * responseMeta), without the adapter's fetch-API round trip, whose Request, streams and Response
 * cost a donor's create about a third of its CPU. Anything else (a batch, a query string, a body
 * that is not JSON or does not parse) goes to the adapter, which answers it as before.
 */
export async function createCallRoutes(
  app: FastifyInstance,
  { paths, trpcOptions }: { paths: string[]; trpcOptions: TrpcOptions },
): Promise<void> {
  const { router } = trpcOptions;
  const config = router._def._config;
  const createContext = trpcOptions.createContext as (opts: { req: FastifyRequest }) => ProcedureContext;

  // As the plugin reads JSON: the text as it came, parsed by tRPC (here: below).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  for (const path of paths) {
    const procedure = (await getProcedureAtPath(router, path)) as AnyProcedure | null;
    if (procedure?._def.type !== 'mutation') throw new Error(`${path} is not a mutation of the router`);

    app.post(`/trpc/${path}`, async (req, res) => {
      const input = plainCallInput(req);
      if (input === undefined) return fastifyRequestHandler({ ...trpcOptions, req, res, path });
      const ctx = createContext({ req });
      try {
        const data = await procedure({
          path,
          getRawInput: async () => input.value,
          ctx,
          type: 'mutation',
          signal: undefined,
          batchIndex: 0,
        });
        return send(res, { result: { data } }, ctx, []);
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        trpcOptions.onError?.({ error, path, input: input.value, ctx, type: 'mutation', req });
        const shape = getErrorShape({ config, ctx, error, input: input.value, path, type: 'mutation' });
        return send(res, { error: shape }, ctx, [error]);
      }
    });
  }

  /** The answer, as the adapter makes it for one call (initResponse, then the transformer's JSON). */
  function send(
    res: FastifyReply,
    json: Parameters<typeof getHTTPStatusCode>[0],
    ctx: ProcedureContext,
    errors: TRPCError[],
  ) {
    const meta = trpcOptions.responseMeta?.({
      ctx,
      // Only what this app's responseMeta reads; the adapter's other fields describe its parsing.
      info: undefined,
      paths: undefined,
      type: 'mutation',
      data: [json] as never,
      errors,
      eagerGeneration: false,
    });
    res.code(meta?.status ?? getHTTPStatusCode([json] as never));
    res.header('vary', VARY);
    res.header('content-type', 'application/json');
    for (const [name, value] of Object.entries(meta?.headers ?? {}))
      if (typeof value === 'string') res.header(name, value);
    // Bytes, so Fastify adds no charset to the adapter's content-type.
    return res.send(Buffer.from(JSON.stringify(transformTRPCResponse(config, json as never))));
  }
}

/** A plain call's input (its JSON body, parsed), or undefined when the adapter should take the request. */
function plainCallInput(req: FastifyRequest): { value: unknown } | undefined {
  if (req.url.includes('?') || !req.headers['content-type']?.startsWith('application/json')) return undefined;
  if (typeof req.body !== 'string' || req.body === '') return undefined;
  try {
    return { value: JSON.parse(req.body) };
  } catch {
    return undefined;
  }
}
