import { LANGUAGE_TAGS, type Language } from '../../../shared/languages';
import { DEFAULT_CONTACT, type TrustContact } from '../site-content/published-contact';
import { mailMessages } from './messages';

/** The trust's dark green (theme.ts shade 9), on white: readable in every mail client. */
const GREEN = '#1b5e20';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A paragraph, a link button, or a small print line of a message; text first, HTML alongside. */
/** `image`: a photo's address (absolute), shown in the HTML only, at most the mail's width. */
export type Block =
  | { p: string }
  | { link: string; href: string }
  | { small: string }
  | { image: string; alt: string; width: number; height: number };

/**
 * Plain text and simple HTML of the same message, in the trust's colours, with inline styles only.
 * `donorPageUrl`, the donor's own signed page, goes in the footer of every mail to a donor;
 * `unsubscribeUrl` in the footer of mail a donor can stop (an appeal's updates: one click, no
 * sign-in). The footer is in the mail's `language` (platform/mail/messages.ts), as its body is, and gives
 * the trust's name (Trust details') and `contact` details as published
 * (platform/site-content/published-contact.ts; the defaults unless given); the header names the trust too.
 */
export function renderMail(
  blocks: Block[],
  donorPageUrl?: string,
  unsubscribeUrl?: string,
  language: Language = 'en',
  contact: TrustContact = DEFAULT_CONTACT,
): { text: string; html: string } {
  const {
    donorPageLine: DONOR_PAGE_LINE,
    donorPageLink: DONOR_PAGE_LINK,
    donorPageNote: DONOR_PAGE_NOTE,
    unsubscribeLine: UNSUBSCRIBE_LINE,
    unsubscribeLink: UNSUBSCRIBE_LINK,
  } = mailMessages(language);
  const text = [
    ...blocks.flatMap((block) =>
      'p' in block
        ? [block.p]
        : 'link' in block
          ? [`${block.link}: ${block.href}`]
          : 'small' in block
            ? [block.small]
            : [],
    ),
    ...(donorPageUrl ? [`${DONOR_PAGE_LINE} ${donorPageUrl}\n${DONOR_PAGE_NOTE}`] : []),
    ...(unsubscribeUrl ? [`${UNSUBSCRIBE_LINE} ${UNSUBSCRIBE_LINK}: ${unsubscribeUrl}`] : []),
    `${contact.name}\n${contact.address} · ${contact.email} · ${contact.phone}`,
  ].join('\n\n');
  const body = blocks
    .map((block) => {
      if ('p' in block) return `<p style="margin:0 0 16px">${escapeHtml(block.p)}</p>`;
      if ('small' in block)
        return `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(block.small)}</p>`;
      if ('image' in block)
        return `<p style="margin:0 0 16px"><img src="${escapeHtml(block.image)}" alt="${escapeHtml(block.alt)}" width="${block.width}" height="${block.height}" style="display:block;width:100%;max-width:${block.width}px;height:auto;border-radius:6px"></p>`;
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:${GREEN};color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(block.link)}</a></p>`;
    })
    .join('\n');
  const donorPageHtml = donorPageUrl
    ? `<p style="margin:0 0 12px;font-size:14px;color:#1a1a1a">${DONOR_PAGE_LINE} <a href="${escapeHtml(donorPageUrl)}" style="color:${GREEN};font-weight:bold">${DONOR_PAGE_LINK}</a><br><span style="font-size:12px;color:#555">${DONOR_PAGE_NOTE}</span></p>`
    : '';
  const unsubscribeHtml = unsubscribeUrl
    ? `<p style="margin:0 0 12px;font-size:12px;color:#555">${UNSUBSCRIBE_LINE} <a href="${escapeHtml(unsubscribeUrl)}" style="color:${GREEN}">${UNSUBSCRIBE_LINK}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${language === 'en' ? 'en' : LANGUAGE_TAGS[language]}"><body style="margin:0;background:#f4f7f4;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#fff">
<div style="background:${GREEN};color:#fff;padding:18px 24px;font-size:19px;font-weight:bold">${escapeHtml(contact.name)}</div>
<div style="padding:24px">
${body}
</div>
<div style="padding:16px 24px;border-top:3px solid ${GREEN};font-size:12px;color:#555">${donorPageHtml}${unsubscribeHtml}${escapeHtml(contact.address)} · ${escapeHtml(contact.email)} · ${escapeHtml(contact.phone)}</div>
</div></body></html>`;
  return { text, html };
}
