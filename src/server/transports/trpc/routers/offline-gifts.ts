import { bounceGiftInputSchema, offlineGiftInputSchema } from '../../../../shared/offline-gift.schema';
import { bounceOfflineGift } from '../../../gifts/offline-gifts/bounce-gift';
import { recordOfflineGift } from '../../../gifts/offline-gifts/record-gift';
import { actorOf } from '../../../platform/staff/staff-actor';
import { router } from '../init';
import { staffProcedure } from '../staff-procedures';

/**
 * `staff.offlineGifts.*`: gifts received outside the website, recorded one at a time and a cheque
 * or draft marked bounced. The CSV template and import are routes (transports/routes/offline-gift-files.ts).
 */
export const offlineGiftsRouter = router({
  record: staffProcedure
    .input(offlineGiftInputSchema)
    .mutation(({ ctx, input }) =>
      recordOfflineGift(ctx.em, { cipher: ctx.cipher, donorLinks: ctx.donorLinks, staff: ctx.staff }, input),
    ),
  bounce: staffProcedure
    .input(bounceGiftInputSchema)
    .mutation(({ ctx, input }) =>
      bounceOfflineGift(ctx.em, { donorLinks: ctx.donorLinks, actor: actorOf(ctx.staff) }, input),
    ),
});
