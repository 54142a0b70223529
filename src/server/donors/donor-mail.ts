import { renderMail } from '../mail/layout';
import type { MailContent } from '../mail/templates';

/** The answer to "send me a link": a fresh link to the donor's own page, valid for a day. */
export function donorLinkMail(pageUrl: string): MailContent {
  return {
    subject: 'Your giving: receipts and statements',
    ...renderMail([
      { p: 'You asked for a link to your page: your donations, receipts and yearly statements.' },
      { link: 'Open my giving', href: pageUrl },
      { small: 'The link works for 24 hours. If you did not ask for it, you can ignore this message.' },
    ]),
  };
}
