import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HealthItem, HealthItemId } from '../../../shared/health';
import { completeErasure } from '../../donors/rights/erasure';
import { PASSPHRASE_AGAIN } from '../../platform/backups/offsite-copy';
import { donationBody } from '../../test/donation-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { paymentEntity, postWebhook, razorpayEvent } from '../../test/webhook-fixtures';
import type { HealthCheckContext } from './health-context';
import { healthList } from './health-list';

/**
 * The health list tells the truth (issue 40): mail red as soon as it fails, and with no mail server
 * at all in production; webhooks red only for the trust's own deliveries, outsiders' forgeries
 * counted, never an alarm; the off-site copies an item of their own, with the time of the last one.
 */
let t: TestApp;
let closedPort: number;

beforeAll(async () => {
  // A port nothing listens on: the mail server the test's SMTP_URL names refuses every connection.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${closedPort}` });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const run = (sql: string, params: unknown[] = []) => t.db.orm.em.fork().execute(sql, params);

async function item(id: HealthItemId, overrides: Partial<HealthCheckContext> = {}): Promise<HealthItem> {
  const items = await healthList({
    em: t.db.orm.em.fork(),
    environment: t.deps.health,
    settings: t.deps.settings,
    ...overrides,
  });
  const found = items.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
}

describe('mail', () => {
  it('is red at once when a mail could not be sent (the server refused the connection), not after two days', async () => {
    expect((await item('mail')).state).toBe('green');
    // A receipt-like mail, queued as any is; the app's own worker tries it against the closed port.
    await run(
      `insert into mail_outbox (message_id, kind, recipient, subject, text_body, html_body)
       values ('truth-refused', 'test', 'donor@example.org', 's', 't', 'h')`,
    );
    await vi.waitFor(
      async () => {
        const [row] = await run(`select last_error from mail_outbox where message_id = 'truth-refused'`);
        expect(row?.last_error).toMatch(/ECONNREFUSED/);
      },
      { timeout: 20_000, interval: 100 },
    );
    const [row] = await run(`select status from mail_outbox where message_id = 'truth-refused'`);
    expect(row).toEqual({ status: 'queued' });
    expect(await item('mail')).toMatchObject({
      state: 'red',
      fix: 'settings',
      message: expect.stringMatching(/^1 mail could not be sent at the last try/),
    });
    // A retry that gets through clears it.
    await run(`update mail_outbox set status = 'sent', last_error = null where message_id = 'truth-refused'`);
    expect((await item('mail')).state).toBe('green');
    await run(`delete from mail_outbox where message_id like 'truth-%'`);
  });

  // As mail-worker.ts records nodemailer's errors: the code, the command refused, the reply.
  const refusedMail = (key: string, lastError: string, status = 'queued') =>
    run(
      `insert into mail_outbox (message_id, kind, recipient, subject, text_body, html_body, status, last_error, next_attempt_at)
       values (?, 'test', 'donor@gmial.example', 's', 't', 'h', ?, ?, now() + interval '1 hour')`,
      [key, status, lastError],
    );
  const sentToday = () =>
    run(
      `insert into mail_outbox (message_id, kind, recipient, subject, text_body, html_body, status, sent_at)
       values ('truth-sent', 'test', 'other@example.org', 's', 't', 'h', 'sent', now() - interval '2 hours')`,
    );

  it('is amber, not red, when only a recipient’s address was refused (550 5.1.1) and other mail went out today', async () => {
    await refusedMail(
      'truth-typo',
      'EENVELOPE (RCPT TO) 550 550 5.1.1 <donor@gmial.example>: Recipient address rejected',
    );
    // Nothing else sent all day: the "unknown address" may be the trust's own server's answer.
    expect(await item('mail')).toMatchObject({ state: 'red', message: expect.stringMatching(/no mail was sent/) });
    await sentToday();
    expect(await item('mail')).toMatchObject({
      state: 'amber',
      fix: 'outbox',
      message: expect.stringMatching(/^1 mail was refused by the recipient’s own mail server/),
    });
    // Given up on after two days, the same.
    await run(`update mail_outbox set status = 'failed' where message_id = 'truth-typo'`);
    expect((await item('mail')).state).toBe('amber');
    await run(`delete from mail_outbox where message_id like 'truth-%'`);
  });

  it('is red when the trust’s own server refuses the sender, or relaying, though nodemailer calls both EENVELOPE', async () => {
    await sentToday();
    await refusedMail('truth-from', 'EENVELOPE (MAIL FROM) 553 553 5.7.1 Sender address rejected: not owned by user');
    expect(await item('mail')).toMatchObject({ state: 'red', fix: 'settings' });
    await run(`delete from mail_outbox where message_id = 'truth-from'`);
    // Not logged in, the server refuses to relay to anyone: "all recipients were rejected", 5.7.1.
    await refusedMail('truth-relay', 'EENVELOPE (RCPT TO) 554 554 5.7.1 <donor@gmial.example>: Relay access denied');
    expect(await item('mail')).toMatchObject({ state: 'red', fix: 'settings' });
    await run(`update mail_outbox set status = 'failed' where message_id = 'truth-relay'`);
    expect(await item('mail')).toMatchObject({ state: 'red', fix: 'settings' });
    await run(`delete from mail_outbox where message_id = 'truth-relay'`);
    // DATA refused, and a reply recorded before the command was (no "(RCPT TO)"): the server's, red.
    await refusedMail('truth-data', 'EENVELOPE (DATA) 554 554 5.1.1 Transaction failed');
    expect((await item('mail')).state).toBe('red');
    await run(`delete from mail_outbox where message_id = 'truth-data'`);
    await refusedMail('truth-old', 'EENVELOPE 550 550 5.1.1 Recipient address rejected');
    expect((await item('mail')).state).toBe('red');
    await run(`delete from mail_outbox where message_id like 'truth-%'`);
    expect((await item('mail')).state).toBe('green');
  });

  it('stays green when an erasure stops a donor’s queued mails (marked failed, "erased at the donor’s request")', async () => {
    await run(
      `insert into mail_outbox (message_id, kind, recipient, subject, text_body, html_body, next_attempt_at)
       values ('truth-erased', 'test', 'Leaving@Example.org', 's', 't', 'h', now() + interval '1 hour')`,
    );
    const [request] = await run(`insert into erasure_requests (email) values ('leaving@example.org') returning id`);
    await completeErasure(
      t.db.orm.em.fork(),
      { gateway: t.deps.gateway, donorLinks: t.deps.donorLinks, cipher: t.deps.cipher },
      { userId: null, username: 'clerk', ip: '127.0.0.1' },
      Number(request?.id),
    );
    // The erasure's own last mail to the donor would fail here against the closed port: not this test's point.
    await run(`delete from mail_outbox where message_id <> 'truth-erased'`);
    const [stopped] = await run(`select status, last_error from mail_outbox where message_id = 'truth-erased'`);
    expect(stopped).toEqual({ status: 'failed', last_error: "erased at the donor's request" });
    expect((await item('mail')).state).toBe('green');
    await run(`delete from mail_outbox where message_id like 'truth-%'`);
  });

  it('is red in production with no mail server set anywhere; the in-process mailbox needs none', async () => {
    const { environment, effective } = t.deps.settings;
    const noSmtp: HealthCheckContext['settings'] = {
      environment: { ...environment, mail: { smtpUrl: undefined, from: undefined } },
      effective: { ...effective, smtp: null },
    };
    const production = { ...t.deps.health, inProcessMailbox: false };
    expect(await item('mail', { settings: noSmtp, environment: production })).toMatchObject({
      state: 'red',
      message: expect.stringMatching(/^No mail server is set up/),
    });
    expect(
      (await item('mail', { settings: noSmtp, environment: { ...production, inProcessMailbox: true } })).state,
    ).toBe('green');
    // One saved in Settings is a mail server.
    const saved: HealthCheckContext['settings'] = {
      ...noSmtp,
      effective: { ...effective, smtp: { host: 'smtp.example.org', port: 587, user: 'u', password: 'p' } },
    };
    expect((await item('mail', { settings: saved, environment: production })).state).toBe('green');
  });
});

describe('webhooks', () => {
  const WRONG = 'a-secret-someone-else-has';

  it("counts outsiders' unsigned and wrongly signed posts as noise, and turns red for a bad signature on the trust's own payment", async () => {
    await run('delete from webhook_deliveries');
    // An outsider: no signature; a made-up order; a wrong signature on a made-up payment.
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(razorpayEvent('payment.captured', { payment: paymentEntity({ amount: 100 }) })),
    });
    expect(unsigned.statusCode).toBe(400);
    const madeUp = razorpayEvent('payment.captured', {
      payment: paymentEntity({ amount: 100, orderId: 'order_Outsider000001' }),
    });
    expect((await postWebhook(t.app, WRONG, madeUp)).statusCode).toBe(400);
    expect((await postWebhook(t.app, WRONG, { hello: 'world' })).statusCode).toBe(400);
    expect(await item('webhooks')).toMatchObject({
      state: 'green',
      message: expect.stringMatching(
        /3 requests from elsewhere .* were refused in the last 7 days: .*nothing is wrong/,
      ),
    });

    // An outsider who started a checkout knows its order id (donation.create hands it to any
    // visitor): an unsigned body naming that unpaid order is noise too.
    const started = await t.caller.donation.create(donationBody());
    const namingOrder = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(
        razorpayEvent('payment.captured', {
          payment: paymentEntity({ amount: started.donation.amount, orderId: started.order.id }),
        }),
      ),
    });
    expect(namingOrder.statusCode).toBe(400);
    expect(await item('webhooks')).toMatchObject({
      state: 'green',
      message: expect.stringMatching(/4 requests from elsewhere .* were refused/),
    });

    // Razorpay itself, signing with a secret the server does not have: the body names a payment the
    // trust recorded as paid, which only Razorpay and the trust know.
    const paid = await t.caller.donation.create(donationBody());
    await run(`update donations set status = 'paid', razorpay_payment_id = 'pay_TruthOwnPaid001' where id = ?`, [
      paid.donation.id,
    ]);
    const own = razorpayEvent('payment.captured', {
      payment: paymentEntity({
        amount: paid.donation.amount,
        orderId: paid.order.id,
        paymentId: 'pay_TruthOwnPaid001',
      }),
    });
    expect((await postWebhook(t.app, WRONG, own)).statusCode).toBe(400);
    expect(await item('webhooks')).toMatchObject({
      state: 'red',
      fix: 'settings',
      message: expect.stringMatching(
        /^1 webhook delivery for the trust's own payments failed the signature check .* the webhook secret differs/,
      ),
    });
    const [row] = await run(
      'select count(*) filter (where names_own_payment)::int as own, count(*)::int as all from webhook_deliveries',
    );
    expect(row).toEqual({ own: 1, all: 5 });

    // The secret put right: Razorpay's next delivery verifies, and the item is green again.
    expect((await postWebhook(t.app, t.deps.settings.effective.razorpay.webhookSecret, own)).statusCode).toBe(200);
    expect((await item('webhooks')).state).toBe('green');
    // A later forgery naming that payment (its donor knows the id) is red again, until the next verified one.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await postWebhook(t.app, WRONG, own)).statusCode).toBe(400);
    expect((await item('webhooks')).state).toBe('red');
    await run('delete from webhook_deliveries');
    await run('delete from webhook_events');
  });

  it('is red when gifts were paid through the checkout and no verified event arrived, however many forgeries filled the ring', async () => {
    await run('delete from webhook_deliveries');
    await run('delete from webhook_events');
    const created = await t.caller.donation.create(donationBody());
    await run(`update donations set status = 'paid', created_at = now() - interval '1 hour' where id = ?`, [
      created.donation.id,
    ]);
    expect(await item('webhooks')).toMatchObject({
      state: 'red',
      message: expect.stringMatching(/no verified webhook/),
    });

    // Razorpay's own event, signed with the server's secret: green, and it stays green after 60 forgeries.
    const signed = razorpayEvent('payment.captured', {
      payment: paymentEntity({ amount: created.donation.amount, orderId: created.order.id }),
    });
    expect((await postWebhook(t.app, t.deps.settings.effective.razorpay.webhookSecret, signed)).statusCode).toBe(200);
    expect((await item('webhooks')).state).toBe('green');
    for (let forged = 0; forged < 60; forged++) {
      await postWebhook(
        t.app,
        WRONG,
        razorpayEvent('payment.captured', { payment: paymentEntity({ amount: forged + 1 }) }),
      );
    }
    const [verifiedInRing] = await run('select count(*)::int as n from webhook_deliveries where verified');
    expect(verifiedInRing).toEqual({ n: 0 });
    expect(await item('webhooks')).toMatchObject({
      state: 'green',
      message: expect.stringMatching(/50 requests from elsewhere/),
    });
  });
});

describe('off-site copies', () => {
  const settingsRow = (lastCopied: string | null, lastError: string | null) =>
    run(
      `insert into offsite_backup_settings (id, endpoint, region, bucket, access_key_id, secret_access_key, secret_last4,
         public_key, key_salt, updated_by, last_copied_at, last_error, last_error_at)
       values (1, 'https://s3.example.org', 'auto', 'b', 'k', 's', '1234', 'p', 'salt', 'admin', ?::timestamptz, ?, ?::timestamptz)
       on conflict (id) do update set last_copied_at = excluded.last_copied_at, last_error = excluded.last_error,
         last_error_at = excluded.last_error_at`,
      [lastCopied, lastError, lastError ? new Date().toISOString() : null],
    );

  it('are an item of their own: grey when not set up; red failing or never made; amber a night late; green with the time', async () => {
    await run('delete from offsite_backup_settings');
    expect(await item('offsite')).toMatchObject({
      state: 'grey',
      fix: 'backups',
      message: expect.stringMatching(/^Not set up: the backups stay on this machine only/),
    });
    // The local backups are their own item: fresh, green, whatever the copies do.
    await run(
      `insert into backups (taken_at, kind, file, size_bytes, sha256) values ('2026-11-29T02:30:00+05:30', 'nightly', 'f', 10, 'x')`,
    );
    const morning = new Date('2026-11-29T09:00:00+05:30');
    expect(await item('backups', { now: morning })).toMatchObject({
      state: 'green',
      message: 'The last backup was taken 2026-11-29 02:30 India time.',
    });

    await settingsRow(null, null);
    expect(await item('offsite', { now: morning })).toMatchObject({
      state: 'red',
      message: expect.stringMatching(/^No backup has been copied off the machine yet/),
    });
    await settingsRow('2026-11-29T02:31:00+05:30', null);
    expect(await item('offsite', { now: morning })).toMatchObject({
      state: 'green',
      message: 'The last copy off the machine was made 2026-11-29 02:31 India time.',
    });
    expect((await item('offsite', { now: new Date('2026-11-30T06:00:00+05:30') })).state).toBe('amber');
    expect((await item('offsite', { now: new Date('2026-12-01T06:00:00+05:30') })).state).toBe('red');

    // The last try failed (its error time after the last good copy): red at once, with both times.
    await settingsRow('2026-11-28T02:31:00+05:30', 'The bucket refused the keys');
    const failed = await item('offsite');
    expect(failed).toMatchObject({ state: 'red', fix: 'backups' });
    expect(failed.message).toMatch(
      /^The last copy off the machine failed .* India time; the last good copy was made 2026-11-28 02:31 India time\. The bucket refused the keys\.$/,
    );
    // After the upgrade to signed copies the passphrase must be typed again: Test passes, so the
    // item says what the copy said, not "Test the bucket".
    await settingsRow('2026-11-28T02:31:00+05:30', PASSPHRASE_AGAIN);
    const again = await item('offsite');
    expect(again).toMatchObject({ state: 'red', fix: 'backups' });
    expect(again.message).toContain(PASSPHRASE_AGAIN);
    expect(again.message).not.toMatch(/Test the bucket/);
    await run('delete from offsite_backup_settings');
    await run('delete from backups');
  });
});
