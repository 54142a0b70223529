import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { paymentEntity, postWebhook, razorpayEvent, subscriptionEntity } from '../../test/webhook-fixtures';
import { Donation } from '../donations/donation.entity';
import { Subscription } from '../donations/subscription.entity';

/** Settlement sequences as they arrive out of order from the browser and Razorpay's webhooks. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const em = () => t.db.orm.em.fork();
const findDonation = (id: number) => em().findOneOrFail(Donation, id);
const send = async (event: object) => (await postWebhook(t.app, t.config.payments.webhookSecret, event)).json().outcome;
const verify = (payload: object) => t.app.inject({ method: 'POST', url: '/api/verify-payment', payload });

async function oneTime() {
  const created = await t.caller.donation.create(donationBody());
  return { donationId: created.donation.id, orderId: created.order.id, amount: created.donation.amount };
}

const captured = (orderId: string, amount: number, paymentId: string) =>
  razorpayEvent('payment.captured', { payment: paymentEntity({ orderId, amount, paymentId }) });
const refunded = (orderId: string, amount: number, paymentId: string) =>
  razorpayEvent('refund.processed', {
    refund: { id: `rfnd_${paymentId}`, entity: 'refund', amount, payment_id: paymentId, status: 'processed' },
    payment: paymentEntity({ orderId, amount, paymentId, status: 'refunded', amountRefunded: amount }),
  });

describe('an order paid twice, the duplicate refunded by Razorpay', () => {
  it("P2's refund before P1's capture: the donation ends paid with P1", async () => {
    const { donationId, orderId, amount } = await oneTime();
    await send(refunded(orderId, amount, 'pay_DupRefunded01'));
    expect(await send(captured(orderId, amount, 'pay_DupKept00001'))).toBe('paid');
    expect(await send(captured(orderId, amount, 'pay_DupRefunded01'))).toBe('paid_by_another_payment');
    expect(await findDonation(donationId)).toMatchObject({ status: 'paid', razorpayPaymentId: 'pay_DupKept00001' });
  });

  it("P2's refund, then P2's capture, then P1's capture: still paid with P1", async () => {
    const { donationId, orderId, amount } = await oneTime();
    await send(refunded(orderId, amount, 'pay_DupRefunded02'));
    expect(await send(captured(orderId, amount, 'pay_DupRefunded02'))).toBe('not_payable');
    expect(await send(captured(orderId, amount, 'pay_DupKept00002'))).toBe('paid');
    expect(await findDonation(donationId)).toMatchObject({ status: 'paid', razorpayPaymentId: 'pay_DupKept00002' });
  });

  it("P2's refund, then the donor's verify of P1: paid with P1", async () => {
    const { donationId, orderId, amount } = await oneTime();
    await send(refunded(orderId, amount, 'pay_DupRefunded03'));
    const success = await t.emulator.completePayment({ orderId });
    expect((await verify({ ...success, donation_id: donationId })).statusCode).toBe(200);
    expect(await findDonation(donationId)).toMatchObject({
      status: 'paid',
      razorpayPaymentId: success.razorpay_payment_id,
    });
  });

  it('both refunded, in any order: the donation ends refunded', async () => {
    const { donationId, orderId, amount } = await oneTime();
    await send(refunded(orderId, amount, 'pay_BothRefund001'));
    expect(await send(refunded(orderId, amount, 'pay_BothRefund002'))).toBe('refund_recorded');
    expect(await send(captured(orderId, amount, 'pay_BothRefund002'))).toBe('not_payable');
    expect(await send(captured(orderId, amount, 'pay_BothRefund001'))).toBe('not_payable');
    expect((await findDonation(donationId)).status).toBe('refunded');
  });

  it('a refund of the payment the trust kept is final', async () => {
    const { donationId, orderId, amount } = await oneTime();
    await send(refunded(orderId, amount, 'pay_DupRefunded04'));
    await send(captured(orderId, amount, 'pay_KeptThenBack1'));
    expect(await send(refunded(orderId, amount, 'pay_KeptThenBack1'))).toBe('refunded');
    expect(await send(captured(orderId, amount, 'pay_LateCapture01'))).toBe('not_payable');
    expect(await findDonation(donationId)).toMatchObject({
      status: 'refunded',
      razorpayPaymentId: 'pay_KeptThenBack1',
    });
  });
});

describe('verify and the subscription status', () => {
  it.each(['pending', 'halted'])(
    'a replayed verify leaves a subscription Razorpay reported %s as it is',
    async (status) => {
      const created = await t.caller.subscription.create(donationBody({ donationType: 'monthly' }));
      const subscriptionId = created.subscription.id;
      const body = { ...(await t.emulator.completePayment({ subscriptionId })), donation_id: created.donation.id };
      const statusOf = async () =>
        (await em().findOneOrFail(Subscription, { razorpaySubscriptionId: subscriptionId })).status;

      expect((await verify(body)).statusCode).toBe(200);
      expect(await statusOf()).toBe('active');
      await send(razorpayEvent(`subscription.${status}`, { subscription: subscriptionEntity(subscriptionId, status) }));
      expect(await statusOf()).toBe(status);
      expect((await verify(body)).statusCode).toBe(200);
      expect(await statusOf()).toBe(status);
    },
  );
});
