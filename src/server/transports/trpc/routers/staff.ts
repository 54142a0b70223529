import {
  addStaffInputSchema,
  auditListInputSchema,
  changeOwnPasswordInputSchema,
  donationListInputSchema,
  idInputSchema,
  resetPasswordInputSchema,
  setDisabledInputSchema,
  setOwnEmailInputSchema,
  setStaffEmailInputSchema,
  subscriptionListInputSchema,
} from '../../../../shared/staff.schema';
import { getOverview } from '../../../console/overview/overview';
import { listDonations } from '../../../gifts/gift-lists/donation-list';
import { donationStory } from '../../../gifts/gift-story/donation-story';
import { cancelSubscription, listSubscriptions } from '../../../gifts/gift-story/subscriptions';
import { listAudit } from '../../../platform/audit/audit';
import {
  addAccount,
  changeOwnPassword,
  listAccounts,
  ownEmail,
  resetPassword,
  setDisabled,
  setEmail,
  setOwnEmail,
} from '../../../platform/staff/staff-accounts';
import { router } from '../init';
import { adminProcedure, staffProcedure } from '../staff-procedures';
import { staffAnimalsRouter } from './animals';
import { staffAppealsRouter } from './appeals';
import { applicationsRouter } from './applications';
import { backupsRouter } from './backups';
import { certificatesRouter } from './certificates';
import { donorsRouter } from './donors';
import { erasureRouter } from './erasure';
import { healthRouter } from './health';
import { imagesRouter } from './images';
import { monthlyAtRiskRouter } from './monthly-at-risk';
import { offlineGiftsRouter } from './offline-gifts';
import { mailboxRouter, outboxRouter, receiptsRouter, trustRouter } from './receipts-and-mail';
import { retentionRouter } from './retention';
import { settingsRouter } from './settings';
import { settlementsRouter } from './settlements';
import { siteContentRouter } from './site-content';
import { staffSponsorshipsRouter } from './sponsorships';
import { statementRouter } from './statement';
import { thanksRouter } from './thanks';

/** The console's procedures (`staff.*`); sign-in and sign-out (transports/routes/staff-session.ts) and the files (routes/) are plain routes. */
export const staffRouter = router({
  me: staffProcedure.query(({ ctx }) => {
    const { id, username, displayName, role } = ctx.staff;
    return { id, username, displayName, role };
  }),
  overview: staffProcedure.query(({ ctx }) => getOverview({ em: ctx.em })),
  donations: router({
    list: staffProcedure.input(donationListInputSchema).query(({ ctx, input }) => listDonations({ em: ctx.em, input })),
    story: staffProcedure.input(idInputSchema).query(({ ctx, input }) => donationStory({ em: ctx.em, input })),
  }),
  donors: donorsRouter,
  subscriptions: router({
    list: staffProcedure
      .input(subscriptionListInputSchema)
      .query(({ ctx, input }) => listSubscriptions({ em: ctx.em, input })),
    cancel: staffProcedure.input(idInputSchema).mutation(({ ctx, input }) => cancelSubscription({ ...ctx, input })),
  }),
  monthlyAtRisk: monthlyAtRiskRouter,
  thanks: thanksRouter,
  accounts: router({
    list: adminProcedure.query(({ ctx }) => listAccounts({ em: ctx.em })),
    add: adminProcedure.input(addStaffInputSchema).mutation(({ ctx, input }) => addAccount({ ...ctx, input })),
    setDisabled: adminProcedure
      .input(setDisabledInputSchema)
      .mutation(({ ctx, input }) => setDisabled({ ...ctx, input })),
    resetPassword: adminProcedure
      .input(resetPasswordInputSchema)
      .mutation(({ ctx, input }) => resetPassword({ ...ctx, input })),
    setEmail: adminProcedure.input(setStaffEmailInputSchema).mutation(({ ctx, input }) => setEmail({ ...ctx, input })),
    setOwnEmail: staffProcedure
      .input(setOwnEmailInputSchema)
      .mutation(({ ctx, input }) => setOwnEmail({ ...ctx, input })),
    ownEmail: staffProcedure.query(({ ctx }) => ownEmail(ctx.em, ctx.staff.id)),
    changeOwnPassword: staffProcedure
      .input(changeOwnPasswordInputSchema)
      .mutation(({ ctx, input }) => changeOwnPassword({ ...ctx, input })),
  }),
  statement: statementRouter,
  erasure: erasureRouter,
  certificates: certificatesRouter,
  offlineGifts: offlineGiftsRouter,
  appeals: staffAppealsRouter,
  animals: staffAnimalsRouter,
  images: imagesRouter,
  settlements: settlementsRouter,
  audit: router({
    list: adminProcedure.input(auditListInputSchema).query(({ ctx, input }) => listAudit(ctx.em, input)),
  }),
  receipts: receiptsRouter,
  outbox: outboxRouter,
  mailbox: mailboxRouter,
  trust: trustRouter,
  siteContent: siteContentRouter,
  settings: settingsRouter,
  backups: backupsRouter,
  health: healthRouter,
  retention: retentionRouter,
  applications: applicationsRouter,
  sponsorships: staffSponsorshipsRouter,
});
