import type { Socket } from 'node:net';
import type { Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { Logger } from 'pino';
import type { Config } from '../core/config';
import { connectPublic, isLoopbackHost, privateHostsAllowed } from '../net/public-address';
import type { DevMailbox } from './dev-mailbox';

/**
 * Where outbox messages go. `transport` is null in production without an SMTP server: messages
 * wait. The console's settings change the server and the sender while the server runs (`use`);
 * the mail worker reads `transport` and `from` at each message.
 */
export interface Mailer {
  transport: Transporter | null;
  /** The sender: MAIL_FROM's, else the one in Settings, else no-reply@ the site's host. */
  from: Sender;
  /** The right-hand side of every Message-ID: the sender's domain. */
  domain: string;
  devMailbox: DevMailbox | null;
  /** Whether mail goes to the in-process mailbox now (no SMTP server set, outside production). */
  sendsToDevMailbox: boolean;
  /** The console's SMTP server and sender; null for either: the one the server started with. */
  use(settings: { smtp: SmtpServer | null; from: Sender | null }): Promise<void>;
  close(): Promise<void>;
}

/**
 * A sender's address, and its name when one is set (MAIL_FROM's or the Sender name in Settings).
 * Without one, each mail goes out under the trust's name as saved in Trust details at the time it
 * is sent (`senderOf`).
 */
export interface Sender {
  address: string;
  name: string | null;
}

/** An SMTP server as the console's settings name it (port 465: TLS from the start, others STARTTLS, required). */
export interface SmtpServer {
  host: string;
  port: number;
  user: string | null;
  password: string | null;
  /** TLS from the start; unset: on port 465 only. SMTP_URL's `smtps://` sets it on any port. */
  secure?: boolean;
}

/**
 * SMTP_URL as a server held to the same rules as the console's (`smtpTransportOptions`):
 * `smtps://` is TLS from the start, `smtp://` STARTTLS (required); the port defaults as nodemailer's
 * does (465, 587). Query options (`?ignoreTLS=true`…) are not read: they could turn the rules off.
 */
export function smtpServerOfUrl(url: string): SmtpServer {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    user: parsed.username ? decodeURIComponent(parsed.username) : null,
    password: parsed.password ? decodeURIComponent(parsed.password) : null,
    secure,
  };
}

/**
 * Mail options for that server (the console's, or SMTP_URL's), with the same timeouts as every
 * other transport here. TLS is required: from the start on port 465 (or `smtps://`), else by
 * STARTTLS, and a server that offers none is left before the password is sent (never AUTH in
 * clear). The connection goes only to a public address of the host (platform/net/public-address.ts),
 * checked at each connection. The one exception: a relay on this machine's loopback once the
 * operator allows private hosts (ALLOW_PRIVATE_HOSTS=1), where nothing crosses a network.
 */
export function smtpTransportOptions(server: SmtpServer) {
  const secure = server.secure ?? server.port === 465;
  const plainAllowed = privateHostsAllowed() && isLoopbackHost(server.host);
  return {
    host: server.host,
    port: server.port,
    secure,
    requireTLS: !secure && !plainAllowed,
    auth: server.user ? { user: server.user, pass: server.password ?? '' } : undefined,
    getSocket(_options: unknown, callback: (error: Error | null, socket?: { connection: Socket }) => void) {
      connectPublic(server.host, server.port, TIMEOUTS.connectionTimeout).then(
        (connection) => callback(null, { connection }),
        (error: Error) => callback(error),
      );
    },
    ...TIMEOUTS,
  };
}

/**
 * The in-process mailbox, when the console names it (development: 127.0.0.1 and its port): plain
 * SMTP on loopback, nothing leaves the machine. The one server not held to the rules above.
 */
export function isInProcessMailbox(server: SmtpServer, devMailbox: Pick<DevMailbox, 'port'> | null): boolean {
  return (
    devMailbox !== null && server.port === devMailbox.port && ['127.0.0.1', '::1', 'localhost'].includes(server.host)
  );
}

const defaultAddress = (siteUrl: string) => `no-reply@${new URL(siteUrl).hostname}`;

/**
 * The sender of a mail sent now, the one rule for every mail (the outbox's and the console's test
 * mail): the sender's name when one is set, else the trust's name as saved now (read only then).
 */
export async function senderOf(
  mailer: Pick<Mailer, 'from'>,
  trustName: () => Promise<string>,
): Promise<{ name: string; address: string }> {
  return { name: mailer.from.name ?? (await trustName()), address: mailer.from.address };
}

/** MAIL_FROM (`"Name" <address>` or a bare address) as a sender; no name: the trust's, at each send. */
export function senderOfText(text: string): Sender {
  const [first] = addressparser(text, { flatten: true });
  return { address: first?.address || text.trim(), name: first?.name || null };
}

const domainOf = (address: string) => address.replace(/^.*@/, '').trim() || 'localhost';

// nodemailer, and the development mailbox's SMTP server and parser, are loaded only when used:
// production without SMTP_URL never needs them, and no health check waits on them at start.

// Short enough that a hung server cannot hold an outbox row's lock for long.
const TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

export async function createMailer(
  config: Pick<Config, 'env' | 'siteUrl' | 'mail'>,
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
): Promise<Mailer> {
  const startFrom: Sender = config.mail.from
    ? senderOfText(config.mail.from)
    : { address: defaultAddress(config.siteUrl), name: null };
  const started = await startTransport(config, log);
  let consoleTransport: Transporter | null = null;
  const mailer: Mailer = {
    transport: started.transport,
    from: startFrom,
    domain: domainOf(startFrom.address),
    devMailbox: started.devMailbox,
    sendsToDevMailbox: started.devMailbox !== null,
    async use({ smtp, from }) {
      const previous = consoleTransport;
      if (smtp) {
        const { default: nodemailer } = await import('nodemailer');
        consoleTransport = nodemailer.createTransport(
          isInProcessMailbox(smtp, started.devMailbox)
            ? { host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true, ...TIMEOUTS }
            : smtpTransportOptions(smtp),
        );
      } else {
        consoleTransport = null;
      }
      mailer.transport = consoleTransport ?? started.transport;
      mailer.sendsToDevMailbox =
        started.devMailbox !== null && (smtp === null || isInProcessMailbox(smtp, started.devMailbox));
      mailer.from = from ?? startFrom;
      mailer.domain = domainOf(mailer.from.address);
      // A message being sent on the old one finishes first: close() waits for its connections.
      previous?.close();
    },
    async close() {
      consoleTransport?.close();
      await started.close();
    },
  };
  return mailer;
}

/** The transport the server starts with: SMTP_URL (held to the console's rules), else the in-process mailbox (not in production), else none. */
async function startTransport(
  config: Pick<Config, 'env' | 'mail'>,
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
): Promise<{ transport: Transporter | null; devMailbox: DevMailbox | null; close(): Promise<void> }> {
  if (config.mail.smtpUrl) {
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport(smtpTransportOptions(smtpServerOfUrl(config.mail.smtpUrl)));
    return { transport, devMailbox: null, close: async () => transport.close() };
  }
  if (config.env === 'production') {
    log.error(
      'No SMTP server is set: no mail will be sent. Receipts and notices wait in the outbox until an admin sets one in Settings (or SMTP_URL is set).',
    );
    return { transport: null, devMailbox: null, close: async () => {} };
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
    devMailbox,
    async close() {
      transport.close();
      await devMailbox.close();
    },
  };
}
