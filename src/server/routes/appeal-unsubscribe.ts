import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteContent } from '../../shared/site-content';
import { recordUnsubscribe, UNSUBSCRIBE_PATH, verifyUnsubscribeToken } from '../appeals/unsubscribe-token';
import type { Orm } from '../db/orm';
import { escapeHtml } from '../mail/layout';

/**
 * The one-click unsubscribe from appeal updates (appeals/unsubscribe-token.ts): the link in each
 * update's footer opens a plain page that records it (GET), and a mail client's own button posts
 * `List-Unsubscribe=One-Click` to the same address (RFC 8058), answered 200 with no page. Either
 * records it once; an altered or made-up token records nothing (404). No HEAD route: a link
 * checker's HEAD request must not unsubscribe anyone.
 */
export async function appealUnsubscribeRoutes(
  app: FastifyInstance,
  { orm, personalDataKey }: { orm: Orm; personalDataKey: Buffer },
) {
  // Mail clients post a form body; this plugin's scope alone reads it (and ignores it: the token is in the URL).
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
  }

  const unsubscribe = async (request: FastifyRequest<{ Querystring: { token?: string } }>) => {
    const hash = verifyUnsubscribeToken(String(request.query.token ?? ''), personalDataKey);
    if (hash) await recordUnsubscribe(orm.em.fork(), hash);
    return hash !== null;
  };
  const page = (reply: FastifyReply, status: number, title: string, text: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('referrer-policy', 'no-referrer')
      .send(unsubscribePage(title, text));

  // `warn`: the token is in the URL, and the request log would keep it.
  app.get<{ Querystring: { token?: string } }>(
    UNSUBSCRIBE_PATH,
    { logLevel: 'warn', exposeHeadRoute: false },
    async (request, reply) =>
      (await unsubscribe(request))
        ? page(
            reply,
            200,
            'You are unsubscribed',
            'You will get no more updates on our appeals. Your receipts and the other mails about your own gifts still come as before.',
          )
        : page(
            reply,
            404,
            'This link is not valid',
            'Copy the whole link from the mail, or write to us to stop updates.',
          ),
  );
  app.post<{ Querystring: { token?: string } }>(UNSUBSCRIBE_PATH, { logLevel: 'warn' }, async (request, reply) =>
    (await unsubscribe(request))
      ? reply.code(200).send({ unsubscribed: true })
      : reply.code(404).send({ message: 'This link is not valid' }),
  );
}

function unsubscribePage(title: string, text: string): string {
  const { trust, contact } = siteContent;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(trust.name)}</title></head>
<body style="margin:0;font-family:system-ui,Arial,sans-serif;background:#f4f7f4;color:#1a1a1a;line-height:1.5">
<main style="max-width:32rem;margin:3rem auto;background:#fff;padding:1.5rem 1.75rem;border-top:4px solid #1b5e20">
<h1 style="font-size:1.4rem;margin:0 0 1rem;color:#1b5e20">${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p style="font-size:.9rem;color:#555">${escapeHtml(trust.name)} · ${escapeHtml(contact.email)}</p>
<p><a href="/" style="color:#1b5e20">Back to the website</a></p>
</main></body></html>`;
}
