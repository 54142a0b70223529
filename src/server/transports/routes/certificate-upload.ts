import type { FastifyInstance } from 'fastify';
import { statementYearInputSchema } from '../../../shared/annual.schema';
import { uploadCertificates } from '../../papers/certificates/upload-certificates';
import type { Orm } from '../../platform/db/orm';
import { fieldIssues } from '../../platform/http/field-issues';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';
import { actorOf } from '../../platform/staff/staff-actor';
import { refuseCrossSite } from './refuse-cross-site';
import { requireStaff, staffOf } from './require-staff';

/** A portal zip of a few hundred certificates; one PDF is far smaller. */
export const CERTIFICATE_UPLOAD_LIMIT_BYTES = 100 * 1024 * 1024;

/**
 * `POST /staff/api/certificates?year=2026-27&name=<file name>`: one certificate PDF, or a zip of
 * them, as the request body (`application/pdf` or `application/zip`). Answers what became of each
 * file: stored with its match or the reason it has none, a duplicate, or refused.
 */
export async function certificateUploadRoutes(
  app: FastifyInstance,
  { orm, cipher, siteUrl }: { orm: Orm; cipher: FieldCipher; siteUrl: string },
) {
  app.addContentTypeParser(
    ['application/pdf', 'application/zip'],
    { parseAs: 'buffer', bodyLimit: CERTIFICATE_UPLOAD_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.post<{ Querystring: { year?: string; name?: string } }>(
    '/staff/api/certificates',
    {
      onRequest: refuseCrossSite(siteUrl),
      preHandler: requireStaff(orm),
      bodyLimit: CERTIFICATE_UPLOAD_LIMIT_BYTES,
      logLevel: 'warn',
    },
    async (request, reply) => {
      const parsed = statementYearInputSchema.safeParse({ year: request.query.year ?? '' });
      if (!parsed.success) return reply.code(400).send({ message: 'Invalid input', issues: fieldIssues(parsed.error) });
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        return reply.code(400).send({ message: 'Send a certificate PDF or a zip of them as the body' });
      }
      const name = (request.query.name ?? 'upload').slice(0, 200);
      const outcomes = await uploadCertificates(
        orm.em.fork(),
        { cipher, actor: actorOf(staffOf(request)) },
        parsed.data.year,
        { name, bytes: body },
      );
      return { outcomes };
    },
  );
}
