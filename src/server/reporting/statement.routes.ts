import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { statementYearInputSchema } from '../../shared/annual.schema';
import type { Orm } from '../db/orm';
import { fieldIssues } from '../http/field-issues';
import { createFieldCipher } from '../personal-data/field-cipher';
import { audit } from '../staff/audit';
import { findSession, SESSION_COOKIE } from '../staff/sessions';
import { buildStatement, type Statement } from './statement';
import { statementCsv, unreportableCsv } from './statement-csv';
import { loadStatementLayout, type StatementLayout } from './statement-layout';

export interface StatementRouteOptions {
  orm: Orm;
  personalDataKey: Buffer;
  /** The portal's template; the default is statement-layout.json. */
  layout?: StatementLayout;
}

/**
 * `GET /staff/api/statement.csv?year=2026-27`: Part B of the statement of donations, the one file
 * with donors' full PAN and Aadhaar: admins only. `GET /staff/api/statement-unreportable.csv?year=…`:
 * the gifts it leaves out for want of an ID, for any signed-in staff member. Each download is in
 * the audit trail, with who and when.
 */
export async function statementRoutes(app: FastifyInstance, options: StatementRouteOptions) {
  const layout = options.layout ?? loadStatementLayout();
  const cipher = createFieldCipher(options.personalDataKey);

  const download =
    (name: string, render: (statement: Statement) => string, part: string, who: 'admin' | 'staff') =>
    async (request: FastifyRequest<{ Querystring: { year?: string } }>, reply: FastifyReply) => {
      const em = options.orm.em.fork();
      const staff = await findSession(em, request.cookies[SESSION_COOKIE]);
      if (!staff) return reply.code(401).send({ message: 'Sign in to continue' });
      if (who === 'admin' && staff.role !== 'admin') {
        return reply
          .code(403)
          .send({ message: 'Only an admin may download Part B: it holds donors’ full PAN and Aadhaar' });
      }
      const parsed = statementYearInputSchema.safeParse({ year: request.query.year ?? '' });
      if (!parsed.success) return reply.code(400).send({ message: 'Invalid input', issues: fieldIssues(parsed.error) });
      const { year } = parsed.data;
      const statement = await buildStatement(em, { cipher, layout, year });
      await audit(em, { userId: staff.id, username: staff.username, ip: request.ip }, 'statement_export', {
        year,
        part,
        formName: statement.formName,
        rows: part === 'statement' ? statement.rows.length : statement.unreportable.count,
      });
      const filename = `${name}-${statement.formName.replace(/\s+/g, '')}-${year}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(render(statement));
    };

  const quiet = { logLevel: 'warn' as const };
  app.get(
    '/staff/api/statement.csv',
    quiet,
    download('statement', (s) => statementCsv(s, layout), 'statement', 'admin'),
  );
  app.get(
    '/staff/api/statement-unreportable.csv',
    quiet,
    download('without-id', unreportableCsv, 'unreportable', 'staff'),
  );
}
