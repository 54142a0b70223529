import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { statementYearInputSchema } from '../../../shared/annual.schema';
import { buildStatement, type Statement } from '../../papers/reporting/statement';
import { statementCsv, unreportableCsv } from '../../papers/reporting/statement-csv';
import { loadStatementLayout, type StatementLayout } from '../../papers/reporting/statement-layout';
import { audit } from '../../platform/audit/audit';
import type { Orm } from '../../platform/db/orm';
import { fieldIssues } from '../../platform/http/field-issues';
import { createFieldCipher } from '../../platform/personal-data/field-cipher';
import { actorOf } from '../../platform/staff/staff-actor';
import { requireStaff, staffOf } from './require-staff';

export interface StatementRouteOptions {
  orm: Orm;
  personalDataKey: Buffer;
  /** The portal's template; the default is statement-layout.json. */
  layout?: StatementLayout;
}

/**
 * `GET /staff/api/statement.csv?year=2026-27`: Part B of the statement of donations, the one file
 * with donors' full PAN and Aadhaar: admins only. `GET /staff/api/statement-unreportable.csv?year=…`:
 * the gifts it leaves out (in kind, cash above ₹2,000, without an ID) with the reason, for any
 * signed-in staff member. Each download is in the audit trail, with who and when.
 */
export async function statementFileRoutes(app: FastifyInstance, options: StatementRouteOptions) {
  const layout = options.layout ?? loadStatementLayout();
  const cipher = createFieldCipher(options.personalDataKey);

  const download =
    (name: string, render: (statement: Statement) => string, part: string) =>
    async (request: FastifyRequest<{ Querystring: { year?: string } }>, reply: FastifyReply) => {
      const parsed = statementYearInputSchema.safeParse({ year: request.query.year ?? '' });
      if (!parsed.success) return reply.code(400).send({ message: 'Invalid input', issues: fieldIssues(parsed.error) });
      const { year } = parsed.data;
      const em = options.orm.em.fork();
      const statement = await buildStatement(em, { cipher, layout, year });
      // Part B with a row whose donor staff have not yet named still downloads (to check it), but
      // says so where the accountant looks when filing: the file's name, a header naming the rows,
      // and the audit entry.
      const waiting = part === 'statement' ? statement.rows.filter((row) => row.needsReview) : [];
      await audit(em, actorOf(staffOf(request)), 'statement_export', {
        year,
        part,
        formName: statement.formName,
        rows: part === 'statement' ? statement.rows.length : statement.unreportable.count,
        ...(waiting.length > 0 && { rowsNeedingReview: waiting.map((row) => Number(row.serialNumber)) }),
      });
      const unchecked = waiting.length > 0 ? '-NEEDS-REVIEW' : '';
      const filename = `${name}-${statement.formName.replace(/\s+/g, '')}-${year}${unchecked}.csv`;
      if (waiting.length > 0) reply.header('x-rows-needing-review', waiting.map((row) => row.serialNumber).join(','));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(render(statement));
    };

  // `warn`: the request log stays quiet about who downloads what.
  const quiet = { logLevel: 'warn' as const };
  const admins = requireStaff(options.orm, {
    admin: 'Only an admin may download Part B: it holds donors’ full PAN and Aadhaar',
  });
  app.get<{ Querystring: { year?: string } }>(
    '/staff/api/statement.csv',
    { ...quiet, preHandler: admins },
    download('statement', (s) => statementCsv(s, layout), 'statement'),
  );
  app.get<{ Querystring: { year?: string } }>(
    '/staff/api/statement-unreportable.csv',
    { ...quiet, preHandler: requireStaff(options.orm) },
    download('not-in-part-b', unreportableCsv, 'unreportable'),
  );
}
