import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Orm, openDatabase } from '../../platform/db/orm';
import { donationBody } from '../../test/donation-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { paymentEntity, postWebhook, razorpayEvent, subscriptionEntity } from '../../test/webhook-fixtures';
import { buildDependencies, type ServerDependencies } from '../../wiring/composition-root';
import { ENTITIES } from '../../wiring/entities';
import { Donation } from '../donations/donation.entity';

/** Instance A takes the browser's verify calls; instance B, with its own pool, the webhooks. */
let a: TestApp;
let b: { app: FastifyInstance; orm: Orm; deps: ServerDependencies };
beforeAll(async () => {
  a = await createTestApp();
  const orm = await openDatabase(a.db.url, ENTITIES);
  const deps = await buildDependencies(a.config, orm);
  b = { app: await buildApp({ config: a.config, deps }), orm, deps };
});
afterAll(async () => {
  await b.app.close();
  await b.deps.close();
  await b.orm.close();
  await a.close();
});

const rowsWithPayment = (paymentId: string) => a.db.orm.em.fork().find(Donation, { razorpayPaymentId: paymentId });
const verifyOnA = (body: object) => a.app.inject({ method: 'POST', url: '/api/verify-payment', payload: body });
const webhookOnB = (event: object) => postWebhook(b.app, a.config.payments.webhookSecret, event);

async function paidOneTime() {
  const created = await a.caller.donation.create(donationBody());
  const success = await a.emulator.completePayment({ orderId: created.order.id });
  const event = razorpayEvent('payment.captured', {
    payment: paymentEntity({
      paymentId: success.razorpay_payment_id,
      orderId: created.order.id,
      amount: created.donation.amount,
    }),
  });
  return { donationId: created.donation.id, verifyBody: { ...success, donation_id: created.donation.id }, event };
}

async function paidMonthly() {
  const created = await a.caller.subscription.create(donationBody({ donationType: 'monthly' }));
  const subscriptionId = created.subscription.id;
  const success = await a.emulator.completePayment({ subscriptionId });
  const event = razorpayEvent('subscription.charged', {
    subscription: subscriptionEntity(subscriptionId, 'active'),
    payment: paymentEntity({ paymentId: success.razorpay_payment_id, amount: created.donation.amount }),
  });
  return { donationId: created.donation.id, verifyBody: { ...success, donation_id: created.donation.id }, event };
}

async function expectExactlyOnePaidRow(donationId: number, paymentId: string) {
  const rows = await rowsWithPayment(paymentId);
  expect(rows.map((row) => [row.id, row.status])).toEqual([[donationId, 'paid']]);
  // And one receipt, issued by whichever instance recorded the payment.
  const receipts = await a.db.orm.em.execute<unknown[]>('select 1 from receipts where payment_id = ?', [paymentId]);
  expect(receipts).toHaveLength(1);
}

describe('the browser verify call racing the webhook for the same payment', () => {
  it('webhook first, then verify: verify answers success and nothing is added', async () => {
    const { donationId, verifyBody, event } = await paidOneTime();
    expect((await webhookOnB(event)).json().outcome).toBe('paid');
    expect((await verifyOnA(verifyBody)).json()).toEqual({
      success: true,
      donation: { id: donationId, status: 'paid' },
      receipt: { number: expect.any(String), downloadUrl: expect.any(String) },
    });
    await expectExactlyOnePaidRow(donationId, verifyBody.razorpay_payment_id);
  });

  it('verify first, then webhook: the webhook finds it paid', async () => {
    const { donationId, verifyBody, event } = await paidOneTime();
    expect((await verifyOnA(verifyBody)).statusCode).toBe(200);
    expect((await webhookOnB(event)).json().outcome).toBe('already_paid');
    await expectExactlyOnePaidRow(donationId, verifyBody.razorpay_payment_id);
  });

  it('at the same moment on two instances, one-time and monthly, ends in exactly one paid row each', async () => {
    const donations = [
      ...(await Promise.all(Array.from({ length: 8 }, paidOneTime))),
      ...(await Promise.all(Array.from({ length: 4 }, paidMonthly))),
    ];
    const responses = await Promise.all(
      donations.flatMap(({ verifyBody, event }, index) =>
        index % 2 === 0 ? [verifyOnA(verifyBody), webhookOnB(event)] : [webhookOnB(event), verifyOnA(verifyBody)],
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(responses.length).fill(200));
    for (const { donationId, verifyBody } of donations) {
      await expectExactlyOnePaidRow(donationId, verifyBody.razorpay_payment_id);
    }
  });
});
