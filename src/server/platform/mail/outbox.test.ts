import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { issueReceipt } from '../../gifts/receipts/issue-receipt';
import { receiptOutgoingMail } from '../../gifts/receipts/receipt-mail';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { resolveAttachment } from '../../wiring/resolve-attachment';
import { type DevMailbox, startDevMailbox } from './dev-mailbox';
import { type MailWorkerOptions, sendNextMail } from './mail-worker';
import { createMailer, type Mailer } from './mailer';
import { enqueueMail, type OutgoingMail } from './outbox';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const log = { info: () => {}, warn: () => {}, error: () => {} };
const options: MailWorkerOptions = { resolveAttachment, log };
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((resource) => resource.close()));
  await db.orm.em.execute('delete from mail_outbox');
});

async function mailbox(settings: Parameters<typeof startDevMailbox>[0] = {}): Promise<DevMailbox> {
  const box = await startDevMailbox(settings);
  open.push(box);
  return box;
}
async function mailerFor(port: number): Promise<Mailer> {
  const mailer = await createMailer(
    {
      env: 'production',
      siteUrl: 'https://rescue.example.org',
      mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Rescue Trust <receipts@rescue.example.org>' },
    },
    log,
  );
  open.push(mailer);
  return mailer;
}
const inTransaction = <T>(work: (em: EntityManager) => Promise<T>) => db.orm.em.fork().transactional(work);
const notice = (eventKey: string): OutgoingMail => ({
  eventKey,
  kind: 'payment-failed',
  to: 'asha@example.com',
  subject: 'Your donation did not go through',
  text: 'Plain text',
  html: '<p>HTML</p>',
});
const outboxRows = () =>
  db.orm.em.execute<{ status: string; attempts: number; last_error: string | null; due: boolean }[]>(
    'select status, attempts, last_error, next_attempt_at <= now() as due from mail_outbox order by id',
  );

describe('the mail outbox', () => {
  it('delivers a receipt once, with its PDF and a Message-ID made from the receipt number', async () => {
    const box = await mailbox();
    const mailer = await mailerFor(box.port);
    await inTransaction(async (em) => {
      const receipt = await issueReceipt(em, {
        donationId: 1,
        paymentId: 'pay_mail_1',
        amount: 250_000,
        purpose: null,
        donor: { name: 'Asha', email: 'asha@example.com', address: null, taxId: null },
        issuedAt: new Date('2026-11-22T10:00:00+05:30'),
      });
      await enqueueMail(
        em,
        receiptOutgoingMail(receipt, { donorPageUrl: () => 'https://rescue.example.org/my-giving' }),
      );
    });
    expect(await sendNextMail(db.orm, mailer, options)).toBe('sent');
    expect(await sendNextMail(db.orm, mailer, options)).toBe('idle');

    expect(box.messages).toHaveLength(1);
    const [message] = box.messages;
    expect(message).toMatchObject({
      messageId: '<receipt-CART-2026-27-000001@rescue.example.org>',
      to: 'asha@example.com',
      subject: 'Your donation receipt CART/2026-27/000001',
    });
    expect(message?.text).toContain('₹2,500.00');
    expect(message?.html).toContain('#1b5e20');
    expect(message?.attachments).toEqual([
      expect.objectContaining({ filename: 'receipt-CART-2026-27-000001.pdf', contentType: 'application/pdf' }),
    ]);
    expect(await outboxRows()).toEqual([{ status: 'sent', attempts: 1, last_error: null, due: true }]);
  });

  it('sends nothing for an event whose transaction rolled back, and one message for an event queued twice', async () => {
    const box = await mailbox();
    const mailer = await mailerFor(box.port);
    await expect(
      inTransaction(async (em) => {
        await enqueueMail(em, notice('payment-failed-pay_rolled_back'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await inTransaction((em) => enqueueMail(em, notice('payment-failed-pay_2')))).toBe(true);
    expect(await inTransaction((em) => enqueueMail(em, notice('payment-failed-pay_2')))).toBe(false);
    while ((await sendNextMail(db.orm, mailer, options)) !== 'idle') {}
    expect(box.messages.map((message) => message.messageId)).toEqual(['<payment-failed-pay_2@rescue.example.org>']);
  });

  it('keeps a message through an SMTP outage and delivers it once the server is back', async () => {
    const down = await mailbox();
    const port = down.port;
    await down.close();
    const mailer = await mailerFor(port);
    await inTransaction((em) => enqueueMail(em, notice('payment-failed-pay_outage')));

    expect(await sendNextMail(db.orm, mailer, options)).toBe('retrying');
    const [failed] = await outboxRows();
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, due: false });
    expect(failed?.last_error).toMatch(/ECONNREFUSED/);
    // Backing off: not due again yet.
    expect(await sendNextMail(db.orm, mailer, options)).toBe('idle');

    const up = await mailbox({ port });
    await db.orm.em.execute('update mail_outbox set next_attempt_at = now()');
    expect(await sendNextMail(db.orm, mailer, options)).toBe('sent');
    expect(up.messages.map((message) => message.messageId)).toEqual(['<payment-failed-pay_outage@rescue.example.org>']);
    expect(await outboxRows()).toEqual([{ status: 'sent', attempts: 2, last_error: null, due: true }]);
  });

  it('resends with the same Message-ID after an unclear answer', async () => {
    let refusals = 1;
    const box = await mailbox({ rejectWith: () => (refusals-- > 0 ? 'Try again later' : undefined) });
    const mailer = await mailerFor(box.port);
    await inTransaction((em) => enqueueMail(em, notice('payment-failed-pay_unclear')));
    expect(await sendNextMail(db.orm, mailer, options)).toBe('retrying');
    await db.orm.em.execute('update mail_outbox set next_attempt_at = now()');
    expect(await sendNextMail(db.orm, mailer, options)).toBe('sent');
    expect(box.messages.map((message) => message.messageId)).toEqual([
      '<payment-failed-pay_unclear@rescue.example.org>',
      '<payment-failed-pay_unclear@rescue.example.org>',
    ]);
  });

  it('never lets two workers send the same message', async () => {
    const box = await mailbox();
    const [first, second] = await Promise.all([mailerFor(box.port), mailerFor(box.port)]);
    await inTransaction(async (em) => {
      for (let i = 0; i < 20; i++) await enqueueMail(em, notice(`payment-failed-pay_many_${i}`));
    });
    const work = async (mailer: Mailer) => {
      while ((await sendNextMail(db.orm, mailer, options)) !== 'idle') {}
    };
    await Promise.all([work(first as Mailer), work(second as Mailer)]);
    const ids = box.messages.map((message) => message.messageId);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
  });

  it('marks a message failed, with the reason, once retrying has gone on long enough', async () => {
    const down = await mailbox();
    await down.close();
    const mailer = await mailerFor(down.port);
    await inTransaction((em) => enqueueMail(em, notice('payment-failed-pay_gave_up')));
    expect(await sendNextMail(db.orm, mailer, { ...options, retryForMs: 0 })).toBe('failed');
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.last_error).toMatch(/ECONNREFUSED/);
  });
});

describe('the mailer', () => {
  it('runs its own SMTP server outside production when SMTP_URL is unset', async () => {
    const mailer = await createMailer(
      { env: 'development', siteUrl: 'http://localhost:3000', mail: { smtpUrl: undefined, from: undefined } },
      log,
    );
    open.push(mailer);
    expect(mailer.from).toEqual({ address: 'no-reply@localhost', name: null });
    await inTransaction((em) => enqueueMail(em, notice('payment-failed-pay_dev')));
    expect(await sendNextMail(db.orm, mailer, options)).toBe('sent');
    expect(mailer.devMailbox?.messages.map((message) => message.messageId)).toEqual([
      '<payment-failed-pay_dev@localhost>',
    ]);
  });

  it('in production without SMTP_URL, warns loudly and leaves messages waiting', async () => {
    const errors: string[] = [];
    const mailer = await createMailer(
      { env: 'production', siteUrl: 'https://rescue.example.org', mail: { smtpUrl: undefined, from: undefined } },
      { ...log, error: (message: string) => errors.push(message) },
    );
    expect(errors.join()).toMatch(/No SMTP server is set/);
    expect(mailer.devMailbox).toBeNull();
    await inTransaction((em) => enqueueMail(em, notice('payment-failed-pay_waiting')));
    expect(await sendNextMail(db.orm, mailer, options)).toBe('idle');
    expect(await outboxRows()).toEqual([{ status: 'queued', attempts: 0, last_error: null, due: true }]);
  });
});
