import { z } from 'zod';
import { financialYearSchema } from './annual.schema';

/** Inputs of the console's Razorpay settlements page, shared with the page. */

/** A financial year's settlements; the current year when none is given. */
export const settlementListInputSchema = z.object({ year: financialYearSchema.optional() });

/** Razorpay's settlement id: `setl_` and its characters. */
export const settlementIdInputSchema = z.object({
  id: z.string().regex(/^setl_[A-Za-z0-9]{1,40}$/, 'must be a Razorpay settlement id (setl_…)'),
});
