import { TRPCError } from '@trpc/server';
import type { DonorActor } from '../../donors/donor-page/donor-actor';
import { DONOR_TOKEN_HEADER, EXPIRED_LINK, verifyDonorToken } from '../../gifts/donor-keys/donor-link';
import { publicProcedure } from './init';

/** Every `donor.*` procedure: a valid, unexpired link token (401 otherwise) names the donor. */
export const donorProcedure = publicProcedure.use(({ ctx, next }) => {
  const header = ctx.request?.headers[DONOR_TOKEN_HEADER];
  const token = typeof header === 'string' ? header : undefined;
  const email = token && ctx.personalDataKey ? verifyDonorToken(token, ctx.personalDataKey) : null;
  if (!email || !ctx.request) throw new TRPCError({ code: 'UNAUTHORIZED', message: EXPIRED_LINK });
  const donor: DonorActor = { email, ip: ctx.request.ip };
  return next({ ctx: { donor } });
});
