import { statementYearInputSchema } from '../../../../shared/annual.schema';
import { certificateAssignInputSchema, certificateSendInputSchema } from '../../../../shared/certificates.schema';
import {
  assignCertificate,
  listCertificates,
  sendCertificates,
} from '../../../papers/certificates/deliver-certificates';
import { yearEndReminders } from '../../../papers/certificates/year-end-reminders';
import { actorOf } from '../../../platform/staff/staff-actor';
import { router } from '../init';
import { adminProcedure, staffProcedure } from '../staff-procedures';

/**
 * `staff.certificates.*`: donors' certificates of donation uploaded from the portal (the upload
 * itself is a route: transports/routes/certificate-upload.ts), matched, confirmed and delivered.
 */
export const certificatesRouter = router({
  list: staffProcedure
    .input(statementYearInputSchema)
    .query(({ ctx, input }) => listCertificates(ctx.em, ctx.cipher, input.year)),
  /** A certificate (full PAN and address) to a hand-typed address: an admin's call. */
  assign: adminProcedure
    .input(certificateAssignInputSchema)
    .mutation(({ ctx, input }) => assignCertificate(ctx.em, actorOf(ctx.staff), input)),
  /** The overview's reminders of the statement's due date and the certificates still to deliver. */
  reminders: staffProcedure.query(({ ctx }) => yearEndReminders(ctx.em, new Date())),
  send: staffProcedure
    .input(certificateSendInputSchema)
    .mutation(({ ctx, input }) =>
      sendCertificates(ctx.em, { donorLinks: ctx.donorLinks, actor: actorOf(ctx.staff) }, input),
    ),
});
