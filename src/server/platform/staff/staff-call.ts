import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import { isSameOrigin } from './origin';
import { SESSION_COOKIE } from './sessions';

/** What a staff procedure needs of its HTTP request. */
export interface StaffCall {
  /** The session cookie's token, if any. */
  token: string | undefined;
  ip: string;
  /** The request's Origin or Sec-Fetch-Site names the console's own site (see origin.ts). */
  sameOrigin: boolean;
}

/** The staff part of a tRPC call, read from its request (cookie parsed by @fastify/cookie). */
export function staffCallOf(request: FastifyRequest, siteUrl: string): StaffCall {
  return {
    token: request.cookies[SESSION_COOKIE],
    ip: request.ip,
    sameOrigin: isSameOrigin(request.headers, siteUrl),
  };
}
