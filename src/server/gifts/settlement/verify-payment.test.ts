import { createHmac } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { Donation } from '../donations/donation.entity';
import { Subscription } from '../donations/subscription.entity';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
const verify = (payload: unknown) => post('/api/verify-payment', payload);
const findDonation = (id: number) => t.db.orm.em.fork().findOneOrFail(Donation, id);
/** Verify now answers the payment's receipt too (gifts/receipts/receipt-links.ts): number and download link. */
const anyReceipt = {
  number: expect.stringMatching(/^CART\/\d{4}-\d{2}\/\d{6}$/),
  downloadUrl: expect.stringMatching(/\/receipts\/\d+\.\d{10,11}\.[A-Za-z0-9_-]{43}\.pdf$/),
};
const hmac = (payload: string) => createHmac('sha256', t.config.payments.keySecret).update(payload).digest('hex');

async function startOneTime() {
  const created = await t.caller.donation.create(donationBody());
  return { donationId: created.donation.id, orderId: created.order.id };
}

async function startMonthly() {
  const created = await t.caller.subscription.create(donationBody({ donationType: 'monthly', amount: 150000 }));
  return { donationId: created.donation.id, subscriptionId: created.subscription.id };
}

describe('verifying a one-time payment', () => {
  it('marks the donation paid and stores the payment id and signature', async () => {
    const { donationId, orderId } = await startOneTime();
    const success = await t.emulator.completePayment({ orderId });
    expect(success.razorpay_signature).toBe(hmac(`${orderId}|${success.razorpay_payment_id}`));

    const response = await verify({ ...success, donation_id: donationId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      donation: { id: donationId, status: 'paid' },
      receipt: anyReceipt,
    });
    expect(await findDonation(donationId)).toMatchObject({
      status: 'paid',
      razorpayPaymentId: success.razorpay_payment_id,
      razorpaySignature: success.razorpay_signature,
    });
  });

  it('refuses a wrong signature with 400 and leaves the donation unpaid', async () => {
    const { donationId, orderId } = await startOneTime();
    const success = await t.emulator.completePayment({ orderId });
    const forged = hmac(`${orderId}|pay_SomethingElse01`);
    const response = await verify({ ...success, razorpay_signature: forged, donation_id: donationId });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/signature/i);
    expect(await findDonation(donationId)).toMatchObject({ status: 'pending', razorpayPaymentId: null });
  });

  it("never pays a donation with another donation's valid signature, whatever order id is sent", async () => {
    const paid = await startOneTime();
    const victim = await startOneTime();
    const success = await t.emulator.completePayment({ orderId: paid.orderId });

    for (const orderId of [paid.orderId, victim.orderId]) {
      const response = await verify({ ...success, razorpay_order_id: orderId, donation_id: victim.donationId });
      expect(response.statusCode).toBe(400);
    }
    expect((await findDonation(victim.donationId)).status).toBe('pending');
  });

  it('answers a replay, even ten at once, with success and records one payment', async () => {
    const { donationId, orderId } = await startOneTime();
    const body = { ...(await t.emulator.completePayment({ orderId })), donation_id: donationId };
    const responses = await Promise.all(Array.from({ length: 10 }, () => verify(body)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect((await verify(body)).json()).toEqual({
      success: true,
      donation: { id: donationId, status: 'paid' },
      receipt: anyReceipt,
    });
    const rows = await t.db.orm.em.fork().find(Donation, { razorpayPaymentId: body.razorpay_payment_id });
    expect(rows.map((row) => row.id)).toEqual([donationId]);
  });

  it('refuses a second, different payment for a paid donation with 409', async () => {
    const { donationId, orderId } = await startOneTime();
    await verify({ ...(await t.emulator.completePayment({ orderId })), donation_id: donationId });
    // Razorpay captures one payment per order; a second, validly signed one must still not replace it.
    const paymentId = 'pay_SecondPayment01';
    const second = {
      razorpay_payment_id: paymentId,
      razorpay_order_id: orderId,
      razorpay_signature: hmac(`${orderId}|${paymentId}`),
    };
    const response = await verify({ ...second, donation_id: donationId });
    expect(response.statusCode).toBe(409);
  });

  it('settles a donation that failed earlier when the donor retries within the order', async () => {
    const { donationId, orderId } = await startOneTime();
    await t.emulator.failPayment({ orderId });
    await t.db.orm.em.fork().nativeUpdate(Donation, { id: donationId }, { status: 'failed' });
    const response = await verify({ ...(await t.emulator.completePayment({ orderId })), donation_id: donationId });
    expect(response.statusCode).toBe(200);
    expect((await findDonation(donationId)).status).toBe('paid');
  });

  it('refuses to pay a refunded donation with 409', async () => {
    const { donationId, orderId } = await startOneTime();
    const success = await t.emulator.completePayment({ orderId });
    await t.db.orm.em.fork().nativeUpdate(Donation, { id: donationId }, { status: 'refunded' });
    const response = await verify({ ...success, donation_id: donationId });
    expect(response.statusCode).toBe(409);
    expect((await findDonation(donationId)).status).toBe('refunded');
  });

  it('refuses a one-time donation verified as monthly with 409', async () => {
    const { donationId, orderId } = await startOneTime();
    const success = await t.emulator.completePayment({ orderId });
    const response = await verify({
      razorpay_payment_id: success.razorpay_payment_id,
      razorpay_signature: success.razorpay_signature,
      razorpay_subscription_id: 'sub_AAAAAAAAAAAAAA',
      donation_id: donationId,
    });
    expect(response.statusCode).toBe(409);
    expect((await findDonation(donationId)).status).toBe('pending');
  });

  it('answers 404 for an unknown donation', async () => {
    const response = await verify({
      razorpay_payment_id: 'pay_AAAAAAAAAAAAAA',
      razorpay_order_id: 'order_AAAAAAAAAAAAAA',
      razorpay_signature: 'a'.repeat(64),
      donation_id: 999_999,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Donation 999999 was not found.' });
  });

  it('is the same procedure as the typed payment.verify, which throws typed errors', async () => {
    const { donationId, orderId } = await startOneTime();
    const success = await t.emulator.completePayment({ orderId });
    const wrong = t.caller.payment.verify({ ...success, razorpay_signature: 'b'.repeat(64), donation_id: donationId });
    await expect(wrong).rejects.toSatisfy((error) => error instanceof TRPCError && error.code === 'BAD_REQUEST');
    await expect(t.caller.payment.verify({ ...success, donation_id: donationId })).resolves.toEqual({
      success: true,
      donation: { id: donationId, status: 'paid' },
      receipt: anyReceipt,
    });
  });
});

describe('verifying a monthly payment', () => {
  it('uses payment_id|subscription_id, marks the donation paid and the subscription active', async () => {
    const { donationId, subscriptionId } = await startMonthly();
    const success = await t.emulator.completePayment({ subscriptionId });
    expect(success.razorpay_signature).toBe(hmac(`${success.razorpay_payment_id}|${subscriptionId}`));

    const response = await verify({ ...success, subscription_id: subscriptionId, donation_id: donationId });
    expect(response.statusCode).toBe(200);
    expect((await findDonation(donationId)).status).toBe('paid');
    const subscription = await t.db.orm.em.fork().findOneOrFail(Subscription, { donation: donationId });
    expect(subscription.status).toBe('active');
  });

  it('refuses the one-time formula (the order of the ids swapped) with 400', async () => {
    const { donationId, subscriptionId } = await startMonthly();
    const success = await t.emulator.completePayment({ subscriptionId });
    const swapped = hmac(`${subscriptionId}|${success.razorpay_payment_id}`);
    const response = await verify({ ...success, razorpay_signature: swapped, donation_id: donationId });
    expect(response.statusCode).toBe(400);
    expect((await findDonation(donationId)).status).toBe('pending');
    const subscription = await t.db.orm.em.fork().findOneOrFail(Subscription, { donation: donationId });
    expect(subscription.status).toBe('created');
  });

  it('refuses a monthly donation verified with an order id with 409', async () => {
    const { donationId, subscriptionId } = await startMonthly();
    const success = await t.emulator.completePayment({ subscriptionId });
    const response = await verify({
      razorpay_payment_id: success.razorpay_payment_id,
      razorpay_signature: success.razorpay_signature,
      razorpay_order_id: 'order_AAAAAAAAAAAAAA',
      donation_id: donationId,
    });
    expect(response.statusCode).toBe(409);
  });

  it("never pays with another subscription's signature", async () => {
    const first = await startMonthly();
    const second = await startMonthly();
    const success = await t.emulator.completePayment({ subscriptionId: first.subscriptionId });
    const response = await verify({ ...success, donation_id: second.donationId });
    expect(response.statusCode).toBe(400);
    expect((await findDonation(second.donationId)).status).toBe('pending');
  });
});
