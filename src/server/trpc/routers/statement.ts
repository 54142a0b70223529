import {
  statementPurposeInputSchema,
  statementReviewInputSchema,
  statementYearInputSchema,
} from '../../../shared/annual.schema';
import { createFieldCipher } from '../../personal-data/field-cipher';
import { resolveStatementReview } from '../../reporting/resolve-statement-review';
import { loadStatementLayout } from '../../reporting/statement-layout';
import {
  listStatementPurposes,
  setStatementPurpose,
  statementSummary,
  statementYears,
} from '../../reporting/statement-summary';
import { actorOf } from '../../staff/staff-actor';
import { router } from '../init';
import { adminProcedure, staffProcedure } from '../staff-procedures';

const layout = loadStatementLayout();

function cipherOf(key: Buffer | undefined) {
  if (!key) throw new Error('No DATA_ENCRYPTION_KEY: donors’ ID numbers cannot be read');
  return createFieldCipher(key);
}

/** `staff.statement.*`: the year's statement of donations; the CSVs themselves are routes (routes/statement-files.ts). */
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
