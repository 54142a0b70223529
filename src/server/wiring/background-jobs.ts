import type { FastifyBaseLogger } from 'fastify';
import { startSponsorTasks } from '../animals/sponsors/sponsor-task-loop';
import { startHealthAlerts } from '../console/health/health-alerts';
import { startSettingsRefresh } from '../console/settings/live-settings';
import { startRetentionJob } from '../donors/rights/retention';
import { startSettlementFetchJob } from '../gifts/razorpay-settlements/settlement-fetch-job';
import { startReconciler } from '../gifts/reconciliation/reconciler';
import { startNightlyBackups } from '../platform/backups/nightly-backups';
import { startMailWorker } from '../platform/mail/mail-worker';
import type { ServerDependencies } from './composition-root';
import { resolveAttachment } from './resolve-attachment';

export type BackgroundJob =
  | 'mail'
  | 'reconciliation'
  | 'retention'
  | 'settlements'
  | 'backups'
  | 'settings'
  | 'health'
  | 'sponsors';

export interface BackgroundJobs {
  /** Stops every loop, waiting for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Every loop a server runs beside its requests, started here and nowhere else: the mail worker
 * (sends the outbox), the reconciler (asks Razorpay about donations no one reported, every 5
 * minutes), the retention pass (anonymises receipts past their eight years and erases declined and
 * withdrawn applications past the admins' period, daily), the fetch of
 * Razorpay's settlements and their lines (daily) and, given `nightlyBackups` (main.ts: with the
 * embedded database), a backup at 02:30 India time, and the check for settings another instance
 * saved in the console (every 10 s), the health list's alerts to admins (every 5 minutes), and the
 * pauses and resumes owed at Razorpay for sponsors' gifts (every minute). Each is safe on several instances at once
 * (row locks, advisory locks; the nightly backup runs on the one server of an embedded database).
 * Command-line tools start none: their mail is sent by the running servers. Tests start only the
 * ones they need.
 */
export function startBackgroundJobs(
  deps: Pick<ServerDependencies, 'orm' | 'gateway' | 'donorLinks' | 'mailer' | 'settings' | 'backups' | 'health'>,
  log: FastifyBaseLogger,
  options: {
    jobs?: readonly BackgroundJob[];
    mailPollIntervalMs?: number;
    /** Take the nightly backup (main.ts: with the embedded database, or BACKUP_NIGHTLY). */
    nightlyBackups?: boolean;
  } = {},
): BackgroundJobs {
  const jobs = new Set(
    options.jobs ?? ['mail', 'reconciliation', 'retention', 'settlements', 'backups', 'settings', 'health', 'sponsors'],
  );
  const { orm } = deps;
  const running = [
    jobs.has('mail')
      ? startMailWorker(orm, deps.mailer, { resolveAttachment, log, pollIntervalMs: options.mailPollIntervalMs })
      : undefined,
    jobs.has('reconciliation')
      ? startReconciler({ orm, gateway: deps.gateway, log, donorLinks: deps.donorLinks })
      : undefined,
    jobs.has('retention') ? startRetentionJob({ orm, log }) : undefined,
    jobs.has('settlements') ? startSettlementFetchJob({ orm, gateway: deps.gateway, log }) : undefined,
    jobs.has('backups') && options.nightlyBackups
      ? startNightlyBackups({ orm, log, backups: deps.backups })
      : undefined,
    jobs.has('settings') ? startSettingsRefresh(deps.settings, log) : undefined,
    jobs.has('health') ? startHealthAlerts({ orm, log, environment: deps.health, settings: deps.settings }) : undefined,
    jobs.has('sponsors') ? startSponsorTasks({ orm, gateway: deps.gateway, log }) : undefined,
  ];
  return {
    async stop() {
      await Promise.all(running.map((job) => job?.stop()));
    },
  };
}
