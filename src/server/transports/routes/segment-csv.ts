import type { FastifyInstance } from 'fastify';
import { segmentSchema } from '../../../shared/segments.schema';
import { segmentCsv } from '../../donors/retention/segment-csv';
import { audit } from '../../platform/audit/audit';
import type { Orm } from '../../platform/db/orm';
import { fieldIssues } from '../../platform/http/field-issues';
import { actorOf } from '../../platform/staff/staff-actor';
import { requireStaff, staffOf } from './require-staff';

/**
 * `GET /staff/api/segment.csv?segment=<the segment as JSON>`: every donor of a segment (LYBUNT,
 * SYBUNT, an appeal's, a year's, by amount) with their phone and what they gave, the console's
 * list in full; each export is in the audit trail with its segment.
 */
export async function segmentCsvRoutes(app: FastifyInstance, { orm }: { orm: Orm }) {
  // `warn`: the request log would print the URL.
  app.get<{ Querystring: { segment?: string } }>(
    '/staff/api/segment.csv',
    { logLevel: 'warn', preHandler: requireStaff(orm) },
    async (request, reply) => {
      let json: unknown;
      try {
        json = JSON.parse(request.query.segment ?? '');
      } catch {
        return reply
          .code(400)
          .send({ message: 'Invalid input', issues: [{ path: 'segment', message: 'Must be JSON' }] });
      }
      const parsed = segmentSchema.safeParse(json);
      if (!parsed.success) {
        const issues = fieldIssues(parsed.error).map((issue) => ({
          ...issue,
          path: issue.path ? `segment.${issue.path}` : 'segment',
        }));
        return reply.code(400).send({ message: 'Invalid input', issues });
      }
      const em = orm.em.fork();
      const csv = await segmentCsv(em, parsed.data);
      await audit(em, actorOf(staffOf(request)), 'export', { segment: parsed.data });
      const named = Object.values(parsed.data).join('-');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="donors-${named}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
