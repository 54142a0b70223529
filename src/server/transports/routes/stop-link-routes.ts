import type { FastifyInstance, FastifyReply } from 'fastify';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { localizedPath } from '../../../shared/locale-paths';
import type { Orm } from '../../platform/db/orm';
import { escapeHtml } from '../../platform/mail/layout';
import { publishedContact } from '../../platform/site-content/published-contact';
import { stopLinkMessages } from './stop-link-messages';
import { paragraph, sendStopLinkPage } from './stop-link-page';

/** A stop page's title and its body (HTML: `paragraph`, `stopButton`). */
export interface StopPage {
  title: string;
  body: string;
}

/**
 * One kind of stop link in a mail's footer (an appeal's updates, an animal's sponsors' news): its
 * address (English; `/ta/…` and `/hi/…` too, in the mail's language), its signed token, the page
 * GET shows, and what POST stops, in the address's language.
 */
export interface StopLink<Target> {
  path: string;
  /** The token's target, or null when it is altered, made up or expired. */
  verify(token: string): Target | null;
  /** The question, with the page's buttons (`stopButton`); GET records nothing. */
  ask(target: Target, language: Language): Promise<StopPage>;
  /** The values of the page's buttons (`stop=…`); any other POST is a mail client's one-click. */
  pageChoices: readonly string[];
  /** Records the stop (`choice` undefined for a one-click) and says what was stopped. */
  stop(target: Target, choice: string | undefined, language: Language): Promise<StopPage>;
}

/** A button of a stop page's form, posting `stop=<value>`; the first is filled, the others outlined. */
export function stopButton(value: string, label: string, filled = true): string {
  const colours = filled ? 'background:#1b5e20;color:#fff' : 'background:#fff;color:#1b5e20';
  return `<button type="submit" name="stop" value="${escapeHtml(value)}" style="display:block;width:100%;margin:0 0 .75rem;padding:.7rem 1rem;font:inherit;font-weight:600;border:2px solid #1b5e20;border-radius:4px;${colours};cursor:pointer">${escapeHtml(label)}</button>`;
}

/**
 * The routes of a stop link, the same for every kind. GET asks and records nothing, so a mail
 * scanner following links stops no one; the page's buttons and a mail client's own button (RFC 8058,
 * `List-Unsubscribe=One-Click`, answered 200 with no page) POST to the same address. An altered or
 * made-up token records nothing (404). No HEAD route. Register each kind in a scope of its own
 * (`app.register`): the form body parsers below belong to that scope alone.
 */
export async function stopLinkRoutes<Target>(app: FastifyInstance, orm: Orm, link: StopLink<Target>) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // RFC 8058 allows a multipart one-click too; its fields mean nothing here.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );

  // The trust's name and address as published (Trust details, site content), as the mails give them.
  const page = async (reply: FastifyReply, language: Language, status: number, { title, body }: StopPage) =>
    sendStopLinkPage(reply, status, {
      title,
      body,
      language,
      backToSite: stopLinkMessages(language).backToSite,
      trust: await publishedContact(orm.em.fork()),
    });
  const notValid = (reply: FastifyReply, language: Language) => {
    const m = stopLinkMessages(language);
    return page(reply, language, 404, { title: m.notValidTitle, body: paragraph(m.notValidBody) });
  };

  for (const language of LANGUAGES) {
    const path = localizedPath(language, link.path);
    // `warn`: the token is in the URL, and the request log would keep it.
    app.get<{ Querystring: { token?: string } }>(
      path,
      { logLevel: 'warn', exposeHeadRoute: false },
      async (request, reply) => {
        const target = link.verify(String(request.query.token ?? ''));
        if (target === null) return notValid(reply, language);
        return page(reply, language, 200, await link.ask(target, language));
      },
    );
    app.post<{ Querystring: { token?: string }; Body: { stop?: string } | undefined }>(
      path,
      { logLevel: 'warn' },
      async (request, reply) => {
        const target = link.verify(String(request.query.token ?? ''));
        const stop = request.body?.stop;
        const choice = stop !== undefined && link.pageChoices.includes(stop) ? stop : undefined;
        if (target === null) {
          return choice ? notValid(reply, language) : reply.code(404).send({ message: 'This link is not valid' });
        }
        const stopped = await link.stop(target, choice, language);
        if (!choice) return reply.code(200).send({ unsubscribed: true });
        return page(reply, language, 200, stopped);
      },
    );
  }
}
