import type { FastifyInstance } from 'fastify';
import type { Orm } from '../db/orm';
import { Receipt } from '../receipts/receipt.entity';
import { sendReceiptPdf } from '../receipts/receipt.routes';
import { findSession, SESSION_COOKIE } from './sessions';

/** GET /staff/api/receipts/:id.pdf: any receipt, issued or cancelled, for signed-in staff. */
export async function staffReceiptRoutes(app: FastifyInstance, { orm }: { orm: Orm }) {
  app.get<{ Params: { file: string } }>('/staff/api/receipts/:file', async (request, reply) => {
    const em = orm.em.fork();
    const staff = await findSession(em, request.cookies[SESSION_COOKIE]);
    if (!staff) return reply.code(401).send({ message: 'Sign in to continue' });
    const match = /^([1-9][0-9]{0,9})\.pdf$/.exec(request.params.file);
    const receipt = match ? await em.findOne(Receipt, Number(match[1])) : null;
    if (!receipt) return reply.code(404).send({ message: 'No such receipt' });
    return sendReceiptPdf(reply, receipt);
  });
}
