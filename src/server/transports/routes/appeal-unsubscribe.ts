import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordUnsubscribe, UNSUBSCRIBE_PATH, verifyUnsubscribeToken } from '../../gifts/appeals/unsubscribe-token';
import type { Orm } from '../../platform/db/orm';
import { escapeHtml } from '../../platform/mail/layout';
import { publishedContact } from '../../platform/site-content/published-contact';
import { paragraph, sendStopLinkPage } from './stop-link-page';

/**
 * Unsubscribing from appeal updates (gifts/appeals/unsubscribe-token.ts). The link in each update's footer
 * opens a plain page that asks (GET records nothing, so a mail scanner following links unsubscribes
 * no one): "Stop updates about <appeal>" or "Stop all appeal updates", two buttons posting `stop` to
 * the same address. A mail client's own button posts `List-Unsubscribe=One-Click` there (RFC 8058)
 * and stops that appeal's updates only, answered 200 with no page. An old token, naming no appeal,
 * stops them all. An altered or made-up token records nothing (404). No HEAD route.
 */
export async function appealUnsubscribeRoutes(
  app: FastifyInstance,
  { orm, personalDataKey }: { orm: Orm; personalDataKey: Buffer },
) {
  // Mail clients and the page's buttons post a form body; this plugin's scope alone reads it.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // RFC 8058 allows a multipart one-click too; its fields mean nothing here.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );

  type Request = FastifyRequest<{ Querystring: { token?: string }; Body: { stop?: string } | undefined }>;
  const targetOf = (request: Request) => verifyUnsubscribeToken(String(request.query.token ?? ''), personalDataKey);
  const appealTitle = async (appealId: number | null) => {
    if (appealId === null) return null;
    const [appeal] = await orm.em
      .fork()
      .execute<{ title: string }[]>('select title from appeals where id = ?', [appealId]);
    return appeal?.title ?? null;
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
    UNSUBSCRIBE_PATH,
    { logLevel: 'warn', exposeHeadRoute: false },
    async (request, reply) => {
      const target = targetOf(request as Request);
      if (!target) return notValid(reply);
      const title = await appealTitle(target.appealId);
      return page(reply, 200, 'Stop appeal updates?', choices(title));
    },
  );
  app.post<{ Querystring: { token?: string }; Body: { stop?: string } | undefined }>(
    UNSUBSCRIBE_PATH,
    { logLevel: 'warn' },
    async (request, reply) => {
      const target = targetOf(request);
      const stop = request.body?.stop;
      // The page's buttons say which; anything else is a mail client's one-click.
      const fromPage = stop === 'appeal' || stop === 'all';
      if (!target) return fromPage ? notValid(reply) : reply.code(404).send({ message: 'This link is not valid' });
      const appealId = stop === 'all' ? null : target.appealId;
      await recordUnsubscribe(orm.em.fork(), target.hash, appealId);
      if (!fromPage) return reply.code(200).send({ unsubscribed: true });
      return page(reply, 200, 'You are unsubscribed', paragraph(stoppedText(await appealTitle(appealId))));
    },
  );
}

/** What was stopped: one appeal's updates (its title), or every appeal's (null). */
function stoppedText(title: string | null): string {
  const rest = 'Your receipts and the other mails about your own gifts still come as before.';
  return title === null
    ? `You will get no more updates on our appeals. ${rest}`
    : `You will get no more updates about ${title}. ${rest}`;
}

const button = (value: string, label: string) =>
  `<button type="submit" name="stop" value="${value}" style="display:block;width:100%;margin:0 0 .75rem;padding:.7rem 1rem;font:inherit;font-weight:600;border:2px solid #1b5e20;border-radius:4px;background:${value === 'all' ? '#fff;color:#1b5e20' : '#1b5e20;color:#fff'};cursor:pointer">${escapeHtml(label)}</button>`;

/** The question: this appeal's updates (when the link names one), or every appeal's. */
function choices(appealTitle: string | null): string {
  return `${paragraph('Which updates should we stop sending you? Your receipts and the other mails about your own gifts still come as before.')}
<form method="post">
${appealTitle === null ? '' : button('appeal', `Stop updates about ${appealTitle}`)}
${button('all', 'Stop all appeal updates')}
</form>`;
}
