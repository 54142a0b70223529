import type { FastifyInstance } from 'fastify';
import { importTemplateCsv } from '../../gifts/offline-gifts/import-file';
import { importOfflineGifts } from '../../gifts/offline-gifts/import-gifts';
import type { DonorLinks } from '../../gifts/settlement/donor-notices';
import type { Orm } from '../../platform/db/orm';
import type { FieldCipher } from '../../platform/personal-data/field-cipher';
import { refuseCrossSite } from './refuse-cross-site';
import { requireStaff, staffOf } from './require-staff';

/** Ten thousand rows of a spreadsheet with long addresses fit, with room to spare. */
export const GIFT_IMPORT_LIMIT_BYTES = 5 * 1024 * 1024;

/**
 * The import of gifts received outside the website, as a file: `GET
 * /staff/api/offline-gifts/template.csv` is the template; `POST
 * /staff/api/offline-gifts/import?confirm=1` takes the CSV as its body (`text/csv`) and answers
 * what became of each row: without `confirm` nothing is written (the preview).
 */
export async function offlineGiftFileRoutes(
  app: FastifyInstance,
  { orm, cipher, donorLinks, siteUrl }: { orm: Orm; cipher: FieldCipher; donorLinks: DonorLinks; siteUrl: string },
) {
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: GIFT_IMPORT_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );
  const quiet = { logLevel: 'warn' as const, preHandler: requireStaff(orm) };
  app.get('/staff/api/offline-gifts/template.csv', quiet, async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="gifts-received-template.csv"')
      .send(importTemplateCsv()),
  );
  app.post<{ Querystring: { confirm?: string } }>(
    '/staff/api/offline-gifts/import',
    { ...quiet, onRequest: refuseCrossSite(siteUrl), bodyLimit: GIFT_IMPORT_LIMIT_BYTES },
    async (request, reply) => {
      if (typeof request.body !== 'string' || request.body.trim() === '') {
        return reply.code(400).send({ message: 'Send the CSV file as the body (text/csv): download the template' });
      }
      return importOfflineGifts(
        orm.em.fork(),
        { cipher, donorLinks, staff: staffOf(request) },
        { text: request.body, confirm: request.query.confirm === '1' },
      );
    },
  );
}
