import { DEFAULT_CONTENT } from '../../../../shared/default-content';
import {
  editableContentSchema,
  siteContentPreviewInputSchema,
  siteContentVersionInputSchema,
} from '../../../../shared/site-content.schema';
import { DomainError } from '../../../platform/core/domain-error';
import {
  publishSiteContent,
  saveSiteContentDraft,
  siteContentState,
  siteContentVersion,
} from '../../../platform/site-content/site-content-versions';
import { actorOf } from '../../../platform/staff/staff-actor';
import { router } from '../init';
import { adminProcedure, staffProcedure } from '../staff-procedures';

/**
 * `staff.siteContent.*`: the website's texts, figures, contact details and photos. Any staff member
 * saves a draft and previews it as the pages would show it; an admin publishes it, and the pages of
 * this instance change before the call answers (the others' within their check: transports/web/site-pages.ts).
 */
export const siteContentRouter = router({
  /** The published version, the newest draft since, the content to edit, and the defaults (to start again from). */
  get: staffProcedure.query(async ({ ctx }) => ({ ...(await siteContentState(ctx.em)), defaults: DEFAULT_CONTENT })),
  saveDraft: staffProcedure
    .input(editableContentSchema)
    .mutation(({ ctx, input }) => saveSiteContentDraft(ctx.em, actorOf(ctx.staff), input)),
  /** A saved version as a whole page, rendered as the site would serve it (for the console's preview frame). */
  preview: staffProcedure.input(siteContentPreviewInputSchema).query(async ({ ctx, input }) => {
    if (!ctx.sitePages) throw new DomainError('NOT_FOUND', 'Previews need the built site (npm run build)');
    const version = await siteContentVersion(ctx.em, input.id);
    return { id: version.id, page: input.page, html: await ctx.sitePages.preview(input.page, version.content) };
  }),
  publish: adminProcedure.input(siteContentVersionInputSchema).mutation(async ({ ctx, input }) => {
    const published = await publishSiteContent(ctx.em, actorOf(ctx.staff), input.id);
    await ctx.sitePages?.refresh();
    return published;
  }),
});
