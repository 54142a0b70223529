import { donorCancelMonthlyInputSchema } from '../../shared/annual.schema';
import { router } from '../trpc/init';
import { cancelDonorMonthlyGift } from './donor-cancel';
import { exportDonorData } from './donor-data';
import { listDonorGifts } from './donor-gifts';
import { donorProcedure } from './donor-procedure';
import { requestErasure } from './erasure';

/**
 * `donor.*`: a donor's own page, authorised by their link's token in the `x-donor-token` header.
 * Receipts and the yearly statement are PDF downloads (donor.routes.ts).
 */
export const donorRouter = router({
  gifts: donorProcedure.query(({ ctx }) => listDonorGifts(ctx.em, ctx.donor.email)),
  cancelMonthly: donorProcedure.input(donorCancelMonthlyInputSchema).mutation(({ ctx, input }) =>
    cancelDonorMonthlyGift({
      em: ctx.em,
      donor: ctx.donor,
      gateway: ctx.gateway,
      notices: ctx.notices,
      subscriptionId: input.subscriptionId,
      siteUrl: ctx.siteUrl ?? 'http://localhost',
    }),
  ),
  exportData: donorProcedure.query(({ ctx }) => exportDonorData(ctx.em, ctx.donor)),
  requestErasure: donorProcedure.mutation(({ ctx }) => requestErasure(ctx.em, ctx.donor)),
});
