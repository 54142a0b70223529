import type { FastifyReply } from 'fastify';

/** A PDF that names a donor, as a download no cache keeps and no search engine lists. */
export function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-robots-tag', 'noindex')
    .send(pdf);
}
