// Over 250 lines on purpose: each Razorpay event the app applies, against one app and database; the
// file reads as the table of events and what each does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { paymentEntity, postWebhook, razorpayEvent, subscriptionEntity } from '../../test/webhook-fixtures';
import { Donation } from '../donations/donation.entity';
import { Subscription } from '../donations/subscription.entity';
import { WebhookEvent } from './webhook-event.entity';

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  secret = t.config.payments.webhookSecret;
});
afterAll(() => t.close());

const em = () => t.db.orm.em.fork();
const findDonation = (id: number) => em().findOneOrFail(Donation, id);
const send = (event: object, options?: { eventId?: string; signature?: string }) =>
  postWebhook(t.app, secret, event, options);

async function oneTime(amount = 100000) {
  const created = await t.caller.donation.create(donationBody({ amount }));
  return { donationId: created.donation.id, orderId: created.order.id, amount };
}

async function monthly(amount = 150000) {
  const created = await t.caller.subscription.create(donationBody({ donationType: 'monthly', amount }));
  return { donationId: created.donation.id, subscriptionId: created.subscription.id, amount };
}

const captured = (orderId: string, amount: number, fields: Partial<Parameters<typeof paymentEntity>[0]> = {}) =>
  razorpayEvent('payment.captured', { payment: paymentEntity({ orderId, amount, ...fields }) });

describe('POST /api/webhooks/razorpay: authenticity', () => {
  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const { donationId, orderId, amount } = await oneTime();
    const event = captured(orderId, amount);
    const forged = await send(event, { signature: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers: { 'content-type': 'application/json', 'x-razorpay-event-id': 'evt_unsigned' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await findDonation(donationId)).status).toBe('pending');
    expect(await em().count(WebhookEvent, { id: 'evt_unsigned' })).toBe(0);
  });

  it('checks the signature over the raw bytes, not re-serialised JSON', async () => {
    const { donationId, orderId, amount } = await oneTime();
    // Whitespace and key order that JSON.stringify would not reproduce.
    const body = `{ "payload" : { "payment": { "entity": ${JSON.stringify(paymentEntity({ orderId, amount }))} } },  "event":"payment.captured" }`;
    const { createHmac } = await import('node:crypto');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-event-id': 'evt_RawBytes0001',
        'x-razorpay-signature': createHmac('sha256', secret).update(body).digest('hex'),
      },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect((await findDonation(donationId)).status).toBe('paid');
  });

  it('answers 400 to a signed body that is not an event', async () => {
    // Without an event id it is no longer refused: see hostile-deliveries.test.ts.
    expect((await send({ hello: 'world' })).statusCode).toBe(400);
  });
});

describe('payments', () => {
  it('payment.captured pays the donation and keeps the event with its outcome', async () => {
    const { donationId, orderId, amount } = await oneTime();
    const event = captured(orderId, amount, { paymentId: 'pay_Captured00001' });
    const response = await send(event, { eventId: 'evt_Captured00001' });
    expect(response.statusCode).toBe(200);
    expect(await findDonation(donationId)).toMatchObject({ status: 'paid', razorpayPaymentId: 'pay_Captured00001' });
    const stored = await em().findOneOrFail(WebhookEvent, 'evt_Captured00001');
    expect(stored).toMatchObject({ type: 'payment.captured', outcome: 'paid', payload: event });
    expect(stored.receivedAt).toBeInstanceOf(Date);
  });

  it('order.paid pays the donation too', async () => {
    const { donationId, orderId, amount } = await oneTime();
    const event = razorpayEvent('order.paid', {
      payment: paymentEntity({ orderId, amount }),
      order: { id: orderId, entity: 'order', amount, amount_paid: amount, status: 'paid' },
    });
    expect((await send(event)).statusCode).toBe(200);
    expect((await findDonation(donationId)).status).toBe('paid');
  });

  it('applies three simultaneous deliveries of one event once, answering all with 2xx', async () => {
    const { donationId, orderId, amount } = await oneTime();
    const event = captured(orderId, amount);
    const responses = await Promise.all([1, 2, 3].map(() => send(event, { eventId: 'evt_Triple000001' })));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(responses.map((response) => response.json().outcome).sort()).toEqual(['duplicate', 'duplicate', 'paid']);
    expect(await em().count(WebhookEvent, { id: 'evt_Triple000001' })).toBe(1);
    expect((await findDonation(donationId)).status).toBe('paid');
  });

  it('payment.failed fails a pending donation, and a later capture still pays it', async () => {
    const { donationId, orderId, amount } = await oneTime();
    await send(razorpayEvent('payment.failed', { payment: paymentEntity({ orderId, amount, status: 'failed' }) }));
    expect((await findDonation(donationId)).status).toBe('failed');
    await send(captured(orderId, amount));
    expect((await findDonation(donationId)).status).toBe('paid');
  });

  it('never takes paid back when a failure arrives late', async () => {
    const { donationId, orderId, amount } = await oneTime();
    await send(captured(orderId, amount, { paymentId: 'pay_LateFailure001' }));
    const late = await send(
      razorpayEvent('payment.failed', { payment: paymentEntity({ orderId, amount, status: 'failed' }) }),
    );
    expect(late.json().outcome).toBe('unchanged');
    expect(await findDonation(donationId)).toMatchObject({ status: 'paid', razorpayPaymentId: 'pay_LateFailure001' });
  });

  it('keeps a payment of another amount or currency unpaid, for the staff', async () => {
    const { donationId, orderId, amount } = await oneTime();
    const short = await send(captured(orderId, amount - 100), { eventId: 'evt_Mismatch00001' });
    expect(short.statusCode).toBe(200);
    expect(short.json().outcome).toBe('amount_mismatch');
    const dollars = await send(captured(orderId, amount, { currency: 'USD' }));
    expect(dollars.json().outcome).toBe('amount_mismatch');
    expect((await findDonation(donationId)).status).toBe('pending');
    expect((await em().findOneOrFail(WebhookEvent, 'evt_Mismatch00001')).outcome).toBe('amount_mismatch');
  });

  it('a full refund makes a paid donation refunded; a partial one does not', async () => {
    const partial = await oneTime();
    const full = await oneTime();
    for (const donation of [partial, full]) {
      await send(captured(donation.orderId, donation.amount, { paymentId: `pay_Refund${donation.donationId}` }));
    }
    const refund = (donation: typeof full, refunded: number) =>
      razorpayEvent('refund.processed', {
        refund: { id: 'rfnd_Test', entity: 'refund', amount: refunded, payment_id: `pay_Refund${donation.donationId}` },
        payment: paymentEntity({
          paymentId: `pay_Refund${donation.donationId}`,
          orderId: donation.orderId,
          amount: donation.amount,
          status: 'refunded',
          amountRefunded: refunded,
        }),
      });
    await send(refund(partial, 100));
    await send(refund(full, full.amount));
    expect((await findDonation(partial.donationId)).status).toBe('paid');
    expect((await findDonation(full.donationId)).status).toBe('refunded');
    // Refunded is final for a later capture of the same order.
    await send(captured(full.orderId, full.amount));
    expect((await findDonation(full.donationId)).status).toBe('refunded');
  });

  it('takes refund.created as final only when its refund is already processed', async () => {
    const { donationId, orderId, amount } = await oneTime();
    const payment = paymentEntity({ orderId, amount, status: 'refunded', amountRefunded: amount });
    await send(captured(orderId, amount, { paymentId: payment.id }));
    const created = (status: string) =>
      razorpayEvent('refund.created', {
        refund: { id: 'rfnd_Created', entity: 'refund', amount, payment_id: payment.id, status },
        payment,
      });
    expect((await send(created('pending'))).json().outcome).toBe('unchanged');
    expect((await findDonation(donationId)).status).toBe('paid');
    expect((await send(created('processed'))).json().outcome).toBe('refunded');
    expect((await findDonation(donationId)).status).toBe('refunded');
  });

  it('keeps a refund that arrives before its capture: the donation ends refunded, never paid', async () => {
    const { donationId, orderId, amount } = await oneTime();
    const payment = paymentEntity({ orderId, amount, status: 'refunded', amountRefunded: amount });
    const refund = razorpayEvent('refund.processed', {
      refund: { id: 'rfnd_Early', entity: 'refund', amount, payment_id: payment.id },
      payment,
    });
    expect((await send(refund)).json().outcome).toBe('refunded');
    expect((await send(captured(orderId, amount, { paymentId: payment.id }))).json().outcome).toBe('not_payable');
    expect(await findDonation(donationId)).toMatchObject({ status: 'refunded', razorpayPaymentId: payment.id });
  });

  it('ignores events it does not handle, answering 2xx', async () => {
    const response = await send(razorpayEvent('invoice.paid', { invoice: { id: 'inv_1' } }));
    expect(response.statusCode).toBe(200);
    expect(response.json().outcome).toBe('ignored');
  });
});

describe('subscriptions', () => {
  const subscriptionStatus = async (razorpaySubscriptionId: string) =>
    (await em().findOneOrFail(Subscription, { razorpaySubscriptionId })).status;

  it('each subscription event sets the status Razorpay reports', async () => {
    const { subscriptionId } = await monthly();
    const steps: [string, string][] = [
      ['subscription.authenticated', 'authenticated'],
      ['subscription.activated', 'active'],
      ['subscription.pending', 'pending'],
      ['subscription.halted', 'halted'],
      ['subscription.resumed', 'active'],
      ['subscription.paused', 'paused'],
      ['subscription.cancelled', 'cancelled'],
    ];
    for (const [event, status] of steps) {
      await send(razorpayEvent(event, { subscription: subscriptionEntity(subscriptionId, status) }));
      expect(await subscriptionStatus(subscriptionId)).toBe(status);
    }
    const second = await monthly();
    await send(
      razorpayEvent('subscription.completed', { subscription: subscriptionEntity(second.subscriptionId, 'completed') }),
    );
    expect(await subscriptionStatus(second.subscriptionId)).toBe('completed');
  });

  it('does not go back when set-up events arrive late', async () => {
    const { subscriptionId } = await monthly();
    await send(razorpayEvent('subscription.activated', { subscription: subscriptionEntity(subscriptionId, 'active') }));
    await send(
      razorpayEvent('subscription.authenticated', {
        subscription: subscriptionEntity(subscriptionId, 'authenticated'),
      }),
    );
    expect(await subscriptionStatus(subscriptionId)).toBe('active');
  });

  it('does not let a late delivery undo a status Razorpay reported later', async () => {
    const { subscriptionId } = await monthly();
    const at = (event: string, status: string, createdAt: number) => ({
      ...razorpayEvent(event, { subscription: subscriptionEntity(subscriptionId, status) }),
      created_at: createdAt,
    });
    await send(at('subscription.activated', 'active', 1_800_000_100));
    await send(at('subscription.halted', 'halted', 1_800_000_300));
    await send(at('subscription.activated', 'active', 1_800_000_200));
    expect(await subscriptionStatus(subscriptionId)).toBe('halted');
    await send(at('subscription.resumed', 'active', 1_800_000_400));
    expect(await subscriptionStatus(subscriptionId)).toBe('active');
  });

  it('records the first charge on the original donation and each later one as its own paid row', async () => {
    const { donationId, subscriptionId, amount } = await monthly(250000);
    const charge = (paymentId: string) =>
      razorpayEvent('subscription.charged', {
        subscription: subscriptionEntity(subscriptionId, 'active'),
        payment: paymentEntity({ paymentId, orderId: 'order_InvoiceOrder1', amount }),
      });

    expect((await send(charge('pay_FirstCharge001'))).json().outcome).toBe('first_charge');
    expect(await findDonation(donationId)).toMatchObject({ status: 'paid', razorpayPaymentId: 'pay_FirstCharge001' });
    expect(await subscriptionStatus(subscriptionId)).toBe('active');

    expect((await send(charge('pay_SecondCharge01'))).json().outcome).toBe('charge_recorded');
    // The same charge delivered again under another event id adds nothing.
    expect((await send(charge('pay_SecondCharge01'))).json().outcome).toBe('already_recorded');

    const subscription = await em().findOneOrFail(Subscription, { razorpaySubscriptionId: subscriptionId });
    const rows = await em().find(Donation, { razorpayPaymentId: 'pay_SecondCharge01' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Asha Raman',
      email: 'asha@example.com',
      phone: '9876543210',
      amount,
      donationType: 'monthly',
      purpose: 'medical',
      status: 'paid',
      subscriptionId: subscription.id,
    });
  });

  it('keeps a charge of another amount unrecorded', async () => {
    const { donationId, subscriptionId, amount } = await monthly();
    const response = await send(
      razorpayEvent('subscription.charged', {
        subscription: subscriptionEntity(subscriptionId, 'active'),
        payment: paymentEntity({ amount: amount * 2 }),
      }),
    );
    expect(response.json().outcome).toBe('amount_mismatch');
    expect((await findDonation(donationId)).status).toBe('pending');
  });
});
