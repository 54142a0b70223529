import { z } from 'zod';
import { IMAGE_ALT_MAX_LENGTH } from './images';

/** The photo's description for people who cannot see it: required on upload and whenever it changes. */
export const imageAltSchema = z
  .string()
  .trim()
  .min(1, 'Describe the photo for people who cannot see it (for example: “Bruno, a brown dog, after his surgery”)')
  .max(IMAGE_ALT_MAX_LENGTH, `At most ${IMAGE_ALT_MAX_LENGTH} characters: a sentence or two`);

export const imageListInputSchema = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(24),
});

export const imageAltInputSchema = z.object({ id: z.number().int().positive(), alt: imageAltSchema });

/** The photos a page or an editor already refers to, by id. */
export const imageIdsInputSchema = z.object({ ids: z.array(z.number().int().positive()).max(200) });
