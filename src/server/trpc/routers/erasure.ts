import { erasureCompleteInputSchema } from '../../../shared/annual.schema';
import { completeErasure, listErasureRequests } from '../../donors/erasure';
import { actorOf } from '../../staff/staff-actor';
import { router } from '../init';
import { staffProcedure } from '../staff-procedures';

/** `staff.erasure.*`: donors' requests to be forgotten, seen and completed by any staff member. */
export const erasureRouter = router({
  list: staffProcedure.query(({ ctx }) => listErasureRequests(ctx.em)),
  complete: staffProcedure
    .input(erasureCompleteInputSchema)
    .mutation(({ ctx, input }) =>
      completeErasure(ctx.em, { gateway: ctx.gateway, donorLinks: ctx.donorLinks }, actorOf(ctx.staff), input.id),
    ),
});
