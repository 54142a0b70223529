import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteContent } from '../../../shared/site-content';
import { donationBody } from '../../test/donation-fixtures';
import { expectDonorPageLink } from '../../test/mail-fixtures';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';
import { createContextInner } from '../../transports/trpc/context';
import { createCaller } from '../../transports/trpc/router';

/** The console's receipts, outbox, development mailbox and the trust's legal details. */
let t: TestApp;
let admin: string;
let staff: string;
let paymentId: string;
beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: '' });
  await t.addAccount('anita', 'admin');
  await t.addAccount('ravi', 'staff');
  admin = await t.signIn('anita');
  staff = await t.signIn('ravi');
  const caller = createCaller(createContextInner(t.deps));
  const created = await caller.donation.create(donationBody({ email: 'meera@example.com', name: 'Meera' }));
  const success = await t.deps.emulator?.completePayment({ orderId: created.order.id });
  paymentId = success?.razorpay_payment_id as string;
  await caller.payment.verify({ ...success, donation_id: created.donation.id } as never);
});
afterAll(() => t.close());

const call = (path: string, type: 'query' | 'mutation', token: string, input?: unknown) =>
  callProcedure(t.app, path, type, { token, input });
const data = async (response: Awaited<ReturnType<typeof call>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data;
};

describe('the receipt register', () => {
  it('lists receipts by financial year, number, donor and status, each with its staff download', async () => {
    const all = await data(await call('staff.receipts.list', 'query', staff, { donor: 'meera' }));
    expect(all.total).toBe(1);
    const [row] = all.rows;
    expect(row).toMatchObject({ donorName: 'Meera', status: 'issued', paymentId, sequence: 1 });
    expect(row.number).toMatch(/^CART\/\d{4}-\d{2}\/000001$/);
    const byYear = await data(
      await call('staff.receipts.list', 'query', staff, { financialYear: row.financialYear, number: '000001' }),
    );
    expect(byYear.rows.map((r: { id: number }) => r.id)).toEqual([row.id]);
    const cancelled = await data(await call('staff.receipts.list', 'query', staff, { status: 'cancelled' }));
    expect(cancelled.total).toBe(0);
    const bad = await call('staff.receipts.list', 'query', staff, { financialYear: '2026' });
    expect(bad.statusCode).toBe(400);

    const pdf = await t.app.inject({ method: 'GET', url: row.pdfUrl, headers: { cookie: `staff_session=${staff}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect((await t.app.inject({ method: 'GET', url: row.pdfUrl })).statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/staff/api/receipts/999999.pdf',
      headers: { cookie: `staff_session=${staff}` },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('resends a receipt as a new message, seen in the outbox and the development mailbox', async () => {
    const [row] = (await data(await call('staff.receipts.list', 'query', staff, {}))).rows;
    expect(await data(await call('staff.receipts.resend', 'mutation', staff, { id: row.id }))).toEqual({
      id: row.id,
      queued: true,
    });
    expect((await call('staff.receipts.resend', 'mutation', staff, { id: 999_999 })).statusCode).toBe(404);
    await vi.waitFor(
      async () => {
        const outbox = await data(await call('staff.outbox.list', 'query', staff, { status: 'sent' }));
        expect(outbox.rows.filter((r: { kind: string }) => r.kind === 'receipt')).toHaveLength(2);
      },
      { timeout: 20_000, interval: 200 },
    );
    const mailbox = await data(await call('staff.mailbox.list', 'query', staff));
    expect(mailbox.available).toBe(true);
    const receiptMails = mailbox.messages.filter((m: { subject: string }) => m.subject.includes(row.number));
    expect(receiptMails).toHaveLength(2);
    expect(new Set(receiptMails.map((m: { messageId: string }) => m.messageId)).size).toBe(2);
    const message = await data(await call('staff.mailbox.get', 'query', staff, { index: receiptMails[0].index }));
    expect(message.text).toContain(row.number);
    for (const { index } of receiptMails) {
      const mail = await data(await call('staff.mailbox.get', 'query', staff, { index }));
      expectDonorPageLink(mail, 'meera@example.com', t.config.siteUrl, t.deps.personalDataKey);
    }
    expect(message.attachments).toEqual([expect.objectContaining({ filename: expect.stringMatching(/\.pdf$/) })]);
    expect((await call('staff.mailbox.get', 'query', staff, { index: 99_999 })).statusCode).toBe(404);
  });
});

describe("the trust's legal details", () => {
  it('are read and changed by an admin, validated, and change no receipt already issued', async () => {
    expect(await data(await call('staff.trust.get', 'query', admin))).toEqual(siteContent.legal);
    const refused = await call('staff.trust.update', 'mutation', admin, { ...siteContent.legal, pan: 'NOPE' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.data.issues.map((issue: { path: string }) => issue.path)).toEqual(['pan']);
    const changed = { ...siteContent.legal, name: 'Renamed Rescue Trust' };
    expect(await data(await call('staff.trust.update', 'mutation', admin, changed))).toEqual(changed);
    expect((await data(await call('staff.trust.get', 'query', admin))).name).toBe('Renamed Rescue Trust');
    // Who changed what the receipts print, from what to what; the refused change left no entry.
    const entries = await t.db.orm.em
      .fork()
      .execute<{ username: string; details: unknown }[]>(
        `select username, details from staff_audit where action = 'trust_details_updated' order by id`,
      );
    expect(entries).toEqual([
      {
        username: 'anita',
        details: { changes: { name: { before: siteContent.legal.name, after: 'Renamed Rescue Trust' } } },
      },
    ]);
    const [receipt] = await t.db.orm.em.execute<{ trust: { name: string } }[]>(
      'select trust from receipts where payment_id = ?',
      [paymentId],
    );
    expect(receipt?.trust.name).toBe(siteContent.legal.name);
  });
});

describe('a monthly gift cancelled by the staff', () => {
  it('queues the cancellation mail to the donor with the status change, once', async () => {
    const { subscription } = await t.deps.plans.subscribe(50000, { totalCount: 12, notes: {} });
    const sql = t.db.orm.em;
    const [donation] = await sql.execute<{ id: number }[]>(
      `insert into donations (name, email, phone, amount, donation_type, status)
       values ('Kavya', 'kavya@example.com', '9876543210', 50000, 'monthly', 'paid') returning id`,
    );
    const [row] = await sql.execute<{ id: number }[]>(
      `insert into subscriptions (donation_id, razorpay_subscription_id, status) values (?, ?, 'active') returning id`,
      [donation?.id, subscription.id],
    );
    await data(await call('staff.subscriptions.cancel', 'mutation', staff, { id: row?.id }));
    expect((await call('staff.subscriptions.cancel', 'mutation', staff, { id: row?.id })).statusCode).toBe(409);
    const mails = await sql.execute<{ kind: string; subject: string }[]>(
      `select kind, subject from mail_outbox where recipient = 'kavya@example.com'`,
    );
    expect(mails).toEqual([{ kind: 'monthly-cancelled', subject: 'Your monthly donation is cancelled' }]);
  });
});
