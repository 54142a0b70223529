import {
  statementPurposeInputSchema,
  statementReviewInputSchema,
  statementYearInputSchema,
} from '../../../../shared/annual.schema';
import { resolveStatementReview } from '../../../papers/reporting/resolve-statement-review';
import { loadStatementLayout } from '../../../papers/reporting/statement-layout';
import {
  listStatementPurposes,
  setStatementPurpose,
  statementSummary,
  statementYears,
} from '../../../papers/reporting/statement-summary';
import { createFieldCipher } from '../../../platform/personal-data/field-cipher';
import { actorOf } from '../../../platform/staff/staff-actor';
import { router } from '../init';
import { adminProcedure, staffProcedure } from '../staff-procedures';

const layout = loadStatementLayout();

function cipherOf(key: Buffer | undefined) {
  if (!key) throw new Error('No DATA_ENCRYPTION_KEY: donors’ ID numbers cannot be read');
  return createFieldCipher(key);
}

/** `staff.statement.*`: the year's statement of donations; the CSVs themselves are routes (transports/routes/statement-files.ts). */
export const statementRouter = router({
  summary: staffProcedure
    .input(statementYearInputSchema)
    .query(({ ctx, input }) =>
      statementSummary(ctx.em, { cipher: cipherOf(ctx.personalDataKey), layout, year: input.year }),
    ),
  years: staffProcedure.query(({ ctx }) => statementYears(ctx.em)),
  purposes: staffProcedure.query(({ ctx }) => listStatementPurposes(ctx.em)),
  setPurpose: adminProcedure
    .input(statementPurposeInputSchema)
    .mutation(({ ctx, input }) => setStatementPurpose(ctx.em, actorOf(ctx.staff), input)),
  /** An admin says whose name and address the rows of an ID with more than one person carry. */
  resolveReview: adminProcedure
    .input(statementReviewInputSchema)
    .mutation(({ ctx, input }) =>
      resolveStatementReview(
        ctx.em,
        { cipher: cipherOf(ctx.personalDataKey), layout, actor: actorOf(ctx.staff) },
        input,
      ),
    ),
});
