import { donorCancelMonthlyInputSchema } from '../../../../shared/annual.schema';
import {
  monthlyAmountInputSchema,
  monthlyGiftInputSchema,
  newMandateInputSchema,
} from '../../../../shared/monthly-change.schema';
import { donorNewsConsentInputSchema } from '../../../../shared/news-consent.schema';
import { ownApplications } from '../../../animals/applications/applicant-data';
import { cancelDonorMonthlyGift } from '../../../donors/donor-page/donor-cancel';
import { exportDonorData } from '../../../donors/donor-page/donor-data';
import { listDonorGifts } from '../../../donors/donor-page/donor-gifts';
import {
  cancelDonorMonthlyGiftAtCycleEnd,
  changeDonorMonthlyAmount,
  confirmDonorNewMandates,
  newDonorMandate,
  pauseDonorMonthlyGift,
  resumeDonorMonthlyGift,
} from '../../../donors/donor-page/donor-monthly';
import { requestErasure } from '../../../donors/rights/erasure';
import { recordNewsConsent, wantsNews } from '../../../gifts/donor-keys/news-consent';
import { ownCertificates } from '../../../papers/certificates/deliver-certificates';
import { donorProcedure } from '../donor-procedure';
import { router } from '../init';

type DonorContext = Parameters<Parameters<typeof donorProcedure.query>[0]>[0]['ctx'];

/** What a donor's change to their monthly gift needs of the call. */
const monthlyDeps = (ctx: DonorContext) => ({
  em: ctx.em,
  donor: ctx.donor,
  gateway: ctx.gateway,
  plans: ctx.plans,
  donorLinks: ctx.donorLinks,
  keyId: ctx.razorpay.keyId,
});

/**
 * `donor.*`: a donor's own page, authorised by their link's token in the `x-donor-token` header.
 * Receipts, the yearly statement and certificates are PDF downloads (transports/routes/donor-files.ts).
 */
export const donorRouter = router({
  gifts: donorProcedure.query(({ ctx }) => listDonorGifts(ctx.em, ctx.donor.email, ctx.personalDataKey)),
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
  /** Cancelled at the end of the month already paid (Razorpay's `cancel_at_cycle_end`): an active gift only. */
  cancelMonthlyAtCycleEnd: donorProcedure
    .input(monthlyGiftInputSchema)
    .mutation(({ ctx, input }) => cancelDonorMonthlyGiftAtCycleEnd(monthlyDeps(ctx), input.subscriptionId)),
  /** The monthly amount from the next charge; a UPI mandate's answer is a new mandate to authorise (`path: 'new_mandate'`). */
  changeMonthlyAmount: donorProcedure
    .input(monthlyAmountInputSchema)
    .mutation(({ ctx, input }) => changeDonorMonthlyAmount(monthlyDeps(ctx), input)),
  pauseMonthly: donorProcedure
    .input(monthlyGiftInputSchema)
    .mutation(({ ctx, input }) => pauseDonorMonthlyGift(monthlyDeps(ctx), input.subscriptionId)),
  resumeMonthly: donorProcedure
    .input(monthlyGiftInputSchema)
    .mutation(({ ctx, input }) => resumeDonorMonthlyGift(monthlyDeps(ctx), input.subscriptionId)),
  /** A new mandate (a new card or UPI account), started for Razorpay's checkout. */
  newMandate: donorProcedure
    .input(newMandateInputSchema)
    .mutation(({ ctx, input }) => newDonorMandate(monthlyDeps(ctx), input)),
  /** After the checkout of a new mandate: the old one ends with its month paid. */
  confirmNewMandate: donorProcedure.mutation(({ ctx }) => confirmDonorNewMandates(monthlyDeps(ctx))),
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
