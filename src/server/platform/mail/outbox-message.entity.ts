import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A file to attach when the message is sent, rendered then rather than in the causing transaction. */
export type OutboxAttachment =
  | { type: 'receipt-pdf'; receiptId: number }
  | { type: 'certificate-pdf'; certificateId: number };

/**
 * A mail waiting to be sent, written in the same transaction as the event that causes it. The
 * Message-ID is derived from that event and unique, so enqueueing twice makes one message and a
 * resend after an unclear SMTP answer is recognisably the same message.
 */
export const OutboxMessage = defineEntity({
  name: 'OutboxMessage',
  tableName: 'mail_outbox',
  indexes: [
    { properties: ['status', 'nextAttemptAt'], name: 'mail_outbox_status_next_attempt_at_index' },
    // The health list's mail check: failed, waiting or sent in the last day.
    { properties: ['status', 'createdAt'], name: 'mail_outbox_status_created_at_index' },
    // A donor's mails on their console page, by address in any case (Migration20261128032000).
    {
      name: 'mail_outbox_lower_recipient_index',
      expression: 'create index "mail_outbox_lower_recipient_index" on "mail_outbox" (lower("recipient"))',
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    messageId: p.text().unique('mail_outbox_message_id_unique'),
    /** Which template made it ('receipt', 'payment-failed', …): for the staff's outbox view. */
    kind: p.text(),
    recipient: p.text(),
    subject: p.text(),
    textBody: p.text(),
    htmlBody: p.text(),
    attachments: p.json<OutboxAttachment[]>().columnType('jsonb').defaultRaw(`'[]'`),
    /** Extra headers sent with it, e.g. List-Unsubscribe on an appeal's update. */
    headers: p.json<Record<string, string>>().columnType('jsonb').defaultRaw(`'{}'`),
    /** queued → sent, or failed once retrying has gone on long enough. */
    status: p.text().default('queued'),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    lastError: p.text().nullable(),
    /** Once sent or given up on, recipient, subject and bodies are overwritten (platform/personal-data/erased.ts). */
    forgetOnceSent: p.boolean().default(false),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    sentAt: p.datetime().columnType('timestamptz').nullable(),
  }),
});

export type OutboxMessage = InferEntity<typeof OutboxMessage>;
