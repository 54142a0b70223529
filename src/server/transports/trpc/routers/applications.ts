import {
  applicationAssignInputSchema,
  applicationKeepMonthsInputSchema,
  applicationListInputSchema,
  applicationMoveInputSchema,
  applicationNoteInputSchema,
  applicationTemplateInputSchema,
  applicationTemplateResetInputSchema,
} from '../../../../shared/application-work.schema';
import { idInputSchema } from '../../../../shared/staff.schema';
import { applicationKeepMonths, setApplicationKeepMonths } from '../../../animals/applications/application-erasure';
import { applicationDetail, assignees, listApplications } from '../../../animals/applications/application-list';
import { listTemplates, resetTemplate, saveTemplate } from '../../../animals/applications/mail-templates';
import { addApplicationNote, assignApplication, moveApplication } from '../../../animals/applications/work-steps';
import { makeOwedTasksNow } from '../../../animals/sponsors/sponsor-gateway-tasks';
import { router } from '../init';
import { adminProcedure, staffProcedure } from '../staff-procedures';

/** `staff.applications.*`: working the applications to adopt, foster, volunteer and partner. */
export const applicationsRouter = router({
  list: staffProcedure.input(applicationListInputSchema).query(({ ctx, input }) => listApplications(ctx.em, input)),
  get: staffProcedure.input(idInputSchema).query(({ ctx, input }) => applicationDetail(ctx.em, input.id)),
  assignees: staffProcedure.query(({ ctx }) => assignees(ctx.em)),
  move: staffProcedure.input(applicationMoveInputSchema).mutation(async ({ ctx, input }) => {
    const moved = await moveApplication({ ...ctx, input });
    // An adoption completed: its animal's sponsors' pauses, made now (animals/sponsors/).
    if (moved.animal === 'adopted') await makeOwedTasksNow(ctx);
    return moved;
  }),
  assign: staffProcedure
    .input(applicationAssignInputSchema)
    .mutation(({ ctx, input }) => assignApplication({ ...ctx, input })),
  note: staffProcedure
    .input(applicationNoteInputSchema)
    .mutation(({ ctx, input }) => addApplicationNote({ ...ctx, input })),
  templates: staffProcedure.query(({ ctx }) => listTemplates(ctx.em)),
  saveTemplate: staffProcedure
    .input(applicationTemplateInputSchema)
    .mutation(({ ctx, input }) => saveTemplate({ ...ctx, input })),
  resetTemplate: staffProcedure
    .input(applicationTemplateResetInputSchema)
    .mutation(({ ctx, input }) => resetTemplate({ ...ctx, input })),
  keepMonths: staffProcedure.query(async ({ ctx }) => ({ months: await applicationKeepMonths(ctx.em) })),
  setKeepMonths: adminProcedure
    .input(applicationKeepMonthsInputSchema)
    .mutation(({ ctx, input }) => setApplicationKeepMonths({ ...ctx, input })),
});
