import { fetchSettlements, type SettlementFetchDependencies } from './fetch-settlements';

export const FETCH_SETTLEMENTS_EVERY_MS = 24 * 60 * 60 * 1000;

export interface SettlementFetchJob {
  /** Stops the schedule, waiting for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Asks Razorpay for its settlements once a day inside the server (and once at start), so a
 * settlement whose webhook never came is still in the console the next day. Several instances may
 * each run it: a settlement and its lines are stored once whoever stores them first.
 */
export function startSettlementFetchJob(
  deps: SettlementFetchDependencies,
  everyMs = FETCH_SETTLEMENTS_EVERY_MS,
): SettlementFetchJob {
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    try {
      const report = await fetchSettlements(deps);
      if (report.settlements > 0 || report.withEntries > 0) deps.log.info({ report }, 'fetched Razorpay settlements');
    } catch (error) {
      deps.log.error({ err: error }, 'fetching Razorpay settlements failed');
    }
  };
  running = running.then(pass);
  const timer = setInterval(() => {
    running = running.then(pass);
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
