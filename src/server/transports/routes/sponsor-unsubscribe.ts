import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  recordSponsorUnsubscribe,
  SPONSOR_UNSUBSCRIBE_PATH,
  verifySponsorUnsubscribeToken,
} from '../../animals/sponsors/sponsor-updates';
import type { Orm } from '../../platform/db/orm';
import { escapeHtml } from '../../platform/mail/layout';
import { publishedContact } from '../../platform/site-content/published-contact';
import { paragraph, sendStopLinkPage } from './stop-link-page';

/**
 * Stopping an animal's updates to its sponsor (animals/sponsors/sponsor-updates.ts), as an appeal's
 * are stopped (appeal-unsubscribe.ts): GET asks and records nothing (a mail scanner following links
 * stops no one), the page's button and a mail client's one-click (RFC 8058) POST to the same
 * address. The gift itself goes on. An altered or made-up token records nothing (404).
 */
export async function sponsorUnsubscribeRoutes(
  app: FastifyInstance,
  { orm, personalDataKey }: { orm: Orm; personalDataKey: Buffer },
) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );

  type Request = FastifyRequest<{ Querystring: { token?: string }; Body: { stop?: string } | undefined }>;
  const targetOf = (request: Request) =>
    verifySponsorUnsubscribeToken(String(request.query.token ?? ''), personalDataKey);
  const animalName = async (animalId: number) => {
    const [animal] = await orm.em
      .fork()
      .execute<{ name: string }[]>('select name from animals where id = ?', [animalId]);
    return animal?.name ?? 'this animal';
  };
  // The trust's name and address as published (Trust details, site content), as the mails give them.
  const page = async (reply: FastifyReply, status: number, title: string, body: string) =>
    sendStopLinkPage(reply, status, { title, body, trust: await publishedContact(orm.em.fork()) });
  const notValid = (reply: FastifyReply) =>
    page(
      reply,
      404,
      'This link is not valid',
      paragraph('Copy the whole link from the mail, or write to us to stop updates.'),
    );

  // `warn`: the token is in the URL, and the request log would keep it.
  app.get<{ Querystring: { token?: string } }>(
    SPONSOR_UNSUBSCRIBE_PATH,
    { logLevel: 'warn', exposeHeadRoute: false },
    async (request, reply) => {
      const target = targetOf(request as Request);
      if (!target) return notValid(reply);
      const name = await animalName(target.animalId);
      return page(
        reply,
        200,
        `Stop news of ${name}?`,
        `${paragraph(`Your monthly gift for ${name} goes on as before; only the updates stop.`)}
<form method="post"><button type="submit" name="stop" value="updates" style="display:block;width:100%;padding:.7rem 1rem;font:inherit;font-weight:600;border:2px solid #1b5e20;border-radius:4px;background:#1b5e20;color:#fff;cursor:pointer">${escapeHtml(`Stop news of ${name}`)}</button></form>`,
      );
    },
  );
  app.post<{ Querystring: { token?: string }; Body: { stop?: string } | undefined }>(
    SPONSOR_UNSUBSCRIBE_PATH,
    { logLevel: 'warn' },
    async (request, reply) => {
      const target = targetOf(request);
      const fromPage = request.body?.stop === 'updates';
      if (!target) return fromPage ? notValid(reply) : reply.code(404).send({ message: 'This link is not valid' });
      await recordSponsorUnsubscribe(orm.em.fork(), target.hash, target.animalId);
      if (!fromPage) return reply.code(200).send({ unsubscribed: true });
      const name = await animalName(target.animalId);
      return page(
        reply,
        200,
        'You are unsubscribed',
        paragraph(`You will get no more news of ${name}. Your gift goes on as before.`),
      );
    },
  );
}
