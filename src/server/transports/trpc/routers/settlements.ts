import { financialYearOf } from '../../../../shared/india-time';
import { settlementIdInputSchema, settlementListInputSchema } from '../../../../shared/settlements.schema';
import { fetchSettlements } from '../../../gifts/razorpay-settlements/fetch-settlements';
import {
  listSettlements,
  settlementLines,
  settlementYears,
  totalsOf,
  unsettledPayments,
} from '../../../gifts/razorpay-settlements/settlement-report';
import { router } from '../init';
import { staffProcedure } from '../staff-procedures';

/** A staff call always has its request's log; an in-process one (none reach here) logs nothing. */
const QUIET = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * `staff.settlements.*`: Razorpay's transfers to the trust's bank, each with the payments and
 * refunds in it, and the payments not settled yet. The CSV is a route (transports/routes/settlements-csv.ts).
 */
export const settlementsRouter = router({
  list: staffProcedure.input(settlementListInputSchema).query(async ({ ctx, input }) => {
    const year = input.year ?? financialYearOf(new Date()).label;
    const settlements = await listSettlements(ctx.em, year);
    return {
      year,
      years: await settlementYears(ctx.em),
      settlements,
      totals: totalsOf(settlements),
      unsettled: await unsettledPayments(ctx.em),
    };
  }),
  lines: staffProcedure.input(settlementIdInputSchema).query(({ ctx, input }) => settlementLines(ctx.em, input.id)),
  /** Asks Razorpay now, as the daily fetch does: what it stores is what Razorpay reported. */
  fetch: staffProcedure.mutation(({ ctx }) =>
    fetchSettlements({ orm: ctx.orm, gateway: ctx.gateway, log: ctx.request?.log ?? QUIET }),
  ),
});
