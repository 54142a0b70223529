import { razorpayCheckInputSchema, settingsInputSchema, testMailInputSchema } from '../../../../shared/settings.schema';
import { checkRazorpay, recordCheckOfSavedKeys, recordRazorpayCheck } from '../../../console/settings/razorpay-check';
import { saveSettings } from '../../../console/settings/save-settings';
import { settingsPage } from '../../../console/settings/settings-page';
import { sendTestMail } from '../../../console/settings/test-mail';
import { recentWebhookDeliveries } from '../../../gifts/webhooks/webhook-deliveries';
import { actorOf } from '../../../platform/staff/staff-actor';
import { router } from '../init';
import { adminProcedure } from '../staff-procedures';

/**
 * `staff.settings.*` (admins): Razorpay's keys and the SMTP server, applied without a restart.
 * No answer here carries a secret: only whether it is set and its last four characters.
 */
export const settingsRouter = router({
  get: adminProcedure.query(({ ctx }) => settingsPage(ctx.settings)),
  save: adminProcedure.input(settingsInputSchema).mutation(async ({ ctx, input }) => {
    const { changed } = await saveSettings({
      em: ctx.em,
      cipher: ctx.cipher,
      live: ctx.settings,
      actor: actorOf(ctx.staff),
      input,
    });
    // Keys Razorpay accepted when typed, now saved: that check stands for them.
    await recordCheckOfSavedKeys(ctx.em, ctx.settings);
    return { changed, settings: await settingsPage(ctx.settings) };
  }),
  checkRazorpay: adminProcedure.input(razorpayCheckInputSchema).mutation(async ({ ctx, input }) => {
    const result = await checkRazorpay(ctx.settings, input);
    await recordRazorpayCheck(ctx.em, ctx.settings, input, result);
    return result;
  }),
  sendTestMail: adminProcedure
    .input(testMailInputSchema)
    .mutation(({ ctx, input }) =>
      sendTestMail({ em: ctx.em, live: ctx.settings, actor: actorOf(ctx.staff), to: input.to }),
    ),
  /** The last webhook deliveries, newest first: when, which event, whether the signature verified. */
  webhookDeliveries: adminProcedure.query(({ ctx }) => recentWebhookDeliveries(ctx.em)),
});
