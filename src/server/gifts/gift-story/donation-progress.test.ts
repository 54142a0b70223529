import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';
import { createContextInner } from '../../transports/trpc/context';
import { createCaller } from '../../transports/trpc/router';

/** A donation's page in the console: its receipt, whether it was mailed, and the plain steps. */
let t: TestApp;
let staff: string;
let paidId: number;
let pendingId: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('ravi', 'staff');
  staff = await t.signIn('ravi');
  const caller = createCaller(createContextInner(t.deps));
  const paid = await caller.donation.create(donationBody({ email: 'meera@example.com', name: 'Meera' }));
  const success = await t.deps.emulator?.completePayment({ orderId: paid.order.id });
  await caller.payment.verify({ ...success, donation_id: paid.donation.id } as never);
  paidId = paid.donation.id;
  pendingId = (await caller.donation.create(donationBody({ email: 'arjun@example.com', name: 'Arjun' }))).donation.id;
});
afterAll(() => t.close());

type Story = {
  donation: { donorId: number | null };
  receipts: { id: number; number: string; status: string; pdfUrl: string; mail: { status: string } | null }[];
  progress: { step: string; state: string; text: string; at: string | null }[];
};
const story = async (id: number): Promise<Story> => {
  const response = await callProcedure(t.app, 'staff.donations.story', 'query', { token: staff, input: { id } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data;
};
const steps = (progress: Story['progress']) => progress.map(({ step, state }) => `${step}: ${state}`);

describe("a donation's receipt and plain steps", () => {
  it('a paid gift: paid, receipted with its number and PDF, then mailed once the outbox sent it', async () => {
    const sent = await vi.waitFor(
      async () => {
        const now = await story(paidId);
        expect(now.receipts[0]?.mail?.status).toBe('sent');
        return now;
      },
      { timeout: 20_000, interval: 200 },
    );
    const [receipt] = sent.receipts;
    expect(sent.receipts).toHaveLength(1);
    expect(receipt?.number).toMatch(/^CART\/\d{4}-\d{2}\/000001$/);
    expect(receipt?.status).toBe('issued');
    expect(receipt?.pdfUrl).toBe(`/staff/api/receipts/${receipt?.id}.pdf`);
    expect(steps(sent.progress)).toEqual(['paid: done', 'receipted: done', 'mailed: done']);
    expect(sent.progress[0]?.text).toBe('Paid online');
    expect(sent.progress[1]?.text).toBe(`Receipt ${receipt?.number} issued`);
    expect(sent.progress.every((step) => step.at !== null)).toBe(true);
    // No engineer's words in the plain steps.
    expect(sent.progress.map((step) => step.text).join(' ')).not.toMatch(/payment\.|captured|pay_|order_|evt_/);
    expect(sent.donation.donorId).toEqual(expect.any(Number));

    const pdf = await t.app.inject({
      method: 'GET',
      url: receipt?.pdfUrl ?? '',
      headers: { cookie: `staff_session=${staff}` },
    });
    expect(pdf.statusCode).toBe(200);
  });

  it('a receipt whose mail failed says so, and a resend that went through counts as mailed', async () => {
    await t.deps.orm.em.fork().execute(`update mail_outbox set status = 'failed' where kind = 'receipt'`);
    const failed = await story(paidId);
    expect(steps(failed.progress)).toEqual(['paid: done', 'receipted: done', 'mailed: failed']);
    expect(failed.progress[2]?.text).toContain('Outbox');

    const receiptId = failed.receipts[0]?.id;
    const resend = await callProcedure(t.app, 'staff.receipts.resend', 'mutation', {
      token: staff,
      input: { id: receiptId },
    });
    expect(resend.statusCode, resend.body).toBe(200);
    await vi.waitFor(
      async () =>
        expect(steps((await story(paidId)).progress)).toEqual(['paid: done', 'receipted: done', 'mailed: done']),
      { timeout: 20_000, interval: 200 },
    );
  });

  it('a gift not paid yet: waiting to be paid, no receipt and nothing mailed', async () => {
    const pending = await story(pendingId);
    expect(pending.receipts).toEqual([]);
    expect(steps(pending.progress)).toEqual(['paid: waiting', 'receipted: waiting', 'mailed: waiting']);
    expect(pending.progress[0]?.text).toBe('Not paid yet: the donor has not finished paying');
  });
});
