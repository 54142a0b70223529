import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Orm } from '../db/orm';
import { eventKeyPart } from '../mail/outbox';
import { renderReceiptPdf } from './pdf-on-demand';
import { Receipt } from './receipt.entity';
import type { ReceiptLinks } from './receipt-links';

/** Sends a receipt's PDF as a download that no cache keeps (it names the donor). */
export async function sendReceiptPdf(reply: FastifyReply, receipt: Receipt) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="receipt-${eventKeyPart(receipt.number)}.pdf"`)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send(await renderReceiptPdf(receipt));
}

/**
 * GET /receipts/<token>.pdf: the donor's receipt from the thank-you panel or the receipt mail, no
 * sign-in needed. Only a token signed by this server opens one; anything else is a plain 404.
 */
export async function receiptRoutes(app: FastifyInstance, { orm, links }: { orm: Orm; links: ReceiptLinks }) {
  // `warn`: the URL is the donor's key to the receipt, so it stays out of the request log.
  app.get<{ Params: { file: string } }>('/receipts/:file', { logLevel: 'warn' }, async (request, reply) => {
    const token = request.params.file.endsWith('.pdf') ? request.params.file.slice(0, -4) : '';
    const id = links.receiptIdOf(token);
    const receipt = id === null ? null : await orm.em.fork().findOne(Receipt, id);
    if (!receipt) return reply.code(404).send({ message: 'No such receipt' });
    return sendReceiptPdf(reply, receipt);
  });
}
