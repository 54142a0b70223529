import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Orm } from '../db/orm';
import { ERASED, ERASED_EMAIL } from '../personal-data/erased';
import { publishedContact } from '../site-content/published-contact';
import { type Mailer, senderOf } from './mailer';
import { type OutboxAttachment, OutboxMessage } from './outbox-message.entity';

export interface MailWorkerOptions {
  /** Renders an attachment when the message is sent (e.g. a receipt's PDF). */
  resolveAttachment(em: EntityManager, attachment: OutboxAttachment): Promise<{ filename: string; content: Buffer }>;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Milliseconds to wait before attempt `attempts + 1`; by default doubling from 30 s up to an hour. */
  backoffMs?: (attempts: number) => number;
  /** How long a message keeps being retried before it is marked failed: two days by default. */
  retryForMs?: number;
}

export type SendOutcome = 'sent' | 'retrying' | 'failed' | 'idle';

const defaultBackoff = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);
const TWO_DAYS_MS = 2 * 24 * 3_600_000;

/**
 * Sends the oldest message that is due. The row stays locked (`FOR UPDATE SKIP LOCKED`) while it
 * is sent, so another worker on any instance skips it rather than sending it too; its Message-ID
 * is the same on every attempt, so a resend after an unclear answer is one message to the reader.
 */
export async function sendNextMail(orm: Orm, mailer: Mailer, options: MailWorkerOptions): Promise<SendOutcome> {
  const { transport } = mailer;
  if (!transport) return 'idle';
  return orm.em.fork().transactional(async (em) => {
    const [row] = await em.execute<Record<string, unknown>[]>(
      `select * from mail_outbox where status = 'queued' and next_attempt_at <= now()
        order by next_attempt_at, id limit 1 for update skip locked`,
    );
    if (!row) return 'idle';
    const message = em.map(OutboxMessage, row);
    try {
      const attachments = await Promise.all(message.attachments.map((a) => options.resolveAttachment(em, a)));
      await transport.sendMail({
        // One indexed read (published-contact.ts): a name saved in Trust details shows in the next mail.
        from: await senderOf(mailer, async () => (await publishedContact(em)).name),
        to: message.recipient,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
        messageId: `<${message.messageId}@${mailer.domain}>`,
        headers: message.headers ?? {},
        attachments,
      });
      await em.execute(
        `update mail_outbox set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null where id = ?`,
        [message.id],
        'run',
      );
      await forgetIfAsked(em, message);
      options.log.info({ outboxId: message.id, kind: message.kind }, 'mail sent');
      return 'sent';
    } catch (error) {
      const attempts = message.attempts + 1;
      const gaveUp = Date.now() - message.createdAt.getTime() >= (options.retryForMs ?? TWO_DAYS_MS);
      const status = gaveUp ? 'failed' : 'queued';
      const delayMs = (options.backoffMs ?? defaultBackoff)(attempts);
      await em.execute(
        `update mail_outbox set status = ?, attempts = ?, last_error = ?,
           next_attempt_at = now() + (? * interval '1 millisecond') where id = ?`,
        [status, attempts, describeError(error), delayMs, message.id],
        'run',
      );
      if (gaveUp) await forgetIfAsked(em, message);
      // Ids and counts only: an SMTP error can quote the recipient's address.
      options.log.warn({ outboxId: message.id, attempts, status }, 'mail not sent');
      return gaveUp ? 'failed' : 'retrying';
    }
  });
}

/** A mail to someone being forgotten keeps no address or text once it is done with (sent or failed). */
async function forgetIfAsked(em: EntityManager, message: OutboxMessage) {
  if (!message.forgetOnceSent) return;
  await em.execute(
    'update mail_outbox set recipient = ?, subject = ?, text_body = ?, html_body = ?, last_error = null where id = ?',
    [ERASED_EMAIL, ERASED, ERASED, ERASED, message.id],
    'run',
  );
}

/**
 * For the staff's outbox view and the health list: the SMTP reply or the network error, shortened,
 * after nodemailer's code and the command refused (`EENVELOPE (RCPT TO) 550 …`: the recipient's
 * address, where `(MAIL FROM)` or `(DATA)` is the trust's own server; console/health/mail-health.ts).
 */
function describeError(error: unknown): string {
  const smtp = error as { code?: string; command?: string; responseCode?: number; response?: string; message?: string };
  const text = smtp.response ?? smtp.message ?? String(error);
  // The command's name only (nodemailer's fixed words), never the recipient it named.
  const command =
    typeof smtp.command === 'string' && /^[A-Z][A-Z0-9 -]{1,20}$/.test(smtp.command) ? `(${smtp.command})` : '';
  return [smtp.code, command, smtp.responseCode, text].filter(Boolean).join(' ').slice(0, 500);
}

export interface MailWorker {
  stop(): Promise<void>;
}

/** Polls the outbox and sends everything due, one message at a time, until stopped. */
export function startMailWorker(
  orm: Orm,
  mailer: Mailer,
  options: MailWorkerOptions & { pollIntervalMs?: number },
): MailWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const drain = async () => {
    try {
      while (!stopped && (await sendNextMail(orm, mailer, options)) !== 'idle') {}
    } catch {
      options.log.error('mail worker could not read the outbox; trying again at the next poll');
    }
  };
  const poll = () => {
    running = drain().then(() => {
      if (!stopped) timer = setTimeout(poll, options.pollIntervalMs ?? 5_000);
    });
  };
  poll();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
