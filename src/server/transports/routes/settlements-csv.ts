import type { FastifyInstance } from 'fastify';
import { statementYearInputSchema } from '../../../shared/annual.schema';
import { settlementsCsv } from '../../gifts/razorpay-settlements/settlements-csv';
import { audit } from '../../platform/audit/audit';
import type { Orm } from '../../platform/db/orm';
import { fieldIssues } from '../../platform/http/field-issues';
import { actorOf } from '../../platform/staff/staff-actor';
import { requireStaff, staffOf } from './require-staff';

/**
 * `GET /staff/api/settlements.csv?year=2026-27`: every line of the financial year's Razorpay
 * settlements for the accountant, streamed; each download is in the audit trail.
 */
export async function settlementsCsvRoutes(app: FastifyInstance, { orm }: { orm: Orm }) {
  app.get<{ Querystring: { year?: string } }>(
    '/staff/api/settlements.csv',
    { logLevel: 'warn', preHandler: requireStaff(orm) },
    async (request, reply) => {
      const parsed = statementYearInputSchema.safeParse({ year: request.query.year ?? '' });
      if (!parsed.success) return reply.code(400).send({ message: 'Invalid input', issues: fieldIssues(parsed.error) });
      const { year } = parsed.data;
      const em = orm.em.fork();
      await audit(em, actorOf(staffOf(request)), 'export', { settlements: year });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="razorpay-settlements-${year}.csv"`)
        .header('cache-control', 'no-store')
        .send(settlementsCsv(em, year));
    },
  );
}
