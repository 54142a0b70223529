import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { donorEmail } from '../../test/mail-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type BackgroundJobs, startBackgroundJobs } from '../../wiring/background-jobs';
import { buildDependencies, type ServerDependencies } from '../../wiring/composition-root';
import { type DevMailbox, startDevMailbox } from './dev-mailbox';

/** The app's own outbox and worker: an SMTP server that is down, then a restart, lose and double nothing. */
let t: TestApp;
let port: number;
let restarted: ServerDependencies | undefined;
let restartedJobs: BackgroundJobs | undefined;
let smtp: DevMailbox | undefined;
beforeAll(async () => {
  const down = await startDevMailbox();
  port = down.port;
  await down.close();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.app.close();
  await restartedJobs?.stop();
  await restarted?.close();
  await smtp?.close();
  await t.mailbox.close();
  await t.db.drop();
});

const outbox = () =>
  t.db.orm.em.execute<{ status: string; attempts: number; last_error: string | null }[]>(
    'select status, attempts, last_error from mail_outbox order by id',
  );

describe('the outbox of the running app', () => {
  it('keeps the receipt mail through an SMTP outage and a restart, then delivers it once', async () => {
    const email = donorEmail('outage');
    const created = await t.caller.donation.create(donationBody({ email }));
    const success = await t.emulator.completePayment({ orderId: created.order.id });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      payload: { ...success, donation_id: created.donation.id },
    });
    expect(verified.statusCode).toBe(200);
    const { number } = verified.json().receipt;

    await vi.waitFor(async () => expect((await outbox())[0]?.attempts).toBeGreaterThanOrEqual(1), {
      timeout: 20_000,
      interval: 50,
    });
    const [waiting] = await outbox();
    expect(waiting).toMatchObject({ status: 'queued', last_error: expect.stringMatching(/ECONNREFUSED/) });

    // The server stops (its worker with it); the SMTP server comes back; a new instance starts.
    await t.jobs.stop();
    await t.deps.close();
    smtp = await startDevMailbox({ port });
    await t.db.orm.em.execute('update mail_outbox set next_attempt_at = now()');
    restarted = await buildDependencies(t.config, t.db.orm);
    restartedJobs = startBackgroundJobs(restarted, t.app.log, { jobs: ['mail'], mailPollIntervalMs: 50 });

    await vi.waitFor(async () => expect((await outbox())[0]?.status).toBe('sent'), { timeout: 20_000, interval: 50 });
    expect(smtp.messages.map((message) => [message.to, message.subject])).toEqual([
      [email, `Your donation receipt ${number}`],
    ]);
    expect(await outbox()).toEqual([{ status: 'sent', attempts: (waiting?.attempts ?? 0) + 1, last_error: null }]);
  });
});
