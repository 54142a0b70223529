import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { donorEmail, expectDonorPageLink, mailTo, subjects } from '../../test/mail-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { paymentEntity, postWebhook, razorpayEvent, subscriptionEntity } from '../../test/webhook-fixtures';

/** The donor's mail beyond the first receipt: refunds, failures, monthly giving, and the download link. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const query = <T>(sql: string, params: unknown[] = []) => t.db.orm.em.execute<T[]>(sql, params);
const verify = (payload: object) => t.app.inject({ method: 'POST', url: '/api/verify-payment', payload });
const webhook = (event: object) => postWebhook(t.app, t.config.payments.webhookSecret, event);
const address = '12 Beach Road, Chennai 600001';
/** Each mail to the donor links to their own page, signed for their address. */
const expectDonorPageLinks = (mails: Awaited<ReturnType<typeof mailTo>>, email: string) => {
  for (const mail of mails) expectDonorPageLink(mail, email, t.config.siteUrl, t.deps.personalDataKey);
};

async function paidOneTime(email: string) {
  const created = await t.caller.donation.create(donationBody({ email }));
  const success = await t.emulator.completePayment({ orderId: created.order.id });
  const answer = (await verify({ ...success, donation_id: created.donation.id })).json();
  return { ...created, paymentId: success.razorpay_payment_id, receipt: answer.receipt };
}

describe('the download link', () => {
  it('serves the PDF without signing in, and a tampered or made-up link finds nothing', async () => {
    const { receipt } = await paidOneTime(donorEmail('link'));
    const path = new URL(receipt.downloadUrl).pathname;
    const pdf = await t.app.inject({ method: 'GET', url: path });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="receipt-CART-\d{4}-\d{2}-\d{6}\.pdf"$/);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const [, id, expiry, signature] = /\/receipts\/(\d+)\.(\d+)\.([^.]+)\.pdf$/.exec(path) ?? [];
    const flipped = `${signature?.[0] === 'A' ? 'B' : 'A'}${signature?.slice(1)}`;
    for (const url of [
      `/receipts/${id}.${expiry}.${flipped}.pdf`,
      `/receipts/${Number(id) + 1}.${expiry}.${signature}.pdf`,
      `/receipts/${id}.${Number(expiry) + 86_400}.${signature}.pdf`,
      `/receipts/${id}.${signature}.pdf`,
      `/receipts/${id}.pdf`,
      `/receipts/${id}.${expiry}.${signature}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

describe('a refund', () => {
  it('cancels the receipt (kept, with the date and reason) and tells the donor, once', async () => {
    const email = donorEmail('refund');
    const paid = await paidOneTime(email);
    const refund = razorpayEvent('refund.processed', {
      refund: {
        id: `rfnd_${paid.paymentId}`,
        entity: 'refund',
        amount: paid.donation.amount,
        payment_id: paid.paymentId,
      },
      payment: paymentEntity({
        paymentId: paid.paymentId,
        orderId: paid.order.id,
        amount: paid.donation.amount,
        status: 'refunded',
        amountRefunded: paid.donation.amount,
      }),
    });
    expect((await webhook(refund)).json().outcome).toBe('refunded');
    expect((await webhook(refund)).json().outcome).toBe('refund_recorded');
    const [receipt] = await query<Record<string, unknown>>('select * from receipts where payment_id = ?', [
      paid.paymentId,
    ]);
    expect(receipt).toMatchObject({
      number: paid.receipt.number,
      status: 'cancelled',
      cancellation_reason: expect.any(String),
    });
    expect(receipt?.cancelled_at).not.toBeNull();
    const mails = await mailTo(t, email);
    expect(subjects(mails)).toEqual([
      `Your donation receipt ${paid.receipt.number}`,
      'Your donation has been refunded',
    ]);
    expect(mails[1]?.text).toContain(`Receipt ${paid.receipt.number} for this donation is cancelled`);
    expectDonorPageLinks(mails, email);
  });
});

describe('a failed payment', () => {
  it('tells the donor once, with a link back to the donate page', async () => {
    const email = donorEmail('Failed');
    const created = await t.caller.donation.create(donationBody({ email, amount: 75_000, purpose: 'rescue' }));
    const failed = razorpayEvent('payment.failed', {
      payment: paymentEntity({ orderId: created.order.id, amount: created.donation.amount, status: 'failed' }),
    });
    expect((await webhook(failed)).json().outcome).toBe('failed');
    expect((await webhook(failed)).json().outcome).toBe('unchanged');
    const mails = await mailTo(t, email);
    expect(subjects(mails)).toEqual(['Your donation did not go through']);
    expect(mails[0]?.text).toContain(`${t.config.siteUrl}/donate`);
    // The form filled in with this gift: whole rupees, its type and its purpose.
    const filledIn = `${t.config.siteUrl}/donate?amount=750&type=one-time&purpose=rescue`;
    expect(mails[0]?.text).toContain(`Try again: ${filledIn}`);
    expect(mails[0]?.html).toContain(`href="${filledIn.replaceAll('&', '&#38;')}"`);
    expectDonorPageLinks(mails, email);
  });
});

describe('monthly giving', () => {
  it('starts with a receipt for the first charge, then one receipt per charge with the 80G details', async () => {
    const email = donorEmail('monthly');
    const created = await t.caller.subscription.create(
      donationBody({ email, donationType: 'monthly', wants80g: true, pan: 'ABCDE1234F', address }),
    );
    const subscriptionId = created.subscription.id;
    const success = await t.emulator.completePayment({ subscriptionId });
    const first = (await verify({ ...success, donation_id: created.donation.id })).json().receipt;
    const charge = (paymentId: string) =>
      razorpayEvent('subscription.charged', {
        subscription: subscriptionEntity(subscriptionId, 'active'),
        payment: paymentEntity({ paymentId, amount: created.donation.amount }),
      });
    expect((await webhook(charge(success.razorpay_payment_id))).json().outcome).toBe('already_recorded');
    expect((await webhook(charge('pay_SecondMonth001'))).json().outcome).toBe('charge_recorded');
    expect((await webhook(charge('pay_SecondMonth001'))).json().outcome).toBe('already_recorded');

    const receipts = await query<{ number: string; donor_id_masked: string; donor_address: string }>(
      `select number, donor_id_masked, donor_address from receipts r join donations d on d.id = r.donation_id
        where d.id = ? or d.subscription_id = (select id from subscriptions where donation_id = ?) order by r.id`,
      [created.donation.id, created.donation.id],
    );
    expect(receipts).toHaveLength(2);
    expect(receipts[0]?.number).toBe(first.number);
    expect(receipts.every((r) => r.donor_id_masked === 'XXXXX1234F' && r.donor_address === address)).toBe(true);

    await webhook(razorpayEvent('subscription.halted', { subscription: subscriptionEntity(subscriptionId, 'halted') }));
    await webhook(razorpayEvent('subscription.halted', { subscription: subscriptionEntity(subscriptionId, 'halted') }));
    await webhook(
      razorpayEvent('subscription.activated', { subscription: subscriptionEntity(subscriptionId, 'active') }),
    );
    await webhook(
      razorpayEvent('subscription.cancelled', { subscription: subscriptionEntity(subscriptionId, 'cancelled') }),
    );
    const mails = await mailTo(t, email);
    expect(subjects(mails).sort()).toEqual(
      [
        `Your donation receipt ${receipts[0]?.number}`,
        'Your monthly donation has started',
        `Your donation receipt ${receipts[1]?.number}`,
        'Your monthly donation is paused: a payment failed',
        'Your monthly donation is cancelled',
      ].sort(),
    );
    expectDonorPageLinks(mails, email);
    // Halted or cancelled, the way back is the same monthly gift, filled in.
    const again = `${t.config.siteUrl}/donate?amount=${created.donation.amount / 100}&type=monthly&purpose=medical`;
    for (const subject of ['Your monthly donation is paused: a payment failed', 'Your monthly donation is cancelled']) {
      expect(mails.find((mail) => mail.subject === subject)?.text).toContain(again);
    }
  });
});
