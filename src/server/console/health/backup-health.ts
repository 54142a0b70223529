import type { EntityManager } from '@mikro-orm/postgresql';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { backupStatus } from '../../platform/backups/backup-status';
import { offsiteBackupStatus } from '../../platform/backups/offsite-settings';
import { amber, green, grey, red, type Verdict } from './verdicts';

const HOUR_MS = 60 * 60 * 1000;
/** A nightly backup a little late is still fine; one missed is not. */
export const BACKUP_MAX_AGE_MS = 26 * HOUR_MS;
/** An off-site copy this old has missed two nights: red. */
const OFFSITE_RED_AGE_MS = 50 * HOUR_MS;

const inIndia = (iso: string) => `${formatIndiaDateTime(new Date(iso))} India time`;

/** The backups on this machine. */
export async function backupsVerdict(em: EntityManager, now: Date): Promise<Verdict> {
  const local = await backupStatus(em, now);
  if (local.lastTakenAt === null || now.getTime() - Date.parse(local.lastTakenAt) >= BACKUP_MAX_AGE_MS) {
    return red('No backup in the last 26 hours: take one now in Backups and look at the server log.', 'backups');
  }
  return green(`The last backup was taken ${inIndia(local.lastTakenAt)}.`, 'backups');
}

/**
 * The copies off the machine (backups/offsite-*.ts records each copy and error): grey when not
 * set up, red when the last try failed or none was ever made, amber one night late, red two.
 */
export async function offsiteVerdict(em: EntityManager, now: Date): Promise<Verdict> {
  const offsite = await offsiteBackupStatus(em);
  if (!offsite.configured) {
    return grey(
      'Not set up: the backups stay on this machine only, and are lost with it. Set up off-site copies in Backups.',
      'backups',
    );
  }
  const last = offsite.lastCopiedAt;
  const lastCopy = last ? `the last good copy was made ${inIndia(last)}` : 'no copy has been made yet';
  if (offsite.lastErrorAt && (!last || Date.parse(offsite.lastErrorAt) > Date.parse(last))) {
    // The reason the copy recorded (backups/offsite-copy.ts): the bucket's answer, or that the
    // passphrase must be typed again, which a Test of the bucket would not show.
    const reason = offsite.lastError ? ` ${offsite.lastError.replace(/\.?\s*$/, '.')}` : ' Test the bucket in Backups.';
    return red(
      `The last copy off the machine failed ${inIndia(offsite.lastErrorAt)}; ${lastCopy}.${reason}`,
      'backups',
    );
  }
  if (!last) {
    return red('No backup has been copied off the machine yet: press "Back up now" in Backups.', 'backups');
  }
  const age = now.getTime() - Date.parse(last);
  if (age >= OFFSITE_RED_AGE_MS) {
    return red(`No copy off the machine for two nights: ${lastCopy}. Test the bucket in Backups.`, 'backups');
  }
  if (age >= BACKUP_MAX_AGE_MS) {
    return amber(`The nightly copy off the machine is late: ${lastCopy}. Look at Backups.`, 'backups');
  }
  return green(`The last copy off the machine was made ${inIndia(last)}.`, 'backups');
}
