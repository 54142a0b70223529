import { offsiteBucketSchema, offsiteSetupSchema } from '../../../../shared/backups.schema';
import { audit } from '../../../platform/audit/audit';
import { listBackups } from '../../../platform/backups/backup-list';
import {
  offsiteBackupStatus,
  offsiteSettingsView,
  saveOffsiteSettings,
  testOffsiteBucket,
} from '../../../platform/backups/offsite-settings';
import { DomainError } from '../../../platform/core/domain-error';
import { actorOf } from '../../../platform/staff/staff-actor';
import { router } from '../init';
import { adminProcedure } from '../staff-procedures';

/**
 * `staff.backups.*` (admins only): the backups and the one running, "Back up now", and the copies
 * off the machine (set-up, test). A backup's file downloads through platform/backups/backup-files.ts.
 */
export const backupsRouter = router({
  list: adminProcedure.query(async ({ ctx }) => ({
    backups: await listBackups(ctx.em, ctx.backups.dir),
    run: ctx.backups.state(),
    offsite: await offsiteBackupStatus(ctx.em),
  })),
  /** Answers at once; the page shows the progress and the outcome on its next read. */
  backUpNow: adminProcedure.mutation(async ({ ctx }) => {
    if (!(await ctx.backups.start('manual'))) {
      throw new DomainError('CONFLICT', 'A backup is already running: wait for it to finish, then refresh the page');
    }
    await audit(ctx.em, actorOf(ctx.staff), 'backup_requested', null);
    return ctx.backups.state();
  }),
  offsite: router({
    get: adminProcedure.query(({ ctx }) => offsiteSettingsView(ctx.em)),
    test: adminProcedure
      .input(offsiteBucketSchema)
      .mutation(({ ctx, input }) => testOffsiteBucket(ctx.em, ctx.cipher, input)),
    save: adminProcedure
      .input(offsiteSetupSchema)
      .mutation(({ ctx, input }) => saveOffsiteSettings(ctx.em, ctx.cipher, actorOf(ctx.staff), input)),
  }),
});
