import { idInputSchema } from '../../../../shared/staff.schema';
import { listAtRisk } from '../../../gifts/monthly-at-risk/at-risk-list';
import { resendAtRiskMail } from '../../../gifts/settlement/risk-episodes';
import { router } from '../init';
import { staffProcedure } from '../staff-procedures';

/** `staff.monthlyAtRisk.*`: monthly gifts whose charges fail at Razorpay, and their donor's mail sent again. */
export const monthlyAtRiskRouter = router({
  list: staffProcedure.query(({ ctx }) => listAtRisk(ctx.em)),
  resendMail: staffProcedure.input(idInputSchema).mutation(({ ctx, input }) => resendAtRiskMail({ ...ctx, input })),
});
