import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSameOrigin } from '../../platform/staff/origin';

export const CROSS_SITE_REFUSED = 'Refused: the request did not come from the console';

/**
 * The console's plain routes that change something (signing in and out, uploads, imports) take
 * calls from its own pages only: a form on another site could post to them with the session
 * cookie's help. As an `onRequest` hook, so a foreign upload is refused before its body is read.
 */
export function refuseCrossSite(siteUrl: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isSameOrigin(request.headers, siteUrl)) return reply.code(403).send({ message: CROSS_SITE_REFUSED });
  };
}
