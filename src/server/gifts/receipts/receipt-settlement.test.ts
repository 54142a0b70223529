import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { donorEmail, mailTo, subjects } from '../../test/mail-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { paymentEntity, postWebhook, razorpayEvent } from '../../test/webhook-fixtures';
import { Donation } from '../donations/donation.entity';
import { reconcilePendingDonations } from '../reconciliation/reconcile';

/** One receipt and one receipt mail per paid payment, whichever settlement path records it first. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const query = <T>(sql: string, params: unknown[] = []) => t.db.orm.em.execute<T[]>(sql, params);
const verify = (payload: object) => t.app.inject({ method: 'POST', url: '/api/verify-payment', payload });
const webhook = (event: object, eventId?: string) =>
  postWebhook(t.app, t.config.payments.webhookSecret, event, eventId ? { eventId } : {});
const silentLog = { info() {}, warn() {}, error() {} } as never;
const reconcile = () =>
  reconcilePendingDonations({ orm: t.db.orm, gateway: t.deps.gateway, donorLinks: t.deps.donorLinks, log: silentLog });

/** A one-time donation paid at the checkout: its verify body and the matching capture webhook. */
async function paidCheckout(email: string) {
  const created = await t.caller.donation.create(donationBody({ email }));
  const success = await t.emulator.completePayment({ orderId: created.order.id });
  const captured = razorpayEvent('payment.captured', {
    payment: paymentEntity({
      paymentId: success.razorpay_payment_id,
      orderId: created.order.id,
      amount: created.donation.amount,
    }),
  });
  return {
    donationId: created.donation.id,
    paymentId: success.razorpay_payment_id,
    body: { ...success, donation_id: created.donation.id },
    captured,
  };
}

async function receiptsOf(paymentId: string) {
  return query<{ number: string; status: string }>('select number, status from receipts where payment_id = ?', [
    paymentId,
  ]);
}

async function expectOneReceiptMail(email: string, paymentId: string) {
  const [receipt, ...more] = await receiptsOf(paymentId);
  expect(more).toHaveLength(0);
  const mails = await mailTo(t, email);
  expect(subjects(mails)).toEqual([`Your donation receipt ${receipt?.number}`]);
  expect(mails[0]?.attachments).toEqual([expect.objectContaining({ contentType: 'application/pdf' })]);
  return { receipt, mail: mails[0] };
}

describe('the receipt of a one-time payment', () => {
  it('comes from verify: the answer names it, the mail carries the same link and the PDF', async () => {
    const email = donorEmail('verify');
    const paid = await paidCheckout(email);
    const response = await verify(paid.body);
    expect(response.statusCode).toBe(200);
    const { receipt, mail } = await expectOneReceiptMail(email, paid.paymentId);
    expect(response.json().receipt).toEqual({ number: receipt?.number, downloadUrl: expect.any(String) });
    expect(mail?.text).toContain(response.json().receipt.downloadUrl);
    // A replayed verify answers the same receipt and sends nothing more.
    expect((await verify(paid.body)).json().receipt).toEqual(response.json().receipt);
    await expectOneReceiptMail(email, paid.paymentId);
  });

  it('comes from the webhook when the donor closed the tab, once however often it is delivered', async () => {
    const email = donorEmail('webhook');
    const paid = await paidCheckout(email);
    expect((await webhook(paid.captured, 'evt_replayed_capture')).json().outcome).toBe('paid');
    expect((await webhook(paid.captured, 'evt_replayed_capture')).json().outcome).toBe('duplicate');
    const orderPaid = { ...paid.captured, event: 'order.paid' };
    expect((await webhook(orderPaid)).json().outcome).toBe('already_paid');
    await expectOneReceiptMail(email, paid.paymentId);
  });

  it('comes from reconciliation after a lost webhook, and the late webhook adds nothing', async () => {
    const email = donorEmail('reconciled');
    const paid = await paidCheckout(email);
    await t.db.orm.em
      .fork()
      .nativeUpdate(Donation, { id: paid.donationId }, { createdAt: new Date(Date.now() - 10 * 60_000) });
    expect((await reconcile()).paid).toBeGreaterThanOrEqual(1);
    expect((await webhook(paid.captured)).json().outcome).toBe('already_paid');
    expect((await verify(paid.body)).statusCode).toBe(200);
    await expectOneReceiptMail(email, paid.paymentId);
  });

  it('is issued once when verify races the webhook', async () => {
    const runs = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const email = donorEmail(`race${i}`);
        const paid = await paidCheckout(email);
        const [verified] = await Promise.all([verify(paid.body), webhook(paid.captured), verify(paid.body)]);
        expect(verified.statusCode).toBe(200);
        return { email, paid };
      }),
    );
    for (const { email, paid } of runs) await expectOneReceiptMail(email, paid.paymentId);
  });
});

describe('receipt numbers', () => {
  it('have no gaps and no repeats with 50 payments settled at once through verify and webhooks', async () => {
    const payments = await Promise.all(Array.from({ length: 50 }, (_, i) => paidCheckout(donorEmail(`many${i}`))));
    const answers = await Promise.all(
      payments.map((paid, i) => (i % 2 === 0 ? verify(paid.body) : webhook(paid.captured))),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const rows = await query<{ financial_year: string; sequence: number }>(
      'select financial_year, sequence from receipts order by financial_year, sequence',
    );
    const years = new Set(rows.map((row) => row.financial_year));
    for (const year of years) {
      const sequences = rows.filter((row) => row.financial_year === year).map((row) => row.sequence);
      expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => i + 1));
    }
    const ids = payments.map((paid) => paid.paymentId);
    const ours = await query<{ count: string }>(
      `select count(*) from receipts where payment_id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    expect(Number(ours[0]?.count)).toBe(50);
  });
});
