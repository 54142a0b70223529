import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { createTestApp, deliverSandboxWebhooks, type TestApp } from '../../test/test-app';
import { Donation } from '../donations/donation.entity';
import { Subscription } from '../donations/subscription.entity';
import { WebhookEvent } from './webhook-event.entity';

/** The whole lifecycle offline: the sandbox's own signed webhooks settle the books. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DEV_CONTROLS: 'true' });
  deliverSandboxWebhooks(t);
});
afterAll(() => t.close());

const em = () => t.db.orm.em.fork();
const post = (url: string) => t.app.inject({ method: 'POST', url });

describe('the sandbox delivering webhooks', () => {
  it('pays a one-time donation whose browser never came back to verify', async () => {
    const created = await t.caller.donation.create(donationBody());
    await t.emulator.completePayment({ orderId: created.order.id });
    await t.emulator.webhooksIdle();
    expect((await em().findOneOrFail(Donation, created.donation.id)).status).toBe('paid');
    const types = (await em().find(WebhookEvent, {}, { orderBy: { receivedAt: 'asc' } })).map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['payment.captured', 'order.paid']));
  });

  it('fails a donation when the payment fails', async () => {
    const created = await t.caller.donation.create(donationBody());
    await t.emulator.failPayment({ orderId: created.order.id });
    await t.emulator.webhooksIdle();
    expect((await em().findOneOrFail(Donation, created.donation.id)).status).toBe('failed');
  });

  it('runs a monthly donation: first charge, a later charge by the dev control, then a refund', async () => {
    const created = await t.caller.subscription.create(donationBody({ donationType: 'monthly', amount: 300000 }));
    const subscriptionId = created.subscription.id;
    await t.emulator.completePayment({ subscriptionId });
    await t.emulator.webhooksIdle();
    expect((await em().findOneOrFail(Donation, created.donation.id)).status).toBe('paid');
    expect((await em().findOneOrFail(Subscription, { razorpaySubscriptionId: subscriptionId })).status).toBe('active');

    const charge = await post(`/sandbox/subscriptions/${subscriptionId}/charge`);
    expect(charge.statusCode).toBe(200);
    await t.emulator.webhooksIdle();
    const secondPayment = charge.json().razorpay_payment_id;
    const second = await em().findOneOrFail(Donation, { razorpayPaymentId: secondPayment });
    expect(second).toMatchObject({ status: 'paid', donationType: 'monthly', amount: 300000 });

    expect((await post(`/sandbox/payments/${secondPayment}/refund`)).statusCode).toBe(200);
    await t.emulator.webhooksIdle();
    expect((await em().findOneOrFail(Donation, second.id)).status).toBe('refunded');
    expect((await em().findOneOrFail(Donation, created.donation.id)).status).toBe('paid');
  });
});
