import { z } from 'zod';

/** The donor page's switch: whether they want news of the animals from now on. */
export const donorNewsConsentInputSchema = z
  .object({ wantsNews: z.boolean({ error: 'Must be true or false' }) })
  .strict();
