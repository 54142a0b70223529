import { thankInputSchema, thanksListInputSchema, thanksThresholdInputSchema } from '../../../../shared/thanks.schema';
import {
  listThanks,
  setThanksThreshold,
  thanksOverdue,
  tickThanks,
  untickThanks,
} from '../../../donors/thanks/thank-queue';
import { router } from '../init';
import { adminProcedure, staffProcedure } from '../staff-procedures';

/** `staff.thanks.*`: the gifts to thank personally, ticked off by whoever called; admins set the amount. */
export const thanksRouter = router({
  list: staffProcedure.input(thanksListInputSchema).query(({ ctx, input }) => listThanks(ctx.em, input)),
  overdue: staffProcedure.query(({ ctx }) => thanksOverdue(ctx.em)),
  tick: staffProcedure.input(thankInputSchema).mutation(({ ctx, input }) => tickThanks({ ...ctx, input })),
  untick: staffProcedure.input(thankInputSchema).mutation(({ ctx, input }) => untickThanks({ ...ctx, input })),
  setThreshold: adminProcedure
    .input(thanksThresholdInputSchema)
    .mutation(({ ctx, input }) => setThanksThreshold({ ...ctx, input })),
});
