import { ConnectionException } from '@mikro-orm/core';
import type { FastifyReply } from 'fastify';

/**
 * The one place that decides "the database cannot be reached right now" (an outage, a restart, a
 * full pool), as opposed to a bug. Such a failure answers 503 with Retry-After on every path
 * (Fastify's error handler, the tRPC procedures and the REST paths), so clients and load
 * balancers retry instead of reporting an error.
 */

/** A stopped and restarted PostgreSQL is usually back within a couple of seconds. */
export const RETRY_AFTER_SECONDS = 2;

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable: its database cannot be reached. Nothing was saved; please try again in a few seconds.';

/** Socket errors of node-postgres when the server is down, restarting or unreachable. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/** SQLSTATEs: admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down). */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03']);

/** node-postgres and knex/tarn say these in words only, with no code. */
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /Connection ended unexpectedly/i,
  /terminating connection due to administrator command/i,
  /the database system is (?:starting up|shutting down|in recovery mode)/i,
  // Knex ends a transaction whose connection died; the flush's next statement then fails with this.
  /Transaction query already complete/i,
  /Client has encountered a connection error/i,
  /Client was closed and is not queryable/i,
  /Timeout acquiring a connection/i,
  /timeout exceeded when trying to connect/i,
];

/** PostgreSQL names its Unix socket `.s.PGSQL.<port>`; Node's connect error carries the path. */
function isPostgresSocket(error: object): boolean {
  const address = (error as { address?: unknown }).address;
  return typeof address === 'string' && /\/\.s\.PGSQL\.\d+$/.test(address);
}

interface ErrorLike {
  errors?: unknown;
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** True when the error, or any error it wraps, means the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    if (current instanceof ConnectionException) return true;
    const { errors, name, code, message, cause } = current as ErrorLike;
    // Connecting to a host name with several addresses fails with all of their errors.
    if (Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnavailable)) return true;
    if (name === 'KnexTimeoutError') return true;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code))) return true;
    // A stopped server removes its Unix socket: connecting then fails with ENOENT on that path.
    if (code === 'ENOENT' && isPostgresSocket(current)) return true;
    // Class 08: connection exceptions.
    if (typeof code === 'string' && /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = cause;
  }
  return false;
}

/** The answer while the database is unreachable, the same on every path. */
export function sendDatabaseUnavailable(reply: FastifyReply) {
  return reply
    .code(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
}
