import type { FastifyInstance } from 'fastify';
import { statementYearInputSchema } from '../../../shared/annual.schema';
import { certificateFile, certificatesToPrint } from '../../papers/certificates/print-certificates';
import type { Orm } from '../../platform/db/orm';
import { fieldIssues } from '../../platform/http/field-issues';
import { actorOf } from '../../platform/staff/staff-actor';
import { sendPdf } from './pdf-download';
import { requireStaff, staffOf } from './require-staff';

/**
 * The console's certificate downloads (each in the audit trail; logged at `warn`, as they name
 * donors): `GET /staff/api/certificates/to-print.pdf?year=2026-27`, the year's certificates to
 * post as one PDF, and `GET /staff/api/certificates/:id.pdf`, one as the portal issued it.
 */
export async function certificateFileRoutes(app: FastifyInstance, { orm }: { orm: Orm }) {
  const quiet = { logLevel: 'warn' as const, preHandler: requireStaff(orm) };

  app.get<{ Querystring: { year?: string } }>('/staff/api/certificates/to-print.pdf', quiet, async (request, reply) => {
    const parsed = statementYearInputSchema.safeParse({ year: request.query.year ?? '' });
    if (!parsed.success) return reply.code(400).send({ message: 'Invalid input', issues: fieldIssues(parsed.error) });
    const file = await certificatesToPrint(orm.em.fork(), actorOf(staffOf(request)), parsed.data.year);
    if (!file) return reply.code(404).send({ message: `No certificates of ${parsed.data.year} to print` });
    return sendPdf(reply, file.filename, file.pdf);
  });

  app.get<{ Params: { file: string } }>('/staff/api/certificates/:file', quiet, async (request, reply) => {
    const match = /^([1-9][0-9]{0,9})\.pdf$/.exec(request.params.file);
    const id = match ? Number(match[1]) : null;
    const file = id && id <= 2_147_483_647 ? await certificateFile(orm.em.fork(), actorOf(staffOf(request)), id) : null;
    if (!file) return reply.code(404).send({ message: 'No such certificate' });
    return sendPdf(reply, file.filename, file.pdf);
  });
}
