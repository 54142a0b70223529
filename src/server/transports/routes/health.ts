import type { FastifyInstance } from 'fastify';
import { RETRY_AFTER_SECONDS } from '../../platform/db/database-unavailable';
import { isDatabaseUp, type Orm } from '../../platform/db/orm';

/** For load balancers and uptime checks: healthy means the database answers. */
export async function healthRoutes(app: FastifyInstance, { orm }: { orm: Orm }): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    if (await isDatabaseUp(orm)) return { status: 'ok' };
    return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ status: 'unavailable' });
  });
}
