import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { statementYearInputSchema } from '../../../shared/annual.schema';
import { findOwnReceipt, ownReceiptsOfYear } from '../../donors/donor-page/donor-receipts';
import { DONOR_TOKEN_HEADER, EXPIRED_LINK, verifyDonorToken } from '../../gifts/donor-keys/donor-link';
import { renderDonorStatementPdf, renderReceiptPdf } from '../../gifts/receipts/pdf-on-demand';
import { ownCertificatePdf } from '../../papers/certificates/deliver-certificates';
import type { Orm } from '../../platform/db/orm';
import { fieldIssues } from '../../platform/http/field-issues';
import { linkRequestRoutes } from './link-request';
import { sendPdf } from './pdf-download';

type DonorRequest = FastifyRequest<{ Querystring: { token?: string; year?: string }; Params: { id?: string } }>;

/**
 * The donor's downloads (links, so the token may come in the query; these routes log at `warn` so
 * the URL with it is never written): `GET /api/my-giving/receipts/:id.pdf`,
 * `GET /api/my-giving/statement.pdf?year=2026-27`; and `POST /api/my-giving/link`.
 */
export async function donorRoutes(
  app: FastifyInstance,
  options: { orm: Orm; siteUrl: string; personalDataKey: Buffer },
) {
  await app.register(linkRequestRoutes, options);
  const quiet = { logLevel: 'warn' as const };

  const donorOf = (request: DonorRequest, reply: FastifyReply): string | null => {
    const header = request.headers[DONOR_TOKEN_HEADER];
    const token = typeof header === 'string' ? header : request.query.token;
    const email = token ? verifyDonorToken(token, options.personalDataKey) : null;
    if (!email) reply.code(401).send({ message: EXPIRED_LINK });
    return email;
  };

  app.get('/api/my-giving/receipts/:id.pdf', quiet, async (request: DonorRequest, reply) => {
    const email = donorOf(request, reply);
    if (!email) return reply;
    const id = Number(request.params.id);
    // Another donor's receipt is "not found", never "forbidden": ids tell nothing.
    const receipt = Number.isSafeInteger(id) ? await findOwnReceipt(options.orm.em.fork(), email, id) : null;
    if (!receipt) {
      return reply.code(404).send({ message: 'No such receipt of yours' });
    }
    return sendPdf(
      reply,
      `receipt-${receipt.number.replace(/\//g, '-')}.pdf`,
      await renderReceiptPdf(options.orm.em.fork(), receipt),
    );
  });

  app.get('/api/my-giving/certificates/:id.pdf', quiet, async (request: DonorRequest, reply) => {
    const email = donorOf(request, reply);
    if (!email) return reply;
    const id = Number(request.params.id);
    const certificate = Number.isSafeInteger(id) ? await ownCertificatePdf(options.orm.em.fork(), email, id) : null;
    if (!certificate) return reply.code(404).send({ message: 'No such certificate of yours' });
    return sendPdf(reply, `certificate-of-donation-${certificate.year}.pdf`, certificate.pdf);
  });

  app.get('/api/my-giving/statement.pdf', quiet, async (request: DonorRequest, reply) => {
    const email = donorOf(request, reply);
    if (!email) return reply;
    const parsed = statementYearInputSchema.safeParse({ year: request.query.year ?? '' });
    if (!parsed.success) return reply.code(400).send({ message: 'Invalid input', issues: fieldIssues(parsed.error) });
    const receipts = await ownReceiptsOfYear(options.orm.em.fork(), email, parsed.data.year);
    const latest = receipts.at(-1);
    if (!latest) return reply.code(404).send({ message: `No receipts of yours in ${parsed.data.year}` });
    const pdf = await renderDonorStatementPdf({
      year: parsed.data.year,
      donorName: latest.donorName,
      donorIdMasked: latest.donorIdMasked,
      trust: latest.trust,
      receipts,
    });
    return sendPdf(reply, `donations-${parsed.data.year}.pdf`, pdf);
  });
}
