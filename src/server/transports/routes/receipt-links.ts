import type { FastifyInstance } from 'fastify';
import { receiptForLink } from '../../gifts/receipts/linked-receipt';
import { renderReceiptPdf } from '../../gifts/receipts/pdf-on-demand';
import type { ReceiptLinks } from '../../gifts/receipts/receipt-links';
import type { Orm } from '../../platform/db/orm';
import { eventKeyPart } from '../../platform/mail/outbox';
import { sendPdf } from './pdf-download';

export const EXPIRED_RECEIPT_LINK =
  'This receipt link has expired. Your receipts are on your own page: ask for a link at /my-giving.';

/**
 * GET /receipts/<token>.pdf: the donor's receipt from the thank-you panel or the receipt mail, no
 * sign-in needed. Only a token signed here opens one, within its 18 months, and never a receipt
 * kept after its donor was erased: anything else is a plain 404 (410 when only its time is up).
 */
export async function receiptLinkRoutes(app: FastifyInstance, { orm, links }: { orm: Orm; links: ReceiptLinks }) {
  // `warn`: the URL is the donor's key to the receipt, so it stays out of the request log.
  app.get<{ Params: { file: string } }>('/receipts/:file', { logLevel: 'warn' }, async (request, reply) => {
    const token = request.params.file.endsWith('.pdf') ? request.params.file.slice(0, -4) : '';
    const link = links.verify(token);
    const found = link ? await receiptForLink(orm.em.fork(), link) : { ok: false as const, reason: 'unknown' as const };
    if (!found.ok) {
      return found.reason === 'expired'
        ? reply.code(410).send({ message: EXPIRED_RECEIPT_LINK })
        : reply.code(404).send({ message: 'No such receipt' });
    }
    const { receipt } = found;
    return sendPdf(
      reply,
      `receipt-${eventKeyPart(receipt.number)}.pdf`,
      await renderReceiptPdf(orm.em.fork(), receipt),
    );
  });
}
