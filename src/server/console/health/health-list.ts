import type { FastifyBaseLogger } from 'fastify';
import type { HealthItem } from '../../../shared/health';
import { HEALTH_CHECKS } from './health-checks';
import type { HealthCheckContext } from './health-context';

/**
 * The overview's health list: every check at once, each one cheap read (read on every overview
 * load). A check that throws shows red with its reason, rather than hiding the others.
 */
export async function healthList(
  context: Omit<HealthCheckContext, 'now'> & { now?: Date; log?: Pick<FastifyBaseLogger, 'error'> },
): Promise<HealthItem[]> {
  const { log, ...checkContext } = context;
  const now = context.now ?? new Date();
  return Promise.all(
    HEALTH_CHECKS.map(async ({ id, title, check }): Promise<HealthItem> => {
      try {
        return { id, title, ...(await check({ ...checkContext, now })) };
      } catch (error) {
        log?.error({ err: error, item: id }, 'health check failed');
        return { id, title, state: 'red', message: 'This could not be checked: see the server log.', fix: null };
      }
    }),
  );
}
