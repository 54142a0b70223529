import { erasureCompleteInputSchema } from '../../../../shared/annual.schema';
import { completeErasure, listErasureRequests } from '../../../donors/rights/erasure';
import { erasurePreview } from '../../../donors/rights/erasure-reach';
import { actorOf } from '../../../platform/staff/staff-actor';
import { router } from '../init';
import { adminProcedure, staffProcedure } from '../staff-procedures';

/**
 * `staff.erasure.*`: donors' requests to be forgotten, seen by any staff member and completed by an
 * admin (it cannot be undone, and it refunds what the donor pays afterwards).
 */
export const erasureRouter = router({
  list: staffProcedure.query(({ ctx }) => listErasureRequests(ctx.em)),
  /** What completing a waiting request will reach: the donor's records, gifts and every spelling of their address. */
  preview: adminProcedure.input(erasureCompleteInputSchema).query(({ ctx, input }) => erasurePreview(ctx.em, input.id)),
  complete: adminProcedure
    .input(erasureCompleteInputSchema)
    .mutation(({ ctx, input }) =>
      completeErasure(
        ctx.em,
        { gateway: ctx.gateway, donorLinks: ctx.donorLinks, cipher: ctx.cipher },
        actorOf(ctx.staff),
        input.id,
      ),
    ),
});
