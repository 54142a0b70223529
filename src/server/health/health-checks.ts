import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { HealthItem, HealthItemId } from '../../shared/health';
import { indiaMidnight } from '../../shared/india-time';
import { siteContent } from '../../shared/site-content';
import { backupStatus } from '../backups/backup-status';
import { offsiteBackupStatus } from '../backups/offsite-settings';
import { getTrustDetails } from '../receipts/trust-details';
import type { LiveSettings } from '../settings/live-settings';
import { policyTextsPresent } from './policy-texts';

/** What the checks read besides the database: the server's own facts, fixed at its start. */
export interface HealthEnvironment {
  /** SITE_URL. */
  siteUrl: string;
  /** DATA_ENCRYPTION_KEY came from the environment (else the development key generated under .data). */
  dataEncryptionKeyFromEnvironment: boolean;
  /** Where the data lives (the backups' directory): its file system's free space is checked. */
  dataDir: string;
}

export interface HealthCheckContext {
  em: EntityManager;
  now: Date;
  environment: HealthEnvironment;
  settings: Pick<LiveSettings, 'environment' | 'effective'>;
}

type Verdict = Omit<HealthItem, 'id' | 'title'>;
type HealthCheck = { id: HealthItemId; title: string; check: (context: HealthCheckContext) => Promise<Verdict> };

const HOUR_MS = 60 * 60 * 1000;
/** A nightly backup a little late is still fine; one missed is not. */
export const BACKUP_MAX_AGE_MS = 26 * HOUR_MS;
/** Below this share of free space the disk is red. */
export const MIN_FREE_DISK_SHARE = 0.1;

const green = (message: string, fix: Verdict['fix'] = null): Verdict => ({ state: 'green', message, fix });
const amber = (message: string, fix: Verdict['fix'] = null): Verdict => ({ state: 'amber', message, fix });
const red = (message: string, fix: Verdict['fix'] = null): Verdict => ({ state: 'red', message, fix });

async function razorpayKeys({ em, settings }: HealthCheckContext): Promise<Verdict> {
  const { keyId } = settings.effective.razorpay;
  if (settings.environment.provider === 'sandbox') {
    return amber('The server runs the sandbox: test payments only. Production starts with live keys (rzp_live_…).');
  }
  if (!keyId)
    return red('No Razorpay keys are set: no donation can be taken. Save the live keys in Settings.', 'settings');
  if (!keyId.startsWith('rzp_live_')) {
    return amber(
      'Test keys (rzp_test_…): test payments only. Save the live keys in Settings and check them.',
      'settings',
    );
  }
  const [check] = await em.execute<{ key_id: string | null; ok: boolean | null }[]>(
    'select razorpay_checked_key_id as key_id, razorpay_check_ok as ok from console_settings where id = 1',
  );
  if (check?.key_id !== keyId) {
    return red('The live keys have not been checked: press Check beside them in Settings.', 'settings');
  }
  if (!check.ok) {
    return red(
      'Razorpay refused the live keys at their last check: copy them again into Settings and check.',
      'settings',
    );
  }
  return green('Live keys, accepted by Razorpay at their last check.', 'settings');
}

async function webhooks({ em, now }: HealthCheckContext): Promise<Verdict> {
  // webhook_deliveries is a ring of 50 rows; the paid donation is one probe of (status, created_at).
  const [row] = await em.execute<{ verified: string; failed: string; paid: boolean }[]>(
    `select count(*) filter (where verified) as verified, count(*) filter (where not verified) as failed,
       exists (select 1 from donations where status = 'paid' and created_at > ?::timestamptz - interval '7 days'
         and mode = 'online') as paid
     from webhook_deliveries where received_at > ?::timestamptz - interval '7 days'`,
    [now, now],
  );
  const failed = Number(row?.failed ?? 0);
  if (failed > 0) {
    return red(
      `${failed} webhook ${failed === 1 ? 'delivery' : 'deliveries'} failed the signature check in the last 7 days: the webhook secret differs from Razorpay's dashboard. Copy it again into Settings.`,
      'settings',
    );
  }
  if (row?.paid && Number(row.verified) === 0) {
    return red(
      "Donations were paid in the last 7 days but no verified webhook arrived: add the webhook shown in Settings to Razorpay's dashboard.",
      'settings',
    );
  }
  return green('Webhooks arrive and verify (or no payment needed one in the last 7 days).', 'settings');
}

async function mail({ em, now }: HealthCheckContext): Promise<Verdict> {
  // Each an index probe of mail_outbox (status, created_at).
  const [row] = await em.execute<{ failed: boolean; waiting: boolean; sent: boolean }[]>(
    `select
       exists (select 1 from mail_outbox where status = 'failed' and created_at > ?::timestamptz - interval '1 day') as failed,
       exists (select 1 from mail_outbox where status = 'queued' and created_at < ?::timestamptz - interval '1 hour') as waiting,
       exists (select 1 from mail_outbox where status = 'sent' and created_at > ?::timestamptz - interval '1 day') as sent`,
    [now, now, now],
  );
  if (row?.failed) {
    return red(
      'Mail failed to send in the last day: check the mail server in Settings and send a test mail.',
      'settings',
    );
  }
  if (row?.waiting) {
    return amber('Mail has waited more than an hour to be sent: check the mail server in Settings.', 'settings');
  }
  return green(row?.sent ? 'Mail was delivered in the last day, none failing.' : 'No mail failing.', 'settings');
}

/**
 * When an approval's validity as written ("AY 2022-23 to AY 2026-27") ends: assessment year Y-(Y+1)
 * assesses the year that ends on 31 March Y. Null when no assessment year is named.
 */
export function approvalEnds(validity: string): Date | null {
  const years = [...validity.matchAll(/\bA\.?Y\.?\s*(\d{4})\s*[-–]\s*\d{2}\b/gi)];
  const last = years.at(-1);
  return last ? indiaMidnight(Number(last[1]), 4, 1) : null;
}

async function trustDetails({ em, now }: HealthCheckContext): Promise<Verdict> {
  const details = await getTrustDetails(em);
  const placeholders = siteContent.legal;
  const unfilled =
    details.pan === placeholders.pan ||
    details.registration80g === placeholders.registration80g ||
    details.address === placeholders.address;
  if (unfilled) {
    return red(
      'The trust details are placeholders: receipts would carry a wrong PAN and approval. Fill in the PAN, the approval number (section 80G(5) / 354) and its dates in Trust details.',
      'trust',
    );
  }
  const ends = approvalEnds(details.validity);
  if (ends && now >= ends) {
    return amber(
      `The approval's validity (${details.validity}) has ended: once it is renewed, enter the new approval and its dates in Trust details.`,
      'trust',
    );
  }
  return green(`PAN, approval ${details.registration80g} (${details.validity}) filled.`, 'trust');
}

async function policyPages({ em }: HealthCheckContext): Promise<Verdict> {
  const [row] = await em.execute<{ content: unknown }[]>(
    `select content from site_content_versions where status = 'published' order by published_at desc, id desc limit 1`,
  );
  if (!row || !policyTextsPresent(row.content)) {
    return red(
      'The privacy, terms and refunds pages are not published: write them in Site content and publish.',
      'siteContent',
    );
  }
  return green('The privacy, terms and refunds pages are published.', 'siteContent');
}

async function https({ environment }: HealthCheckContext): Promise<Verdict> {
  if (new URL(environment.siteUrl).protocol === 'https:') return green(`The site is served at ${environment.siteUrl}.`);
  return red(
    `SITE_URL is ${environment.siteUrl}, not https: donors' links and the checkout need https. Set SITE_URL in the server's environment.`,
  );
}

async function backups({ em, now }: HealthCheckContext): Promise<Verdict> {
  const [local, offsite] = [await backupStatus(em, now), await offsiteBackupStatus(em)];
  const fresh = (iso: string | null) => iso !== null && now.getTime() - Date.parse(iso) < BACKUP_MAX_AGE_MS;
  if (!fresh(local.lastTakenAt)) {
    return red('No backup in the last 26 hours: take one now in Backups and look at the server log.', 'backups');
  }
  if (!offsite.configured) {
    return red('Backups are not copied off the machine: set up the off-site copies in Backups.', 'backups');
  }
  if (!fresh(offsite.lastCopiedAt)) {
    return red(
      'No backup was copied off the machine in the last 26 hours: test the bucket in Backups (its last error is shown there).',
      'backups',
    );
  }
  return green('The last backup is under 26 hours old and copied off the machine.', 'backups');
}

/** The nearest existing directory of a path (the backups' directory may not exist before the first backup). */
async function statfsOfNearest(path: string) {
  try {
    return await statfs(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(path) === path) throw error;
    return statfsOfNearest(dirname(path));
  }
}

/** The disk's verdict from its share of free space (0–1). */
export function diskVerdict(freeShare: number): Verdict {
  const percent = `${Math.floor(freeShare * 100)} %`;
  if (freeShare <= MIN_FREE_DISK_SHARE) {
    return red(
      `The data disk has ${percent} free: backups and the database will fail when it fills. Free space on it.`,
    );
  }
  return green(`The data disk has ${percent} free.`);
}

async function disk({ environment }: HealthCheckContext): Promise<Verdict> {
  const stats = await statfsOfNearest(environment.dataDir);
  return diskVerdict(stats.bavail / stats.blocks);
}

async function encryptionKey({ environment }: HealthCheckContext): Promise<Verdict> {
  if (environment.dataEncryptionKeyFromEnvironment) return green('DATA_ENCRYPTION_KEY is set in the environment.');
  return red(
    "DATA_ENCRYPTION_KEY is the development key generated under .data: set one (openssl rand -hex 32) in the server's environment and keep a copy safe.",
  );
}

async function admins({ em }: HealthCheckContext): Promise<Verdict> {
  const [row] = await em.execute<{ admins: string }[]>(
    `select count(*) as admins from users where role = 'admin' and not disabled`,
  );
  const count = Number(row?.admins ?? 0);
  if (count < 2) {
    return red(
      `${count === 1 ? 'Only one admin' : 'No admin'}: no one could let the trust back in if that password were lost. Add a second admin in Staff accounts.`,
      'accounts',
    );
  }
  return green(`${count} admins.`, 'accounts');
}

async function alertRecipients({ em }: HealthCheckContext): Promise<Verdict> {
  const [row] = await em.execute<{ reachable: boolean }[]>(
    `select exists (select 1 from users where role = 'admin' and not disabled and email is not null) as reachable`,
  );
  if (!row?.reachable) {
    return amber('No admin has an e-mail address for alerts: add one in Staff accounts.', 'accounts');
  }
  return green('Admins are mailed when an item turns red, and when it clears.', 'accounts');
}

/** The list, in the order the overview shows it. */
export const HEALTH_CHECKS: readonly HealthCheck[] = [
  { id: 'razorpay-keys', title: 'Razorpay keys', check: razorpayKeys },
  { id: 'webhooks', title: 'Webhooks', check: webhooks },
  { id: 'mail', title: 'Mail', check: mail },
  { id: 'trust-details', title: 'Trust details', check: trustDetails },
  { id: 'policy-pages', title: 'Policy pages', check: policyPages },
  { id: 'https', title: 'https', check: https },
  { id: 'backups', title: 'Backups', check: backups },
  { id: 'disk', title: 'Disk space', check: disk },
  { id: 'encryption-key', title: 'Encryption key', check: encryptionKey },
  { id: 'admins', title: 'Admins', check: admins },
  { id: 'alert-recipients', title: 'Alert e-mail', check: alertRecipients },
];
