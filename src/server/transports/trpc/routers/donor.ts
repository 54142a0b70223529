import { donorCancelMonthlyInputSchema } from '../../../../shared/annual.schema';
import { donorNewsConsentInputSchema } from '../../../../shared/news-consent.schema';
import { ownApplications } from '../../../animals/applications/applicant-data';
import { cancelDonorMonthlyGift } from '../../../donors/donor-page/donor-cancel';
import { exportDonorData } from '../../../donors/donor-page/donor-data';
import { listDonorGifts } from '../../../donors/donor-page/donor-gifts';
import { requestErasure } from '../../../donors/rights/erasure';
import { recordNewsConsent, wantsNews } from '../../../gifts/donor-keys/news-consent';
import { ownCertificates } from '../../../papers/certificates/deliver-certificates';
import { donorProcedure } from '../donor-procedure';
import { router } from '../init';

/**
 * `donor.*`: a donor's own page, authorised by their link's token in the `x-donor-token` header.
 * Receipts, the yearly statement and certificates are PDF downloads (transports/routes/donor-files.ts).
 */
export const donorRouter = router({
  gifts: donorProcedure.query(({ ctx }) => listDonorGifts(ctx.em, ctx.donor.email)),
  cancelMonthly: donorProcedure.input(donorCancelMonthlyInputSchema).mutation(({ ctx, input }) =>
    cancelDonorMonthlyGift({
      em: ctx.em,
      donor: ctx.donor,
      gateway: ctx.gateway,
      donorLinks: ctx.donorLinks,
      subscriptionId: input.subscriptionId,
      siteUrl: ctx.siteUrl ?? 'http://localhost',
    }),
  ),
  exportData: donorProcedure.query(({ ctx }) => exportDonorData(ctx.em, ctx.donor)),
  /** Their applications to adopt, foster, volunteer or partner: the same link opens them (an applicant's "my data"). */
  applications: donorProcedure.query(({ ctx }) => ownApplications(ctx.em, ctx.donor.email)),
  requestErasure: donorProcedure.mutation(({ ctx }) => requestErasure(ctx.em, ctx.donor)),
  /** Whether they want news of the animals now (their newest consent; none: no). */
  newsConsent: donorProcedure.query(async ({ ctx }) => ({ wantsNews: await wantsNews(ctx.em, ctx.donor.email) })),
  /** The page's switch: consent given or withdrawn from now on, recorded as the form's is. */
  setNewsConsent: donorProcedure.input(donorNewsConsentInputSchema).mutation(async ({ ctx, input }) => {
    await recordNewsConsent(ctx.em, { email: ctx.donor.email, consented: input.wantsNews, source: 'donor_page' });
    return { wantsNews: input.wantsNews };
  }),
  /** Their certificates of donation (Form 10BE / Form 114) the trust has delivered, newest year first. */
  certificates: donorProcedure.query(({ ctx }) => ownCertificates(ctx.em, ctx.donor.email)),
});
