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

async function outboxVerdict(em: EntityManager, now: Date): Promise<Verdict> {
  // Each an index probe of mail_outbox (status, created_at); queued rows are few.
  // A recipient refused (nodemailer's EENVELOPE: a mistyped address, a full mailbox) is that
  // donor's address, not the trust's mail server: amber, so one typo does not raise the alarm.
  const [row] = await em.execute<
    { failed: boolean; retrying: string; refusedRecipients: string; waiting: boolean; sent: boolean }[]
  >(
    `select
       exists (select 1 from mail_outbox where status = 'failed' and created_at > ?::timestamptz - interval '1 day'
                 and coalesce(last_error, '') not like 'EENVELOPE%') as failed,
       (select count(*) from mail_outbox where status = 'queued' and last_error is not null
          and coalesce(last_error, '') not like 'EENVELOPE%') as retrying,
       (select count(*) from mail_outbox where status in ('queued', 'failed') and last_error like 'EENVELOPE%'
          and created_at > ?::timestamptz - interval '1 day') as "refusedRecipients",
       exists (select 1 from mail_outbox where status = 'queued' and created_at < ?::timestamptz - interval '1 hour') as waiting,
       exists (select 1 from mail_outbox where status = 'sent' and created_at > ?::timestamptz - interval '1 day') as sent`,
    [now, now, now, now],
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
  if (refused > 0) {
    return amber(
      `${plural(refused, 'mail was', 'mails were')} refused by the recipient’s own mail server in the last day (a mistyped or full address): the mail server itself works. See the Outbox.`,
      'outbox',
    );
  }
  if (row?.waiting) {
    return amber('Mail has waited more than an hour to be sent: check the mail server in Settings.', 'settings');
  }
  return green(row?.sent ? 'Mail was delivered in the last day, none failing.' : 'No mail failing.', 'settings');
}
