import { z } from 'zod';
import { MAX_AMOUNT_PAISE, MIN_AMOUNT_PAISE } from './donation-rules';

/** The thank-you queue's inputs (staff.thanks.*), shared by the procedures and the console's page. */

/** The open queue (gifts still to thank), or the gifts ticked off lately (to see who called, or untick). */
export const thanksListInputSchema = z.object({ called: z.boolean().default(false) });

/** One gift in the queue, ticked off or unticked. */
export const thankInputSchema = z.object({ donationId: z.number().int().positive() });

/** The amount at or over which a gift is thanked personally, in paise (the page asks in rupees). */
export const thanksThresholdInputSchema = z.object({
  threshold: z
    .number({ error: 'Must be a number of paise' })
    .int('Must be a whole number of paise')
    .min(MIN_AMOUNT_PAISE, 'Must be at least ₹1')
    .max(MAX_AMOUNT_PAISE, 'Must be at most ₹10,00,000'),
});

/** How long a gift waits in the queue before the overview counts it late: a thank-you within two days. */
export const THANKS_DUE_HOURS = 48;
/** How far back the queue looks: a thank-you a month late is no longer "in time". */
export const THANKS_WINDOW_DAYS = 30;
