import { TRPCError } from '@trpc/server';
import { SPONSOR_TOKEN_HEADER } from '../../../../shared/sponsorship';
import {
  animalIdInputSchema,
  animalSlugInputSchema,
  openSponsorshipInputSchema,
  sponsorMoveInputSchema,
  sponsorUpdateInputSchema,
} from '../../../../shared/sponsorship.schema';
import {
  INVALID_SPONSOR_LINK,
  moveSponsorship,
  sponsorChoice,
  stopSponsorship,
} from '../../../animals/sponsors/sponsor-choice';
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

/** The sponsor's page's calls: the link's token in its header (401 without one). */
const sponsorProcedure = publicProcedure.use(({ ctx, next }) => {
  const header = ctx.request?.headers[SPONSOR_TOKEN_HEADER];
  const token = typeof header === 'string' ? header.trim() : '';
  if (!token || !ctx.personalDataKey) throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_SPONSOR_LINK });
  return next({ ctx: { sponsorToken: token, personalDataKey: ctx.personalDataKey } });
});

/**
 * `sponsorship.*`: an animal's sponsor block (how many sponsor it, never who), and the sponsor's own
 * page when their animal left care (animals/sponsors/sponsor-choice.ts).
 */
export const sponsorshipRouter = router({
  forAnimal: publicProcedure.input(animalSlugInputSchema).query(({ ctx, input }) => sponsorBlockOf(ctx.em, input.slug)),
  choice: sponsorProcedure.query(({ ctx }) => sponsorChoice(ctx.em, ctx.sponsorToken, ctx.personalDataKey)),
  move: sponsorProcedure
    .input(sponsorMoveInputSchema)
    .mutation(({ ctx, input }) =>
      moveSponsorship(
        { em: ctx.em, gateway: ctx.gateway, personalDataKey: ctx.personalDataKey },
        { token: ctx.sponsorToken, animal: input.animal, ip: ctx.request?.ip ?? 'unknown' },
      ),
    ),
  stop: sponsorProcedure.mutation(({ ctx }) =>
    stopSponsorship(
      { em: ctx.em, gateway: ctx.gateway, donorLinks: ctx.donorLinks, personalDataKey: ctx.personalDataKey },
      { token: ctx.sponsorToken },
    ),
  ),
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
