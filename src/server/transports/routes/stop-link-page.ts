import type { FastifyReply } from 'fastify';
import { LANGUAGE_FONTS } from '../../../shared/language-fonts';
import { LANGUAGE_TAGS, type Language } from '../../../shared/languages';
import { localizedPath } from '../../../shared/locale-paths';
import { escapeHtml } from '../../platform/mail/layout';
import type { TrustContact } from '../../platform/site-content/published-contact';

/** A paragraph of plain text, escaped. */
export const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/**
 * The small page a mail's stop link opens (an appeal's updates, an animal's sponsors' news): plain
 * HTML with no script, the trust's name and address as published, never cached, never indexed, and
 * no referrer (the token is in the address).
 */
export function sendStopLinkPage(
  reply: FastifyReply,
  status: number,
  {
    title,
    body,
    trust,
    language,
    backToSite,
  }: { title: string; body: string; trust: TrustContact; language: Language; backToSite: string },
) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer')
    .send(`<!doctype html>
<html lang="${LANGUAGE_TAGS[language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">${languageFontStyle(language)}<title>${escapeHtml(title)} · ${escapeHtml(trust.name)}</title></head>
<body style="margin:0;background:#f4f7f4;color:#1a1a1a;line-height:1.5">
<main style="max-width:32rem;margin:3rem auto;background:#fff;padding:1.5rem 1.75rem;border-top:4px solid #1b5e20">
<h1 style="font-size:1.4rem;margin:0 0 1rem;color:#1b5e20">${escapeHtml(title)}</h1>
${body}
<p style="font-size:.9rem;color:#555">${escapeHtml(trust.name)} · ${escapeHtml(trust.email)}</p>
<p><a href="${localizedPath(language, '/')}" style="color:#1b5e20">${escapeHtml(backToSite)}</a></p>
</main></body></html>`);
}

/** The page's font: the site's Noto subset of a Tamil or Hindi page (public/fonts, shared/language-fonts.ts), its two weights; for a stop page and the sponsor's own page. */
export function languageFontStyle(language: Language): string {
  const font = LANGUAGE_FONTS[language];
  if (!font) return '<style>body{font-family:system-ui,Arial,sans-serif}</style>';
  const face = (weight: number) =>
    `@font-face{font-family:"${font.family}";font-weight:${weight};font-display:swap;src:url(/fonts/${font.file}-${weight}.woff2) format("woff2");unicode-range:${font.unicodeRange}}`;
  return `<style>${face(400)}${face(700)}body{font-family:"${font.family}",system-ui,Arial,sans-serif}</style>`;
}
