import type { EntityManager } from '@mikro-orm/postgresql';
import type { TestMailResult } from '../../../shared/settings.schema';
import { type Actor, audit } from '../../platform/audit/audit';
import { senderOf } from '../../platform/mail/mailer';
import { PrivateAddressError } from '../../platform/net/public-address';
import { publishedContact } from '../../platform/site-content/published-contact';
import type { LiveSettings } from './live-settings';

/** nodemailer's error codes, in the words the page shows. */
const PROBLEMS: Record<string, string> = {
  EAUTH: 'The mail server refused the user name or password.',
  ECONNECTION: 'The connection to the mail server failed (refused, or closed at once): check the host and port.',
  ETIMEDOUT: 'The mail server did not answer in time: check the host and port (and that the port is not blocked).',
  ETLS: 'The mail server offers no secure (TLS) connection, or it failed: the password was not sent. Port 465 needs TLS from the start; 587 starts plain and must offer STARTTLS.',
  ESOCKET: 'The connection to the mail server failed: check the host and port.',
  EDNS: 'No mail server has that host name: check its spelling.',
  ENOTFOUND: 'No mail server has that host name: check its spelling.',
  EPROTOCOL: 'What answered at that host and port is not a mail server (SMTP): check the host and port.',
  EENVELOPE: 'The mail server refused the sender or the recipient address.',
  EMESSAGE: 'The mail server refused the message.',
};

/** Codes after which the mail server itself answered in SMTP: its reply (a 4xx or 5xx line) is worth showing. */
const SMTP_REPLIES = new Set(['EAUTH', 'EENVELOPE', 'EMESSAGE']);

interface SendError {
  code?: string;
  message?: string;
  response?: string;
}

function problemOf(error: SendError): string {
  if (error instanceof PrivateAddressError) return error.message;
  const message = error.message ?? '';
  if (/ECONNREFUSED/.test(message)) return 'The mail server refused the connection: check the host and port.';
  if (error.code && PROBLEMS[error.code]) return PROBLEMS[error.code] as string;
  if (/TLS|SSL|certificate/i.test(message)) return PROBLEMS.ETLS as string;
  return 'The mail could not be sent.';
}

/**
 * The server's own reply, only when it is an SMTP reply to a command of ours: never what some
 * other service said (an SSH banner on that port), nor the library's message around it.
 */
function replyOf(error: SendError): string | null {
  const reply = error.response ?? '';
  return error.code && SMTP_REPLIES.has(error.code) && /^[45]\d\d[ -]/.test(reply) ? reply.slice(0, 500) : null;
}

/**
 * "Send me a test mail": one message through the SMTP settings in force, directly (not through
 * the outbox, which would retry quietly), and the mail server's own answer: accepted, or why not.
 */
export async function sendTestMail(deps: {
  em: EntityManager;
  live: Pick<LiveSettings, 'mailer'>;
  actor: Actor;
  to: string;
}): Promise<TestMailResult> {
  const { mailer } = deps.live;
  const { transport } = mailer;
  const result: TestMailResult = transport
    ? await transport
        .sendMail({
          from: await senderOf(mailer, async () => (await publishedContact(deps.em)).name),
          to: deps.to,
          subject: 'Test mail from the console',
          text: `This is the test mail ${deps.actor.username} asked for in the console's Settings. Mail from the site (receipts, notices) goes out the same way.`,
        })
        .then((info): TestMailResult => ({ ok: true, response: String(info.response ?? 'accepted') }))
        .catch(
          (error: SendError): TestMailResult => ({ ok: false, problem: problemOf(error), response: replyOf(error) }),
        )
    : { ok: false, problem: 'No mail server is set: fill in the mail server fields and save first.', response: null };
  // Whether it went, never the address or the server's words.
  await audit(deps.em, deps.actor, 'settings_test_mail_sent', { accepted: result.ok });
  return result;
}
