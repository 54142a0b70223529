import { completeNewMandates } from '../settlement/new-mandate';
import { refundPaymentsAfterErasure } from '../settlement/paid-after-erasure';
import { type ReconcileDependencies, reconcilePendingDonations } from './reconcile';

export const RECONCILE_EVERY_MS = 5 * 60_000;

export interface Reconciler {
  /** Stops the schedule; a pass in progress stops after its current donation. */
  stop(): Promise<void>;
}

/**
 * Runs reconciliation every few minutes inside the server (the advisory lock keeps it to one
 * instance), then the refunds still owed for payments made after their donor's erasure, then
 * the old mandates to end whose new one is authorised (gifts/settlement/new-mandate.ts).
 */
export function startReconciler(deps: ReconcileDependencies, everyMs = RECONCILE_EVERY_MS): Reconciler {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const pass = async () => {
    if (stopped) return;
    try {
      const report = await reconcilePendingDonations({ ...deps, shouldStop: () => stopped });
      if (report.checked > 0) deps.log.info({ report }, 'reconciled pending donations');
      // Payments held after their donor's erasure whose refund Razorpay did not take at once.
      const refunds = await refundPaymentsAfterErasure(deps.orm.em.fork(), deps.gateway);
      if (refunds.refunded + refunds.failed > 0) deps.log.info({ refunds }, 'refunded payments made after an erasure');
      // Old mandates whose new one the donor authorised but whose page never came back to say so.
      const ended = await completeNewMandates(deps.orm.em.fork(), deps);
      if (ended > 0) deps.log.info({ ended }, 'old mandates set to end with their month paid');
    } catch (error) {
      deps.log.error({ err: error }, 'reconciliation failed');
    }
  };
  const timer = setInterval(() => {
    running = running.then(pass);
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
