import type { FastifyInstance } from 'fastify';
import { renderReceiptPdf } from '../../gifts/receipts/pdf-on-demand';
import { Receipt } from '../../gifts/receipts/receipt.entity';
import type { Orm } from '../../platform/db/orm';
import { eventKeyPart } from '../../platform/mail/outbox';
import { sendPdf } from './pdf-download';
import { requireStaff } from './require-staff';

/** GET /staff/api/receipts/:id.pdf: any receipt, issued or cancelled, for signed-in staff. */
export async function staffReceiptFileRoutes(app: FastifyInstance, { orm }: { orm: Orm }) {
  app.get<{ Params: { file: string } }>(
    '/staff/api/receipts/:file',
    { preHandler: requireStaff(orm) },
    async (request, reply) => {
      const match = /^([1-9][0-9]{0,9})\.pdf$/.exec(request.params.file);
      const receipt = match ? await orm.em.fork().findOne(Receipt, Number(match[1])) : null;
      if (!receipt) return reply.code(404).send({ message: 'No such receipt' });
      return sendPdf(
        reply,
        `receipt-${eventKeyPart(receipt.number)}.pdf`,
        await renderReceiptPdf(orm.em.fork(), receipt),
      );
    },
  );
}
