import type { EntityManager } from '@mikro-orm/postgresql';
import type { HealthCheckContext } from './health-context';
import { amber, green, plural, red, type Verdict } from './verdicts';

/**
 * The mail item: red at once when mail fails, not after the outbox's two days of retries: a mail
 * whose last try failed (the server unreachable, refusing, or its login wrong) waits for a retry,
 * and that is red until a retry gets through. Red too in production with no mail server at all
 * (no SMTP_URL and none saved in Settings): nothing could be sent.
 */
export async function mailVerdict({ em, now, environment, settings }: HealthCheckContext): Promise<Verdict> {
  const mailServer = Boolean(settings.environment.mail.smtpUrl) || settings.effective.smtp !== null;
  if (!mailServer && !environment.inProcessMailbox) {
    return red(
      'No mail server is set up: receipts, donors’ links and these alerts cannot be mailed. Set the SMTP server in Settings and send a test mail.',
      'settings',
    );
  }
  return outboxVerdict(em, now);
}

/**
 * A recipient's own address refused (nodemailer's EENVELOPE at RCPT TO, as mail-worker.ts records
 * it, with a 5.1.x code: no such mailbox, a bad address): each mail has one recipient, so this is
 * that donor's address, not the trust's mail server. Every other EENVELOPE (MAIL FROM or DATA
 * refused, relaying denied: 5.7.x) is the trust's own server refusing to send. Bound as a parameter.
 */
const RECIPIENT_REFUSED = String.raw`^EENVELOPE \(RCPT TO\) (5[0-9][0-9] )?5[0-9][0-9][ -]5\.1\.(1|2|3|4|6|10)([^0-9]|$)`;
/** What donors/rights/erasure.ts writes on the mails it stopped: not a failure of the mail server. */
const ERASED_UNSENT = "erased at the donor's request";

async function outboxVerdict(em: EntityManager, now: Date): Promise<Verdict> {
  // Each an index probe of mail_outbox (status, created_at); queued rows are few. A mail sent in
  // the last day was created within three (two days of retries, then an hour's backoff at most).
  const [row] = await em.execute<
    { failed: boolean; retrying: string; refusedRecipients: string; waiting: boolean; sent: boolean }[]
  >(
    `select
       exists (select 1 from mail_outbox where status = 'failed' and created_at > ?::timestamptz - interval '1 day'
                 and coalesce(last_error, '') !~ ? and last_error is distinct from ?) as failed,
       (select count(*) from mail_outbox where status = 'queued' and last_error is not null
          and last_error !~ ?) as retrying,
       (select count(*) from mail_outbox where status in ('queued', 'failed') and last_error ~ ?
          and created_at > ?::timestamptz - interval '1 day') as "refusedRecipients",
       exists (select 1 from mail_outbox where status = 'queued' and created_at < ?::timestamptz - interval '1 hour') as waiting,
       exists (select 1 from mail_outbox where status = 'sent' and created_at > ?::timestamptz - interval '3 days'
                 and sent_at > ?::timestamptz - interval '1 day') as sent`,
    [now, RECIPIENT_REFUSED, ERASED_UNSENT, RECIPIENT_REFUSED, RECIPIENT_REFUSED, now, now, now, now],
  );
  const retrying = Number(row?.retrying ?? 0);
  if (retrying > 0) {
    return red(
      `${plural(retrying, 'mail', 'mails')} could not be sent at the last try (the mail server did not answer, or refused): check the mail server in Settings and send a test mail. They are tried again by themselves.`,
      'settings',
    );
  }
  if (row?.failed) {
    return red(
      'Mail failed to send in the last day: check the mail server in Settings and send a test mail.',
      'settings',
    );
  }
  const refused = Number(row?.refusedRecipients ?? 0);
  if (refused > 0 && !row?.sent) {
    // Nothing got through all day: the "unknown address" may be the trust's own server's answer.
    return red(
      `${plural(refused, 'mail was', 'mails were')} refused as an unknown address in the last day, and no mail was sent: check the mail server in Settings and send a test mail.`,
      'settings',
    );
  }
  if (refused > 0) {
    return amber(
      `${plural(refused, 'mail was', 'mails were')} refused by the recipient’s own mail server in the last day (a mistyped or closed address): the mail server itself works. See the Outbox.`,
      'outbox',
    );
  }
  if (row?.waiting) {
    return amber('Mail has waited more than an hour to be sent: check the mail server in Settings.', 'settings');
  }
  return green(row?.sent ? 'Mail was delivered in the last day, none failing.' : 'No mail failing.', 'settings');
}
