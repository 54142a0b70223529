import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_TAGS, LANGUAGES, type Language } from '../../../shared/languages';
import { localizedPath } from '../../../shared/locale-paths';
import { formatRupees } from '../../../shared/rupees';
import { SPONSOR_CHOICE_PATH } from '../../../shared/sponsorship';
import { moveSponsorship, sponsorChoice, stopSponsorship } from '../../animals/sponsors/sponsor-choice';
import type { SponsorGateway } from '../../animals/sponsors/sponsor-gateway-tasks';
import { sponsorPageMessages } from '../../animals/sponsors/sponsor-page-messages';
import type { PaymentGateway } from '../../gifts/payments/gateway';
import type { DonorLinks } from '../../gifts/settlement/donor-notices';
import { DomainError } from '../../platform/core/domain-error';
import type { Orm } from '../../platform/db/orm';
import { escapeHtml } from '../../platform/mail/layout';
import { publishedContact, type TrustContact } from '../../platform/site-content/published-contact';
import { languageFontStyle, paragraph } from './stop-link-page';

/**
 * A sponsor's own page when their animal left care (animals/sponsors/sponsor-choice.ts), from the
 * link in their mail, in its address's language. A plain page, no script: GET shows where the gift
 * stands and the animals open for sponsorship, and changes nothing (a mail scanner following the
 * link moves no gift); its buttons POST to the same address: `animal=<slug>` carries the gift to
 * that animal, `stop=gift` stops it. The token is in the query, so the request is logged at `warn`
 * only. An altered, made-up or expired link: 404 with the way to My giving.
 */
export async function sponsorChoicePageRoutes(
  app: FastifyInstance,
  deps: {
    orm: Orm;
    personalDataKey: Buffer;
    gateway: SponsorGateway & Pick<PaymentGateway, 'cancelSubscription'>;
    donorLinks: DonorLinks;
  },
) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  type Request = FastifyRequest<{
    Querystring: { token?: string };
    Body: { animal?: string; stop?: string } | undefined;
  }>;

  for (const language of LANGUAGES) {
    const path = localizedPath(language, SPONSOR_CHOICE_PATH);
    const m = sponsorPageMessages(language);
    const send = async (reply: FastifyReply, status: number, body: string) =>
      reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .header('referrer-policy', 'no-referrer')
        .send(page(language, m.title, body, await publishedContact(deps.orm.em.fork())));
    const invalid = (reply: FastifyReply) =>
      send(
        reply,
        404,
        `${paragraph(m.invalid)}<p><a href="${localizedPath(language, '/my-giving')}">${escapeHtml(m.back)}</a></p>`,
      );

    const show = async (request: Request, reply: FastifyReply, notice = '', status = 200) => {
      const token = String(request.query.token ?? '');
      const choice = await sponsorChoice(deps.orm.em.fork(), token, deps.personalDataKey, language).catch(
        (error: unknown) => {
          if (error instanceof DomainError && error.kind === 'NOT_FOUND') return null;
          throw error;
        },
      );
      if (!choice) return invalid(reply);
      const amount = formatRupees(choice.amount);
      const parts = [notice];
      if (choice.state === 'ended') parts.push(paragraph(m.ended));
      else if (choice.state === 'sponsoring') parts.push(paragraph(m.alreadySponsoring(choice.animal?.name ?? '')));
      else {
        const left = choice.animal?.status;
        if (left === 'adopted' || left === 'returned' || left === 'died') {
          parts.push(paragraph(m.left[left](choice.animal?.name ?? '')));
        }
        if (choice.subscriptionStatus === 'paused') parts.push(paragraph(m.paused(amount)));
        parts.push(choice.animals.length > 0 ? paragraph(m.choose) : paragraph(m.none));
        for (const animal of choice.animals) {
          parts.push(`<form method="post" style="margin:0 0 1rem;padding:.75rem;border:1px solid #c8e6c9;border-radius:6px">
<p style="margin:0 0 .25rem;font-weight:600">${escapeHtml(animal.name)}</p>
${animal.oneLine ? `<p style="margin:0 0 .25rem" lang="${LANGUAGE_TAGS[animal.inEnglish ? 'en' : language]}">${escapeHtml(animal.oneLine)}</p>` : ''}
<p style="margin:0 0 .5rem;font-size:.9rem;color:#555">${escapeHtml(m.aMonth(formatRupees(animal.monthlyAmount)))}</p>
${button('animal', animal.slug, m.sponsorThis(animal.name), true)}
</form>`);
        }
        parts.push(`<p style="font-size:.9rem;color:#555">${escapeHtml(m.keepsAmount(amount))}</p>`);
        parts.push(`<form method="post">${button('stop', 'gift', m.stop, false)}</form>`);
        parts.push(`<p style="font-size:.9rem;color:#555">${escapeHtml(m.stopNote)}</p>`);
      }
      return send(reply, status, parts.join('\n'));
    };

    app.get(path, { logLevel: 'warn', exposeHeadRoute: false }, (request, reply) => show(request as Request, reply));
    app.post(path, { logLevel: 'warn' }, async (request, reply) => {
      const { query, body } = request as Request;
      const token = String(query.token ?? '');
      try {
        if (body?.stop === 'gift') {
          await stopSponsorship({ em: deps.orm.em.fork(), ...deps }, { token });
          return send(reply, 200, paragraph(m.stopped));
        }
        if (typeof body?.animal === 'string') {
          const moved = await moveSponsorship(
            { em: deps.orm.em.fork(), ...deps },
            {
              token,
              animal: body.animal,
              ip: request.ip,
            },
          );
          return send(
            reply,
            200,
            `${paragraph(m.moved(moved.animal))}${paragraph(m.movedNote)}${moved.subscriptionStatus === 'paused' ? paragraph(m.resumeLater) : ''}`,
          );
        }
        return show(request as Request, reply);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        if (error.kind === 'NOT_FOUND') return invalid(reply);
        const status = error.kind === 'BAD_GATEWAY' ? 502 : error.kind === 'CONFLICT' ? 409 : 400;
        // In the page's language, never the server's English: the page below says where the gift stands.
        const notice = paragraph(
          error.kind === 'BAD_GATEWAY' ? m.tryAgain : error.field === 'animal' ? m.notOpen : m.changed,
        );
        return show(request as Request, reply, `<div role="alert" style="color:#b71c1c">${notice}</div>`, status);
      }
    });
  }
}

const button = (name: string, value: string, label: string, primary: boolean) =>
  `<button type="submit" name="${name}" value="${escapeHtml(value)}" style="display:block;width:100%;min-height:44px;padding:.6rem 1rem;font:inherit;font-weight:600;border:2px solid #1b5e20;border-radius:4px;background:${primary ? '#1b5e20;color:#fff' : '#fff;color:#1b5e20'};cursor:pointer">${escapeHtml(label)}</button>`;

function page(language: Language, title: string, body: string, trust: TrustContact): string {
  return `<!doctype html>
<html lang="${LANGUAGE_TAGS[language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(trust.name)}</title>${languageFontStyle(language)}</head>
<body style="margin:0;background:#f4f7f4;color:#1a1a1a;line-height:1.5">
<main style="max-width:32rem;margin:1.5rem auto;background:#fff;padding:1.25rem 1.25rem;border-top:4px solid #1b5e20">
<h1 style="font-size:1.4rem;margin:0 0 1rem;color:#1b5e20">${escapeHtml(title)}</h1>
${body}
<p style="font-size:.9rem;color:#555">${escapeHtml(trust.name)} · ${escapeHtml(trust.email)}</p>
<p><a href="${localizedPath(language, '/')}" style="color:#1b5e20">${escapeHtml(sponsorPageMessages(language).back)}</a></p>
</main></body></html>`;
}
