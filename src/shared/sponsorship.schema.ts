import { z } from 'zod';
import { appealUpdateTranslationsSchema, imageIdSchema, plainText } from './appeals.schema';
import { animalSlugSchema } from './donation.schema';
import { rowIdSchema } from './row-id';
import { SPONSOR_MONTHLY_DEFAULT_PAISE } from './sponsorship';

/**
 * The inputs of sponsorship's procedures (the console's panel and page, the sponsor's own page).
 * Kept apart from ./sponsorship.ts, which the donate form's schema imports: the public pages carry
 * none of this.
 */

const animalId = rowIdSchema('Must be an animal id');

/** Staff open an animal for sponsorship at a monthly amount (paise, whole rupees). */
export const openSponsorshipInputSchema = z.object({
  animalId,
  monthlyAmount: z
    .number({ error: 'Must be a number of paise' })
    .int('Must be a whole number of paise')
    .min(10_000, 'Must be at least ₹100 a month')
    .max(10_000_000, 'Must be at most ₹1,00,000 a month')
    .refine((amount) => amount % 100 === 0, 'Must be whole rupees')
    .default(SPONSOR_MONTHLY_DEFAULT_PAISE),
});
export type OpenSponsorshipInput = z.input<typeof openSponsorshipInputSchema>;

export const animalIdInputSchema = z.object({ animalId });

/** A few lines (and a photo) for an animal's sponsors: English, with Tamil and Hindi where staff write them. */
export const sponsorUpdateInputSchema = z.object({
  animalId,
  text: plainText(2_000, { multiline: true }).min(3, 'must be at least 3 characters'),
  translations: appealUpdateTranslationsSchema,
  photoImageId: imageIdSchema.optional(),
});
export type SponsorUpdateInput = z.infer<typeof sponsorUpdateInputSchema>;

/** The sponsor's own page (from the mail when their animal left): carry the gift to this animal. */
export const sponsorMoveInputSchema = z.object({ animal: animalSlugSchema });

/** An animal's page asks for its sponsor block by its address. */
export const animalSlugInputSchema = z.object({ slug: animalSlugSchema });
