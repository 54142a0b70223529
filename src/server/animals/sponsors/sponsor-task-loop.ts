import type { FastifyBaseLogger } from 'fastify';
import type { Orm } from '../../platform/db/orm';
import { runGatewayTasks, type SponsorGateway } from './sponsor-gateway-tasks';

export const SPONSOR_TASKS_EVERY_MS = 60_000;

/**
 * Makes the pauses and resumes owed at Razorpay for sponsors' gifts (sponsor-gateway-tasks.ts) every
 * minute, inside the server (wiring/background-jobs.ts); rows locked with SKIP LOCKED, so several
 * instances share the work. The figures logged are counts only.
 */
export function startSponsorTasks(
  deps: { orm: Orm; gateway: SponsorGateway; log: FastifyBaseLogger },
  everyMs = SPONSOR_TASKS_EVERY_MS,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const pass = async () => {
    if (stopped) return;
    try {
      const report = await runGatewayTasks({ em: deps.orm.em.fork(), gateway: deps.gateway });
      if (report.done + report.failed > 0) deps.log.info({ report }, 'made the sponsors’ pauses and resumes owed');
    } catch (error) {
      deps.log.error({ err: error }, 'sponsors’ pauses and resumes failed');
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
