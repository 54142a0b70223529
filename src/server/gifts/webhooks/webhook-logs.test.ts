import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { donationBody } from '../../test/donation-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { paymentEntity, postWebhook, razorpayEvent, subscriptionEntity } from '../../test/webhook-fixtures';
import { FAILED_PAYMENTS_PER_MINUTE, FailedPaymentBurst } from './failed-payment-burst';

/** What the webhook route writes to the log, read back line by line. */
let t: TestApp;
let app: Awaited<ReturnType<typeof buildApp>>;
const lines: Record<string, unknown>[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  app = await buildApp({ config: t.config, deps: t.deps, logger });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const send = (event: object) => postWebhook(app, t.config.payments.webhookSecret, event);
const burstWarnings = () => lines.filter((line) => String(line.msg).includes('card testing'));

describe('webhook logs', () => {
  it('warn once when failed payments burst, with counts only', async () => {
    const failed = () =>
      razorpayEvent('payment.failed', {
        payment: paymentEntity({ orderId: 'order_CardTest0001', amount: 100, status: 'failed' }),
      });
    for (let i = 0; i < FAILED_PAYMENTS_PER_MINUTE; i++) await send(failed());
    expect(burstWarnings()).toHaveLength(0);
    await send(failed());
    await send(failed());
    expect(burstWarnings()).toHaveLength(1);
    expect(burstWarnings()[0]).toMatchObject({ level: 40, failedPayments: FAILED_PAYMENTS_PER_MINUTE + 1 });
  });

  it('never carry a payload or personal data, whatever the event', async () => {
    const created = await t.caller.donation.create(donationBody({ email: 'private.donor@example.org' }));
    const payment = (fields: object) => ({
      ...paymentEntity({ orderId: created.order.id, amount: created.donation.amount }),
      email: 'private.donor@example.org',
      contact: '+919812345678',
      notes: { name: 'Private Donor' },
      ...fields,
    });
    const monthly = await t.caller.subscription.create(donationBody({ donationType: 'monthly' }));
    const events = [
      razorpayEvent('payment.captured', { payment: payment({ amount: 1 }) }),
      razorpayEvent('payment.captured', { payment: payment({}) }),
      razorpayEvent('payment.failed', { payment: payment({ status: 'failed' }) }),
      razorpayEvent('subscription.charged', {
        subscription: subscriptionEntity(monthly.subscription.id, 'active'),
        payment: payment({ order_id: null, amount: 7 }),
      }),
      razorpayEvent('refund.processed', {
        refund: { id: 'rfnd_Logs', entity: 'refund', amount: created.donation.amount, payment_id: 'pay_x' },
        payment: payment({ status: 'refunded', amount_refunded: created.donation.amount, refund_status: 'full' }),
      }),
    ];
    const before = lines.length;
    for (const event of events) expect((await send(event)).statusCode).toBe(200);
    const written = JSON.stringify(lines.slice(before));
    expect(written).toContain('webhook received');
    expect(written).toContain('amount'); // the mismatch warnings were written
    for (const secret of ['private.donor', '9812345678', 'Private Donor', '"payload"', '"notes"']) {
      expect(written).not.toContain(secret);
    }
  });
});

describe('FailedPaymentBurst', () => {
  it('counts over a sliding minute and warns at most once a minute', () => {
    const warnings: unknown[] = [];
    const log = { warn: (fields: unknown) => warnings.push(fields) } as never;
    let now = 0;
    const burst = new FailedPaymentBurst(log, 3, () => now);
    for (let i = 0; i < 3; i++) burst.record();
    expect(warnings).toHaveLength(0);
    burst.record();
    expect(warnings).toEqual([{ failedPayments: 4, windowSeconds: 60, limit: 3 }]);
    now = 30_000;
    burst.record();
    expect(warnings).toHaveLength(1);
    now = 95_000; // all five have left the window
    burst.record();
    expect(warnings).toHaveLength(1);
    for (let i = 0; i < 3; i++) burst.record();
    expect(warnings).toHaveLength(2);
  });
});
