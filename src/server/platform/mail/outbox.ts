import type { EntityManager } from '@mikro-orm/postgresql';
import type { OutboxAttachment } from './outbox-message.entity';
import type { MailContent } from './templates';

export interface OutgoingMail extends MailContent {
  /**
   * Names the event that causes the message, e.g. `receipt-CART-2026-27-000123`: it becomes the
   * Message-ID's left-hand side, and enqueueing the same event twice makes one message.
   */
  eventKey: string;
  /** Which template made it, for the staff's outbox view. */
  kind: string;
  to: string;
  attachments?: OutboxAttachment[];
  /** Overwrite the recipient and the text once sent or given up on: a mail to someone being forgotten. */
  forgetOnceSent?: boolean;
  /** Sent with the message as they are (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** An event key made safe for a Message-ID: `CART/2026-27/000123` → `CART-2026-27-000123`. */
export function eventKeyPart(value: string): string {
  return value.replace(/[^A-Za-z0-9._-]+/g, '-');
}

/**
 * Queues a message in the caller's transaction: it is sent if and only if the event commits.
 * Returns false when a message for the same event is already queued or sent.
 */
export async function enqueueMail(
  em: EntityManager,
  mail: OutgoingMail,
  onlyIf?: { where: string; params: unknown[] },
): Promise<boolean> {
  // `onlyIf` makes the condition part of the same statement, so the work is the same whether or
  // not the mail is queued (a donor's link must not tell who gives by taking longer).
  const rows = await em.execute<{ id: number }[]>(
    `insert into mail_outbox (message_id, kind, recipient, subject, text_body, html_body, attachments, forget_once_sent,
       headers)
     select ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?::jsonb ${onlyIf ? `where ${onlyIf.where}` : ''}
     on conflict (message_id) do nothing returning id`,
    [
      eventKeyPart(mail.eventKey),
      mail.kind,
      mail.to,
      mail.subject,
      mail.text,
      mail.html,
      JSON.stringify(mail.attachments ?? []),
      mail.forgetOnceSent ?? false,
      JSON.stringify(mail.headers ?? {}),
      ...(onlyIf?.params ?? []),
    ],
  );
  return rows.length > 0;
}

/** Messages per statement when many are queued at once (each a few KB of text). */
const MAILS_PER_STATEMENT = 200;

/**
 * Queues many messages in the caller's transaction, a few hundred per statement (an appeal's update
 * to its every donor), each as `enqueueMail` would: one message per event key. Answers how many
 * were queued now (not queued or sent before).
 */
export async function enqueueMails(em: EntityManager, mails: readonly OutgoingMail[]): Promise<number> {
  let queued = 0;
  for (let start = 0; start < mails.length; start += MAILS_PER_STATEMENT) {
    const batch = mails.slice(start, start + MAILS_PER_STATEMENT).map((mail) => ({
      message_id: eventKeyPart(mail.eventKey),
      kind: mail.kind,
      recipient: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      attachments: mail.attachments ?? [],
      forget_once_sent: mail.forgetOnceSent ?? false,
      headers: mail.headers ?? {},
    }));
    const rows = await em.execute<{ id: number }[]>(
      `insert into mail_outbox (message_id, kind, recipient, subject, text_body, html_body, attachments, forget_once_sent,
         headers)
       select * from jsonb_to_recordset(?::jsonb) as given (message_id text, kind text, recipient text, subject text,
         text_body text, html_body text, attachments jsonb, forget_once_sent boolean, headers jsonb)
       on conflict (message_id) do nothing returning id`,
      [JSON.stringify(batch)],
    );
    queued += rows.length;
  }
  return queued;
}
