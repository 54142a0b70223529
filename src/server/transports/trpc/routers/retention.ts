import { TRPCError } from '@trpc/server';
import {
  retentionInputSchema,
  segmentListInputSchema,
  segmentMailInputSchema,
} from '../../../../shared/segments.schema';
import { retentionFigures } from '../../../donors/retention/retention-rates';
import { segmentMailPreview, sendSegmentMail } from '../../../donors/retention/segment-mail';
import { segmentRows } from '../../../donors/retention/segments';
import type { ProcedureContext } from '../context';
import { router } from '../init';
import { staffProcedure } from '../staff-procedures';

/** The data key and the public origin: set for every HTTP call (app.ts); staff procedures are HTTP calls only. */
function mailKeys(ctx: Pick<ProcedureContext, 'siteUrl' | 'personalDataKey'>) {
  const { siteUrl, personalDataKey } = ctx;
  if (!siteUrl || !personalDataKey) {
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'SITE_URL or the data key is missing' });
  }
  return { siteUrl, personalDataKey };
}

/**
 * `staff.retention.*`: who is slipping away and who stays. The retention rates of the overview's
 * panel, the segments' lists (LYBUNT, SYBUNT, an appeal's, a year's, by amount), and an update
 * mailed to a segment's donors who consented to news. The CSV is a route (transports/routes/segment-csv.ts).
 */
export const retentionRouter = router({
  figures: staffProcedure
    .input(retentionInputSchema)
    .query(({ ctx, input }) => retentionFigures(ctx.em, { year: input.year })),
  segment: staffProcedure
    .input(segmentListInputSchema)
    .query(({ ctx, input }) => segmentRows(ctx.em, input.segment, { limit: input.limit })),
  mailPreview: staffProcedure
    .input(segmentListInputSchema.pick({ segment: true }))
    .query(({ ctx, input }) => segmentMailPreview(ctx.em, input.segment, mailKeys(ctx).personalDataKey)),
  mail: staffProcedure
    .input(segmentMailInputSchema)
    .mutation(({ ctx, input }) =>
      sendSegmentMail({ em: ctx.em, staff: ctx.staff, donorLinks: ctx.donorLinks, ...mailKeys(ctx) }, input),
    ),
});
