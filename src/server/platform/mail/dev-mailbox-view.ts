import type { DevMailbox, ReceivedMail } from './dev-mailbox';

/**
 * The development mailbox for the console: what arrived, newest first, without the raw bytes, and
 * whether mail still goes there (`inUse`: no SMTP server set in Settings) or to the one set.
 */
export function listMailbox(mailbox: DevMailbox | null, inUse = mailbox !== null) {
  if (!mailbox) return { available: false, inUse: false, messages: [] };
  const messages = mailbox.messages.map((message, index) => ({
    index,
    messageId: message.messageId ?? null,
    from: message.from ?? null,
    to: message.to ?? null,
    subject: message.subject ?? null,
    receivedAt: message.receivedAt.toISOString(),
    attachments: message.attachments.map((a) => a.filename ?? 'attachment'),
  }));
  return { available: true, inUse, messages: messages.reverse() };
}

/** One message, its text and HTML, or null when there is no such message (or no mailbox). */
export function getMailboxMessage(mailbox: DevMailbox | null, index: number) {
  const message: ReceivedMail | undefined = mailbox?.messages[index];
  if (!message) return null;
  return {
    index,
    messageId: message.messageId ?? null,
    from: message.from ?? null,
    to: message.to ?? null,
    subject: message.subject ?? null,
    receivedAt: message.receivedAt.toISOString(),
    text: message.text ?? '',
    html: message.html || null,
    attachments: message.attachments.map((a) => ({ filename: a.filename ?? 'attachment', size: a.size })),
  };
}
