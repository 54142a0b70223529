import type { FastifyInstance } from 'fastify';
import { appealIdInputSchema } from '../../../shared/appeals.schema';
import { appealGiftsCsv } from '../../gifts/appeals/appeal-gifts-csv';
import { audit } from '../../platform/audit/audit';
import type { Orm } from '../../platform/db/orm';
import { fieldIssues } from '../../platform/http/field-issues';
import { actorOf } from '../../platform/staff/staff-actor';
import { requireStaff, staffOf } from './require-staff';

/**
 * `GET /staff/api/appeals/<id>/gifts.csv`: every gift given to one appeal that reached the trust
 * (paid, refunded or bounced, online and offline), streamed; each download is in the audit trail.
 */
export async function appealGiftsCsvRoutes(app: FastifyInstance, { orm }: { orm: Orm }) {
  app.get<{ Params: { id: string } }>(
    '/staff/api/appeals/:id/gifts.csv',
    { logLevel: 'warn', preHandler: requireStaff(orm) },
    async (request, reply) => {
      const parsed = appealIdInputSchema.safeParse({ id: Number(request.params.id) });
      if (!parsed.success) return reply.code(400).send({ message: 'Invalid input', issues: fieldIssues(parsed.error) });
      const { id } = parsed.data;
      const em = orm.em.fork();
      const [appeal] = await em.execute<{ slug: string }[]>('select slug from appeals where id = ?', [id]);
      if (!appeal) return reply.code(404).send({ message: `No appeal ${id}` });
      await audit(em, actorOf(staffOf(request)), 'export', { appealGifts: id });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="appeal-${appeal.slug}-gifts.csv"`)
        .header('cache-control', 'no-store')
        .send(appealGiftsCsv(em, id));
    },
  );
}
