import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { fieldIssues } from '../../platform/http/field-issues';
import { withoutDocumentOnlyHeaders } from '../../platform/security/security-headers';
import { createContextInner, type ProcedureDependencies } from '../trpc/context';
import { createCaller } from '../trpc/router';

/** How long a cache (the caller's, a CDN) may keep the feed: a reserved animal leaves it within this. */
export const FEED_MAX_AGE_SECONDS = 300;

/**
 * `GET /api/animals/adoptable`: the `adoptable.feed` procedure for aggregators and partners'
 * sites, readable from any origin, cached for FEED_MAX_AGE_SECONDS and revalidated by its ETag.
 * A filter or page it does not know answers 400 with the field, as every REST path does.
 */
export async function adoptableFeedRoutes(
  app: FastifyInstance,
  { procedures, rateLimitPerMinute }: { procedures: ProcedureDependencies; rateLimitPerMinute: number },
): Promise<void> {
  const config = { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } };
  app.get('/api/animals/adoptable', { config }, async (request, reply) => {
    let feed: unknown;
    try {
      feed = await createCaller(createContextInner(procedures, request)).adoptable.feed(request.query as never);
    } catch (error) {
      if (error instanceof TRPCError && error.cause instanceof ZodError) {
        return reply.code(400).send({ message: 'Invalid input', issues: fieldIssues(error.cause) });
      }
      throw error;
    }
    const body = JSON.stringify(feed);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    withoutDocumentOnlyHeaders(reply);
    reply
      .header('cache-control', `public, max-age=${FEED_MAX_AGE_SECONDS}`)
      .header('access-control-allow-origin', '*')
      .header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.header('content-type', 'application/json; charset=utf-8').send(body);
  });
}
