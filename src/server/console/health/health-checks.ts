import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { HealthItemId } from '../../../shared/health';
import { indiaMidnight } from '../../../shared/india-time';
import { siteContent } from '../../../shared/site-content';
import { getTrustDetails } from '../../gifts/receipts/trust-details';
import { backupsVerdict, offsiteVerdict } from './backup-health';
import type { HealthCheckContext } from './health-context';
import { mailVerdict } from './mail-health';
import { policyTextsPresent } from './policy-texts';
import { amber, green, red, type Verdict } from './verdicts';
import { webhooksVerdict } from './webhook-health';

type HealthCheck = { id: HealthItemId; title: string; check: (context: HealthCheckContext) => Promise<Verdict> };

/** Below this share of free space the disk is red. */
export const MIN_FREE_DISK_SHARE = 0.1;

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
    return red('The live keys have not been checked: press “Check the keys” in Settings.', 'settings');
  }
  if (!check.ok) {
    return red(
      'Razorpay refused the live keys at their last check: copy them again into Settings and check.',
      'settings',
    );
  }
  return green('Live keys, accepted by Razorpay at their last check.', 'settings');
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
  { id: 'webhooks', title: 'Webhooks', check: ({ em, now }) => webhooksVerdict(em, now) },
  { id: 'mail', title: 'Mail', check: mailVerdict },
  { id: 'trust-details', title: 'Trust details', check: trustDetails },
  { id: 'policy-pages', title: 'Policy pages', check: policyPages },
  { id: 'https', title: 'https', check: https },
  { id: 'backups', title: 'Backups', check: ({ em, now }) => backupsVerdict(em, now) },
  { id: 'offsite', title: 'Off-site copies', check: ({ em, now }) => offsiteVerdict(em, now) },
  { id: 'disk', title: 'Disk space', check: disk },
  { id: 'encryption-key', title: 'Encryption key', check: encryptionKey },
  { id: 'admins', title: 'Admins', check: admins },
  { id: 'alert-recipients', title: 'Alert e-mail', check: alertRecipients },
];
