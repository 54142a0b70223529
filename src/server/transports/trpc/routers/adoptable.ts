import { adoptableFeedInputSchema, adoptableFeedOutputSchema } from '../../../../shared/adoptable';
import { adoptableFeed } from '../../../animals/records/adoptable-feed';
import { publicProcedure, router } from '../init';

/**
 * `adoptable.*`: the adoptable animals for other sites, without a session. `feed` is also
 * `GET /api/animals/adoptable` (transports/routes/adoptable-feed.ts), in the OpenAPI document.
 */
export const adoptableRouter = router({
  feed: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/animals/adoptable',
        tags: ['Animals'],
        summary: 'The animals ready for adoption',
        description:
          'The adoptable animals, those waiting longest first, a page at a time, with the filters of the /adopt page. ' +
          'A reserved or adopted animal is never listed. Cached for up to five minutes.',
        errorResponses: { 400: 'A filter or page that is not one of the listed values (issues name it)' },
      },
    })
    .input(adoptableFeedInputSchema)
    .output(adoptableFeedOutputSchema)
    .query(({ ctx, input }) => adoptableFeed(ctx.em, input, { siteUrl: ctx.siteUrl ?? '' })),
});
