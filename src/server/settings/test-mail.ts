import type { EntityManager } from '@mikro-orm/postgresql';
import type { TestMailResult } from '../../shared/settings.schema';
import { type Actor, audit } from '../staff/audit';
import type { LiveSettings } from './live-settings';

/** nodemailer's error codes, in the words the page shows. */
const PROBLEMS: Record<string, string> = {
  EAUTH: 'The mail server refused the user name or password.',
  ECONNECTION: 'The connection to the mail server failed (refused, or closed at once): check the host and port.',
  ETIMEDOUT: 'The mail server did not answer in time: check the host and port (and that the port is not blocked).',
  ETLS: 'The secure (TLS) connection failed: port 465 needs TLS from the start, 587 starts plain and upgrades.',
  ESOCKET: 'The connection to the mail server failed: check the host and port.',
  EDNS: 'No mail server has that host name: check its spelling.',
  EENVELOPE: 'The mail server refused the sender or the recipient address.',
  EMESSAGE: 'The mail server refused the message.',
};

function problemOf(error: { code?: string; message?: string }): string {
  const message = error.message ?? '';
  if (/ECONNREFUSED/.test(message)) return 'The mail server refused the connection: check the host and port.';
  if (/TLS|SSL|certificate/i.test(message) && error.code !== 'EAUTH') return PROBLEMS.ETLS as string;
  return (error.code && PROBLEMS[error.code]) || 'The mail could not be sent.';
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
  const { transport, from } = deps.live.mailer;
  const result: TestMailResult = transport
    ? await transport
        .sendMail({
          from,
          to: deps.to,
          subject: 'Test mail from the console',
          text: `This is the test mail ${deps.actor.username} asked for in the console's Settings. Mail from the site (receipts, notices) goes out the same way.`,
        })
        .then((info): TestMailResult => ({ ok: true, response: String(info.response ?? 'accepted') }))
        .catch(
          (error: { code?: string; message?: string; response?: string }): TestMailResult => ({
            ok: false,
            problem: problemOf(error),
            response: error.response ?? error.message ?? null,
          }),
        )
    : { ok: false, problem: 'No mail server is set: fill in the mail server fields and save first.', response: null };
  // Whether it went, never the address or the server's words.
  await audit(deps.em, deps.actor, 'settings_test_mail_sent', { accepted: result.ok });
  return result;
}
