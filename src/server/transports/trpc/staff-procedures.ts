import { TRPCError } from '@trpc/server';
import { findSession } from '../../platform/staff/sessions';
import type { StaffActor } from '../../platform/staff/staff-actor';
import { staffCallOf } from '../../platform/staff/staff-call';
import { publicProcedure } from './init';

/**
 * The one gate of every staff procedure: a live session (401 otherwise), the console's own origin
 * for anything that changes state (403). The domain's refusals are mapped once, in transports/trpc/init.ts.
 */
export const staffProcedure = publicProcedure.use(async ({ ctx, type, next }) => {
  // Only HTTP calls carry a session: an in-process caller has no request, so no staff rights.
  const call = ctx.request && ctx.siteUrl ? staffCallOf(ctx.request, ctx.siteUrl) : undefined;
  const signedIn = call && (await findSession(ctx.em, call.token));
  if (!call || !signedIn) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue' });
  if (type === 'mutation' && !call.sameOrigin) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Refused: the request did not come from the console' });
  }
  const staff: StaffActor = { ...signedIn, ip: call.ip };
  return next({ ctx: { staff, subscriptions: ctx.gateway } });
});

/** Managing staff and reading the audit trail: admins only (403 for the role `staff`). */
export const adminProcedure = staffProcedure.use(({ ctx, next }) => {
  if (ctx.staff.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Only an admin may do this' });
  return next();
});
