import { imageAltInputSchema, imageIdsInputSchema, imageListInputSchema } from '../../../../shared/images.schema';
import { idInputSchema } from '../../../../shared/staff.schema';
import { deleteImage, imagesByIds, listImages, updateImageAlt } from '../../../platform/images/images';
import { actorOf } from '../../../platform/staff/staff-actor';
import { router } from '../init';
import { staffProcedure } from '../staff-procedures';

/**
 * `staff.images.*`: the console's photos (the upload itself is a route: transports/routes/image-upload.ts).
 * Other features refer to a photo by its id and record where they use it (platform/images/image-uses.ts).
 */
export const imagesRouter = router({
  list: staffProcedure.input(imageListInputSchema).query(({ ctx, input }) => listImages(ctx.em, input)),
  /** The photos an editor already refers to, in the order asked. */
  byIds: staffProcedure.input(imageIdsInputSchema).query(({ ctx, input }) => imagesByIds(ctx.em, input.ids)),
  updateAlt: staffProcedure
    .input(imageAltInputSchema)
    .mutation(({ ctx, input }) => updateImageAlt(ctx.em, actorOf(ctx.staff), input)),
  delete: staffProcedure
    .input(idInputSchema)
    .mutation(({ ctx, input }) =>
      deleteImage(ctx.em, { storage: ctx.imageStorage ?? { dir: undefined }, actor: actorOf(ctx.staff) }, input.id),
    ),
});
