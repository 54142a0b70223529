import type { FastifyInstance } from 'fastify';
import { donationFilterSchema } from '../../../shared/staff.schema';
import { donationsCsv } from '../../gifts/gift-lists/csv-export';
import { audit } from '../../platform/audit/audit';
import type { Orm } from '../../platform/db/orm';
import { fieldIssues } from '../../platform/http/field-issues';
import { actorOf } from '../../platform/staff/staff-actor';
import { requireStaff, staffOf } from './require-staff';

/**
 * `GET /staff/api/donations.csv?filters=<the list's filter as JSON>`: exactly the rows the console's
 * list shows, newest first, streamed; each export is in the audit trail with its filters.
 */
export async function donationsCsvRoutes(app: FastifyInstance, { orm }: { orm: Orm }) {
  // `warn`: the request log would print the URL, and a search in the filters can be a donor's name.
  app.get<{ Querystring: { filters?: string } }>(
    '/staff/api/donations.csv',
    { logLevel: 'warn', preHandler: requireStaff(orm) },
    async (request, reply) => {
      let json: unknown;
      try {
        json = JSON.parse(request.query.filters ?? '{}');
      } catch {
        return reply
          .code(400)
          .send({ message: 'Invalid input', issues: [{ path: 'filters', message: 'Must be JSON' }] });
      }
      const parsed = donationFilterSchema.safeParse(json);
      if (!parsed.success) {
        const issues = fieldIssues(parsed.error).map((issue) => ({ ...issue, path: `filters.${issue.path}` }));
        return reply.code(400).send({ message: 'Invalid input', issues });
      }
      const em = orm.em.fork();
      await audit(em, actorOf(staffOf(request)), 'export', { filters: parsed.data });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="donations-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(donationsCsv(em, parsed.data));
    },
  );
}
