import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYearOf } from '../../../shared/india-time';
import { getOverview } from '../../console/overview/overview';
import { listDonorGifts } from '../../donors/donor-page/donor-gifts';
import { donationBody } from '../../test/donation-fixtures';
import { donorEmail, mailTo } from '../../test/mail-fixtures';
import { callProcedure, createTestApp, deliverSandboxWebhooks, type TestApp } from '../../test/test-app';
import { countAppealTotals } from '../appeals/appeal-totals';

/**
 * A ₹1,000 gift to an appeal, ₹400 of it refunded through the sandbox's dev control, then the
 * rest: the receipts, the donor's mail and every total follow what the trust kept.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DEV_CONTROLS: 'true' });
  deliverSandboxWebhooks(t);
  await t.addAccount('kavitha', 'admin');
  admin = await t.signIn('kavitha');
});
afterAll(() => t.close());

const staff = async <T>(path: string, type: 'query' | 'mutation', input: unknown) => {
  const response = await callProcedure(t.app, path, type, { token: admin, input });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data as T;
};
const refund = async (paymentId: string, amount?: number) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/sandbox/payments/${paymentId}/refund`,
    payload: amount === undefined ? {} : { amount },
  });
  expect(response.statusCode, response.body).toBe(200);
  await t.emulator.webhooksIdle();
};
const receiptsOf = (paymentId: string) =>
  t.db.orm.em
    .fork()
    .execute<
      { id: number; number: string; amount: number; status: string; reason: string | null; replaces: number | null }[]
    >(
      `select id, number, amount, status, cancellation_reason as reason, replaces_receipt_id as replaces
       from receipts where payment_id = ? order by id`,
      [paymentId],
    );

describe('a partial refund', () => {
  it('cancels the receipt, issues one for the amount kept, tells the donor once, and every total counts what was kept', async () => {
    const appeal = await staff<{ id: number }>('staff.appeals.create', 'mutation', {
      title: 'Lakshmi’s leg',
      story: 'Lakshmi was found on the ECR with a broken leg.',
      goal: 5_000_000,
    });
    await staff('staff.appeals.publish', 'mutation', { id: appeal.id });
    const email = donorEmail('partly-refunded');
    const created = await t.caller.donation.create(
      donationBody({
        email,
        amount: 100_000,
        appealId: appeal.id,
        language: 'ta',
        wants80g: true,
        pan: 'ABCPK1234F',
        address: '12 Beach Road, Chennai 600001',
      }),
    );
    const payment = await t.emulator.completePayment({ orderId: created.order.id });
    await t.emulator.webhooksIdle();
    const paymentId = payment.razorpay_payment_id;
    const [first] = await receiptsOf(paymentId);
    expect(first).toMatchObject({ amount: 100_000, status: 'issued' });
    expect(await mailTo(t, email)).toHaveLength(1);

    const em = () => t.db.orm.em.fork();
    const year = financialYearOf(new Date()).label;
    const totals = async () => {
      const overview = await getOverview({ em: em() });
      const statement = await staff<{ total: number; rows: number }>('staff.statement.summary', 'query', { year });
      return {
        raised: (await countAppealTotals(em(), [appeal.id])).get(appeal.id)?.raised,
        received: overview.received.today,
        refunds: overview.refunds,
        online: overview.receivedByMode.find((mode) => mode.mode === 'online')?.thisFinancialYear,
        statement: { rows: statement.rows, total: statement.total },
        donorPage: (await listDonorGifts(em(), email)).gifts.map((gift) => ({
          amount: gift.amount,
          receipt: gift.receipt?.number ?? null,
        })),
      };
    };

    await refund(paymentId, 40_000);
    const afterPart = await receiptsOf(paymentId);
    expect(afterPart).toHaveLength(2);
    const [cancelled, kept] = afterPart;
    expect(cancelled).toMatchObject({
      id: first?.id,
      status: 'cancelled',
      reason: 'partly refunded: ₹400 of ₹1,000',
    });
    expect(kept).toMatchObject({ amount: 60_000, status: 'issued', replaces: first?.id });
    // The next number of the same gap-free series.
    const sequence = (number = '') => Number(number.split('/').at(-1));
    expect(sequence(kept?.number)).toBe(sequence(first?.number) + 1);
    expect(kept?.number.split('/')[1]).toBe(year);

    const mails = await mailTo(t, email);
    expect(mails).toHaveLength(2);
    const told = mails[1];
    expect(told?.subject).toBe('உங்கள் நன்கொடையின் ஒரு பகுதி திருப்பி அளிக்கப்பட்டது');
    expect(told?.text).toContain('₹400.00');
    expect(told?.text).toContain(kept?.number);
    expect(told?.attachments.map((attachment) => attachment.filename)).toEqual([
      `receipt-${kept?.number.replaceAll('/', '-')}.pdf`,
    ]);

    expect(await totals()).toEqual({
      raised: 60_000,
      received: { count: 1, amount: 60_000 },
      refunds: { count: 1, amount: 40_000 },
      online: { count: 1, amount: 60_000 },
      statement: { rows: 1, total: 600 },
      donorPage: [{ amount: 60_000, receipt: kept?.number }],
    });

    // The same event again changes nothing, and mails nothing.
    await t.emulator.webhooksIdle();
    expect(await receiptsOf(paymentId)).toHaveLength(2);

    await refund(paymentId);
    const afterAll = await receiptsOf(paymentId);
    expect(afterAll).toHaveLength(2);
    expect(afterAll.map((receipt) => receipt.status)).toEqual(['cancelled', 'cancelled']);
    const final = await mailTo(t, email);
    expect(final).toHaveLength(3);
    expect(final[2]?.text).toContain('₹600.00');
    expect(await totals()).toEqual({
      raised: 0,
      received: { count: 0, amount: 0 },
      refunds: { count: 1, amount: 100_000 },
      online: { count: 0, amount: 0 },
      statement: { rows: 0, total: 0 },
      donorPage: [{ amount: 100_000, receipt: kept?.number }],
    });
  });
});
