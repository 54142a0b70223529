import { TRPCError } from '@trpc/server';
import {
  appealCreateInputSchema,
  appealEditInputSchema,
  appealIdInputSchema,
  appealLanguageInputSchema,
  appealSlugInputSchema,
  appealUpdateInputSchema,
  appealUpdateTranslationsInputSchema,
} from '../../../../shared/appeals.schema';
import { postAppealUpdate, translateAppealUpdate } from '../../../gifts/appeals/appeal-updates';
import { openAppeals, publicAppeal } from '../../../gifts/appeals/public-appeals';
import {
  appealForStaff,
  createAppeal,
  editAppeal,
  listAppeals,
  moveAppeal,
} from '../../../gifts/appeals/staff-appeals';
import type { ProcedureContext } from '../context';
import { publicProcedure, router } from '../init';
import { staffProcedure } from '../staff-procedures';

/**
 * `appeals.*`: what the public appeal pages read, without a session. Raised and donors are at most
 * half a minute old (gifts/appeals/appeal-totals.ts); a draft is not found.
 */
export const appealsRouter = router({
  get: publicProcedure
    .input(appealSlugInputSchema)
    .query(({ ctx, input }) => publicAppeal(ctx.em, input.slug, new Date(), { language: input.language })),
  listOpen: publicProcedure
    .input(appealLanguageInputSchema)
    .query(({ ctx, input }) => openAppeals(ctx.em, new Date(), input?.language)),
});

/** After a staff change: the appeal's page at once, the home and donate pages' list within the check's run. */
function appealChanged(ctx: Pick<ProcedureContext, 'appealPages' | 'sitePages'>): void {
  ctx.appealPages?.invalidate();
  void ctx.sitePages?.refresh();
}

/** `staff.appeals.*`: the console's appeals; the CSV of an appeal's gifts is a route (transports/routes/appeal-gifts-csv.ts). */
export const staffAppealsRouter = router({
  list: staffProcedure.query(({ ctx }) => listAppeals({ em: ctx.em })),
  get: staffProcedure.input(appealIdInputSchema).query(({ ctx, input }) => appealForStaff({ em: ctx.em }, input.id)),
  create: staffProcedure.input(appealCreateInputSchema).mutation(({ ctx, input }) => createAppeal(ctx, input)),
  edit: staffProcedure
    .input(appealEditInputSchema)
    .mutation(({ ctx, input }) => editAppeal(ctx, input).finally(() => appealChanged(ctx))),
  publish: staffProcedure
    .input(appealIdInputSchema)
    .mutation(({ ctx, input }) => moveAppeal(ctx, input.id, 'publish').finally(() => appealChanged(ctx))),
  close: staffProcedure
    .input(appealIdInputSchema)
    .mutation(({ ctx, input }) => moveAppeal(ctx, input.id, 'close').finally(() => appealChanged(ctx))),
  postUpdate: staffProcedure.input(appealUpdateInputSchema).mutation(async ({ ctx, input }) => {
    const { siteUrl, personalDataKey } = ctx;
    // Both are set for every HTTP call (app.ts); staff procedures are HTTP calls only.
    if (!siteUrl || !personalDataKey) {
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'SITE_URL or the data key is missing' });
    }
    try {
      return await postAppealUpdate(
        { em: ctx.em, staff: ctx.staff, donorLinks: ctx.donorLinks, siteUrl, personalDataKey },
        input,
      );
    } finally {
      appealChanged(ctx);
    }
  }),
  translateUpdate: staffProcedure
    .input(appealUpdateTranslationsInputSchema)
    .mutation(({ ctx, input }) => translateAppealUpdate(ctx, input).finally(() => appealChanged(ctx))),
});
