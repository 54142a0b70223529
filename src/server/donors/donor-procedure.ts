import { TRPCError } from '@trpc/server';
import { publicProcedure } from '../trpc/init';
import { verifyDonorToken } from './donor-link';

/** The header the donor's page sends its link's token in (never the URL of a call: URLs are logged). */
export const DONOR_TOKEN_HEADER = 'x-donor-token';

export const EXPIRED_LINK = 'This link has expired or is not valid: ask for a new one on the My giving page';

/** Who the call acts for, and from where (for the audit trail). */
export interface DonorActor {
  email: string;
  ip: string;
}

/** The audit trail's actor for a donor acting on their own page. */
export const donorAuditActor = (donor: DonorActor) => ({ userId: null, username: 'donor', ip: donor.ip });

/** Every `donor.*` procedure: a valid, unexpired link token (401 otherwise) names the donor. */
export const donorProcedure = publicProcedure.use(({ ctx, next }) => {
  const header = ctx.request?.headers[DONOR_TOKEN_HEADER];
  const token = typeof header === 'string' ? header : undefined;
  const email = token && ctx.personalDataKey ? verifyDonorToken(token, ctx.personalDataKey) : null;
  if (!email || !ctx.request) throw new TRPCError({ code: 'UNAUTHORIZED', message: EXPIRED_LINK });
  const donor: DonorActor = { email, ip: ctx.request.ip };
  return next({ ctx: { donor } });
});
