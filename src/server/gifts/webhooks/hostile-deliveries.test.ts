import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { paymentEntity, razorpayEvent } from '../../test/webhook-fixtures';
import { Donation } from '../donations/donation.entity';
import { WebhookEvent } from './webhook-event.entity';

/** Validly signed deliveries that once could never be applied: each is stored and applied once. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const em = () => t.db.orm.em.fork();

/** Posts the exact body text, signed, with the event id header only when given. */
function deliver(body: string, eventId?: string) {
  const signature = createHmac('sha256', t.config.payments.webhookSecret).update(body).digest('hex');
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/razorpay',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      ...(eventId !== undefined && { 'x-razorpay-event-id': eventId }),
    },
    payload: body,
  });
}

async function capturedBody(extra: Record<string, unknown>) {
  const created = await t.caller.donation.create(donationBody());
  const payment = { ...paymentEntity({ orderId: created.order.id, amount: created.donation.amount }), ...extra };
  return { donationId: created.donation.id, body: JSON.stringify(razorpayEvent('payment.captured', { payment })) };
}

describe('strings PostgreSQL cannot store', () => {
  it('stores and applies an event holding \\u0000 and lone surrogates, once', async () => {
    const { donationId, body } = await capturedBody({
      description: 'null \u0000 byte',
      notes: { '\udc00key': 'lone \ud800 high', tail: 'end \udbff' },
    });
    expect(body).toContain('\\u0000');
    expect(body).toContain('\\ud800');

    const first = await deliver(body, 'evt_Hostile000001');
    expect(first.statusCode).toBe(200);
    expect(first.json().outcome).toBe('paid');
    expect((await em().findOneOrFail(Donation, donationId)).status).toBe('paid');
    const again = await deliver(body, 'evt_Hostile000001');
    expect(again.json().outcome).toBe('duplicate');

    const stored = await em().findOneOrFail(WebhookEvent, 'evt_Hostile000001');
    const payment = (stored.payload as { payload: { payment: { entity: Record<string, unknown> } } }).payload.payment
      .entity;
    expect(payment.description).toBe('null \ufffd byte');
    expect(payment.notes).toEqual({ '\ufffdkey': 'lone \ufffd high', tail: 'end \ufffd' });
  });

  it('keeps a well-formed surrogate pair (an emoji) as it is', async () => {
    const { body } = await capturedBody({ description: 'thank you 🐾' });
    expect((await deliver(body, 'evt_Emoji00000001')).json().outcome).toBe('paid');
    const stored = await em().findOneOrFail(WebhookEvent, 'evt_Emoji00000001');
    expect(JSON.stringify(stored.payload)).toContain('thank you 🐾');
  });
});

describe('a delivery without X-Razorpay-Event-Id', () => {
  it('is applied once, keyed by the sha256 of its body', async () => {
    const { donationId, body } = await capturedBody({});
    const first = await deliver(body);
    expect(first.statusCode).toBe(200);
    expect(first.json().outcome).toBe('paid');
    expect((await em().findOneOrFail(Donation, donationId)).status).toBe('paid');
    expect((await deliver(body, '')).json().outcome).toBe('duplicate');

    const digest = `sha256:${createHash('sha256').update(body).digest('hex')}`;
    expect(await em().findOneOrFail(WebhookEvent, digest)).toMatchObject({ type: 'payment.captured', outcome: 'paid' });
  });

  it('keys two different events apart', async () => {
    const one = await capturedBody({});
    const two = await capturedBody({});
    expect((await deliver(one.body)).json().outcome).toBe('paid');
    expect((await deliver(two.body)).json().outcome).toBe('paid');
  });

  it('still refuses an unsigned one', async () => {
    const { donationId, body } = await capturedBody({});
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect((await em().findOneOrFail(Donation, donationId)).status).toBe('pending');
  });
});
