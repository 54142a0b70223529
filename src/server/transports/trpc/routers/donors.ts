import {
  donorIdInputSchema,
  donorListInputSchema,
  donorMergeIdInputSchema,
  donorMergeInputSchema,
  donorMergePreviewInputSchema,
  donorProposalInputSchema,
} from '../../../../shared/donors.schema';
import { donorList } from '../../../donors/records/donor-list';
import { donorRecord } from '../../../donors/records/donor-record';
import { mergeDonors, mergePreview, undoMerge } from '../../../donors/records/merge';
import { dismissProposal } from '../../../donors/records/proposals';
import { actorOf } from '../../../platform/staff/staff-actor';
import { router } from '../init';
import { staffProcedure } from '../staff-procedures';

/**
 * `staff.donors.*`: donors as people. Every staff member may merge and undo: a merge changes no
 * gift, receipt or statement row, is audited, and is undone exactly; an ID mismatch must be confirmed.
 */
export const donorsRouter = router({
  list: staffProcedure.input(donorListInputSchema).query(({ ctx, input }) => donorList({ em: ctx.em, input })),
  get: staffProcedure.input(donorIdInputSchema).query(({ ctx, input }) => donorRecord(ctx.em, ctx.cipher, input.id)),
  mergePreview: staffProcedure
    .input(donorMergePreviewInputSchema)
    .query(({ ctx, input }) => mergePreview(ctx.em, ctx.cipher, input)),
  merge: staffProcedure
    .input(donorMergeInputSchema)
    .mutation(({ ctx, input }) => mergeDonors(ctx.em, { cipher: ctx.cipher, actor: actorOf(ctx.staff) }, input)),
  undoMerge: staffProcedure
    .input(donorMergeIdInputSchema)
    .mutation(({ ctx, input }) => undoMerge(ctx.em, actorOf(ctx.staff), input.mergeId)),
  dismissProposal: staffProcedure
    .input(donorProposalInputSchema)
    .mutation(({ ctx, input }) => dismissProposal(ctx.em, actorOf(ctx.staff), input)),
});
