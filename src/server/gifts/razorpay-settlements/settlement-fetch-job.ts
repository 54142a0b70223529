import { fetchSettlements, type SettlementFetchDependencies } from './fetch-settlements';

export const FETCH_SETTLEMENTS_EVERY_MS = 24 * 60 * 60 * 1000;
/**
 * The first fetch waits a minute after start: a server that starts and stops at once (a deploy
 * that fails its health check, a test) never calls Razorpay, and a stop never waits on its answer.
 */
export const FIRST_FETCH_AFTER_MS = 60_000;

export interface SettlementFetchJob {
  /** Stops the schedule, waiting for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Asks Razorpay for its settlements a minute after start, then once a day, so a settlement whose
 * webhook never came is in the console the next day at the latest. Several instances may each run
 * it: a settlement and its lines are stored once whoever stores them first.
 */
export function startSettlementFetchJob(
  deps: SettlementFetchDependencies,
  { everyMs = FETCH_SETTLEMENTS_EVERY_MS, firstAfterMs = FIRST_FETCH_AFTER_MS } = {},
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
  const schedule = () => {
    running = running.then(pass);
  };
  let daily: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    schedule();
    daily = setInterval(schedule, everyMs);
    daily.unref();
  }, firstAfterMs);
  first.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(daily);
      await running;
    },
  };
}
