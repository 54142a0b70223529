import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the in-process SMTP server received it: what staff read in development. */
export interface ReceivedMail {
  messageId: string | undefined;
  from: string | undefined;
  to: string | undefined;
  subject: string | undefined;
  text: string | undefined;
  html: string | false;
  attachments: { filename: string | undefined; contentType: string; size: number }[];
  receivedAt: Date;
  raw: Buffer;
}

export interface DevMailbox {
  port: number;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * An SMTP server on 127.0.0.1 that keeps every message it receives in memory, so the whole flow
 * runs offline and mail can be read back. `rejectNext` makes it refuse messages, as a failing
 * server would, after reading them: the "unclear answer" a sender must retry without doubling.
 */
export async function startDevMailbox(
  options: { port?: number; rejectWith?: () => string | undefined } = {},
): Promise<DevMailbox> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks);
        const parsed = await simpleParser(raw);
        messages.push({
          messageId: parsed.messageId,
          from: parsed.from?.text,
          to: Array.isArray(parsed.to) ? parsed.to.map((to) => to.text).join(', ') : parsed.to?.text,
          subject: parsed.subject,
          text: parsed.text,
          html: parsed.html ?? false,
          attachments: parsed.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            size: a.size,
          })),
          receivedAt: new Date(),
          raw,
        });
        const rejection = options.rejectWith?.();
        callback(rejection ? Object.assign(new Error(rejection), { responseCode: 451 }) : null);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
