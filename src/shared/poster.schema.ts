import { z } from 'zod';
import { LANGUAGES } from './languages';

/**
 * A poster for the shelter's counter and events (server/papers/posters/): the paper it is printed
 * on and the language it speaks, chosen in the console. No Node or DOM imports: the console reads it.
 */
export const POSTER_SIZES = ['A4', 'A5'] as const;
export type PosterSize = (typeof POSTER_SIZES)[number];

/**
 * The query a poster's address carries (`?src=poster`), so that the site's visits from a poster's QR
 * code can be told apart in a proxy's or an analytics tool's logs. Nothing on the server reads it
 * yet: a gift given there counts for the page's appeal (or animal) as any gift given on that page.
 */
export const POSTER_SOURCE = { param: 'src', value: 'poster' } as const;

/** The console's choice, as the download's query: `?size=A5&language=ta`. */
export const posterOptionsSchema = z.object({
  size: z.enum(POSTER_SIZES, { error: `must be one of ${POSTER_SIZES.join(', ')}` }).default('A4'),
  language: z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` }).default('en'),
});
export type PosterOptions = z.infer<typeof posterOptionsSchema>;
