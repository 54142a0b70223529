import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import { isSameOrigin } from './origin';
import { SESSION_COOKIE } from './sessions';
import type { SubscriptionCanceller } from './subscriptions';

/** What a staff procedure needs of its HTTP request, read by the transport (trpc.plugin.ts). */
export interface StaffCall {
  /** The session cookie's token, if any. */
  token: string | undefined;
  ip: string;
  /** The request's Origin or Sec-Fetch-Site names the console's own site (see origin.ts). */
  sameOrigin: boolean;
  subscriptions: SubscriptionCanceller;
}

/** The staff part of a tRPC request's context, read from the request (cookie parsed by @fastify/cookie). */
export function staffCallOf(
  request: FastifyRequest,
  options: { siteUrl: string; subscriptions: SubscriptionCanceller },
): StaffCall {
  return {
    token: request.cookies[SESSION_COOKIE],
    ip: request.ip,
    sameOrigin: isSameOrigin(request.headers, options.siteUrl),
    subscriptions: options.subscriptions,
  };
}
