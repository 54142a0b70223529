import { TRPCError } from '@trpc/server';
import {
  animalIdInputSchema,
  animalSlugInputSchema,
  openSponsorshipInputSchema,
  sponsorUpdateInputSchema,
} from '../../../../shared/sponsorship.schema';
import { postSponsorUpdate, sponsorUpdatesOf } from '../../../animals/sponsors/sponsor-updates';
import {
  closeSponsorship,
  openSponsorship,
  sponsorBlockOf,
  sponsoredAnimals,
  sponsorshipCandidates,
} from '../../../animals/sponsors/sponsorship';
import { publicProcedure, router } from '../init';
import { staffProcedure } from '../staff-procedures';

/** `sponsorship.*`: an animal's sponsor block (how many sponsor it, never who). */
export const sponsorshipRouter = router({
  forAnimal: publicProcedure.input(animalSlugInputSchema).query(({ ctx, input }) => sponsorBlockOf(ctx.em, input.slug)),
});

/** `staff.sponsorships.*`: the console's sponsored animals, their opening and closing, and their updates. */
export const staffSponsorshipsRouter = router({
  list: staffProcedure.query(({ ctx }) => sponsoredAnimals(ctx.em)),
  candidates: staffProcedure.query(({ ctx }) => sponsorshipCandidates(ctx.em)),
  open: staffProcedure.input(openSponsorshipInputSchema).mutation(({ ctx, input }) => openSponsorship(ctx, input)),
  close: staffProcedure.input(animalIdInputSchema).mutation(({ ctx, input }) => closeSponsorship(ctx, input)),
  updates: staffProcedure
    .input(animalIdInputSchema)
    .query(({ ctx, input }) => sponsorUpdatesOf(ctx.em, input.animalId)),
  postUpdate: staffProcedure.input(sponsorUpdateInputSchema).mutation(({ ctx, input }) => {
    const { siteUrl, personalDataKey } = ctx;
    // Both are set for every HTTP call (app.ts); staff procedures are HTTP calls only.
    if (!siteUrl || !personalDataKey) {
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'SITE_URL or the data key is missing' });
    }
    return postSponsorUpdate(
      { em: ctx.em, staff: ctx.staff, donorLinks: ctx.donorLinks, siteUrl, personalDataKey },
      input,
    );
  }),
});
