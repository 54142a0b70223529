import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Orm } from '../../platform/db/orm';
import { findSession, SESSION_COOKIE } from '../../platform/staff/sessions';
import type { StaffActor } from '../../platform/staff/staff-actor';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireStaff for the console's plain-HTTP routes. */
    staff?: StaffActor;
  }
}

/**
 * The one session check of the console's plain-HTTP routes (its file downloads), as a route's
 * `preHandler`: a live session (401 otherwise) and, for `admin`, an admin's (403 with `why`). The
 * staff member is then `request.staff` (staffOf). tRPC's staff procedures make the same check.
 */
export function requireStaff(orm: Orm, who: 'staff' | { admin: string } = 'staff') {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const signedIn = await findSession(orm.em.fork(), request.cookies[SESSION_COOKIE]);
    if (!signedIn) return reply.code(401).send({ message: 'Sign in to continue' });
    if (who !== 'staff' && signedIn.role !== 'admin') return reply.code(403).send({ message: who.admin });
    request.staff = { ...signedIn, ip: request.ip };
  };
}

/** The staff member requireStaff let through. */
export function staffOf(request: FastifyRequest): StaffActor {
  if (!request.staff) throw new Error('staffOf: the route has no requireStaff preHandler');
  return request.staff;
}
