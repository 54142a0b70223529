import { TRPCError } from '@trpc/server';
import {
  mailboxMessageInputSchema,
  outboxListInputSchema,
  receiptIdInputSchema,
  receiptListInputSchema,
} from '../../../../shared/receipts.schema';
import { listReceipts, resendReceipt } from '../../../gifts/gift-story/receipt-register';
import { getTrustDetails, trustDetailsSchema } from '../../../gifts/receipts/trust-details';
import { updateTrust } from '../../../gifts/receipts/trust-update';
import { getMailboxMessage, listMailbox } from '../../../platform/mail/dev-mailbox-view';
import { listOutbox } from '../../../platform/mail/outbox-list';
import { actorOf } from '../../../platform/staff/staff-actor';
import { router } from '../init';
import { adminProcedure, staffProcedure } from '../staff-procedures';

/** `staff.receipts.*`; the PDF itself is a route (transports/routes/staff-receipt-file.ts). */
export const receiptsRouter = router({
  list: staffProcedure.input(receiptListInputSchema).query(({ ctx, input }) => listReceipts({ em: ctx.em, input })),
  resend: staffProcedure
    .input(receiptIdInputSchema)
    .mutation(({ ctx, input }) => resendReceipt({ em: ctx.em, donorLinks: ctx.donorLinks, input })),
});

/** `staff.outbox.*`: every message queued, sent or failed, with the reason. */
export const outboxRouter = router({
  list: staffProcedure.input(outboxListInputSchema).query(({ ctx, input }) => listOutbox({ em: ctx.em, input })),
});

/** `staff.mailbox.*`: the in-process SMTP server's messages, when SMTP_URL is unset outside production. */
export const mailboxRouter = router({
  list: staffProcedure.query(({ ctx }) => listMailbox(ctx.mailer.devMailbox, ctx.mailer.sendsToDevMailbox)),
  get: staffProcedure.input(mailboxMessageInputSchema).query(({ ctx, input }) => {
    const message = getMailboxMessage(ctx.mailer.devMailbox, input.index);
    if (!message) throw new TRPCError({ code: 'NOT_FOUND', message: `No message ${input.index}` });
    return message;
  }),
});

/** `staff.trust.*`: the legal details receipts are issued with and the name the site and mails show (admins); issued receipts keep theirs. */
export const trustRouter = router({
  get: adminProcedure.query(({ ctx }) => getTrustDetails(ctx.em)),
  update: adminProcedure.input(trustDetailsSchema).mutation(async ({ ctx, input }) => {
    const details = await updateTrust(ctx.em, actorOf(ctx.staff), input);
    // The pages name the trust (header, footer, checkout, policy pages): this instance's show
    // the new details before the call answers, the others' within their check.
    await ctx.sitePages?.refresh();
    return details;
  }),
});
