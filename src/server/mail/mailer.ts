import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { siteContent } from '../../shared/site-content';
import type { Config } from '../config';
import type { DevMailbox } from './dev-mailbox';

/** Where outbox messages go. `transport` is null in production without SMTP_URL: messages wait. */
export interface Mailer {
  transport: Transporter | null;
  from: string;
  /** The right-hand side of every Message-ID: the sender's domain. */
  domain: string;
  devMailbox: DevMailbox | null;
  close(): Promise<void>;
}

// nodemailer, and the development mailbox's SMTP server and parser, are loaded only when used:
// production without SMTP_URL never needs them, and no health check waits on them at start.

// Short enough that a hung server cannot hold an outbox row's lock for long.
const TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

export async function createMailer(
  config: Pick<Config, 'env' | 'siteUrl' | 'mail'>,
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
): Promise<Mailer> {
  const from = config.mail.from ?? `"${siteContent.trust.name}" <no-reply@${new URL(config.siteUrl).hostname}>`;
  const domain = from.replace(/^.*@/, '').replace(/>.*$/, '').trim() || 'localhost';

  if (config.mail.smtpUrl) {
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport({ url: config.mail.smtpUrl, ...TIMEOUTS });
    return { transport, from, domain, devMailbox: null, close: async () => transport.close() };
  }
  if (config.env === 'production') {
    log.error(
      'SMTP_URL is not set: no mail will be sent. Receipts and notices wait in the outbox until SMTP_URL is set and the server restarts.',
    );
    return { transport: null, from, domain, devMailbox: null, close: async () => {} };
  }
  const [{ default: nodemailer }, { startDevMailbox }] = await Promise.all([
    import('nodemailer'),
    import('./dev-mailbox'),
  ]);
  const devMailbox = await startDevMailbox();
  log.info({ port: devMailbox.port }, 'SMTP_URL unset: mail goes to the in-process SMTP server');
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: devMailbox.port,
    secure: false,
    ignoreTLS: true,
    ...TIMEOUTS,
  });
  return {
    transport,
    from,
    domain,
    devMailbox,
    async close() {
      transport.close();
      await devMailbox.close();
    },
  };
}
