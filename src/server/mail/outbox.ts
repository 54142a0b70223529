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
    `insert into mail_outbox (message_id, kind, recipient, subject, text_body, html_body, attachments, forget_once_sent)
     select ?, ?, ?, ?, ?, ?, ?::jsonb, ? ${onlyIf ? `where ${onlyIf.where}` : ''}
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
      ...(onlyIf?.params ?? []),
    ],
  );
  return rows.length > 0;
}
