import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  recordSponsorUnsubscribe,
  SPONSOR_UNSUBSCRIBE_PATH,
  verifySponsorUnsubscribeToken,
} from '../../animals/sponsors/sponsor-updates';
import type { Orm } from '../../platform/db/orm';
import { escapeHtml } from '../../platform/mail/layout';
import { publishedContact } from '../../platform/site-content/published-contact';

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
  const page = async (reply: FastifyReply, status: number, title: string, body: string) => {
    const trust = await publishedContact(orm.em.fork());
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('referrer-policy', 'no-referrer')
      .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(trust.name)}</title></head>
<body style="margin:0;font-family:system-ui,Arial,sans-serif;background:#f4f7f4;color:#1a1a1a;line-height:1.5">
<main style="max-width:32rem;margin:3rem auto;background:#fff;padding:1.5rem 1.75rem;border-top:4px solid #1b5e20">
<h1 style="font-size:1.4rem;margin:0 0 1rem;color:#1b5e20">${escapeHtml(title)}</h1>
${body}
<p style="font-size:.9rem;color:#555">${escapeHtml(trust.name)} · ${escapeHtml(trust.email)}</p>
<p><a href="/" style="color:#1b5e20">Back to the website</a></p>
</main></body></html>`);
  };
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
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
