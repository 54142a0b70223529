import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { mailTo, subjects } from '../../test/mail-fixtures';
import { callProcedure, createTestApp, deliverSandboxWebhooks, type TestApp } from '../../test/test-app';
import { donorToken } from '../donor-keys/donor-link';
import { refundPaymentsAfterErasure } from './paid-after-erasure';

/**
 * A donor opens a checkout, does not pay, asks to be erased; staff complete it; then the payment
 * arrives after all. It is refunded in full at Razorpay (the sandbox), never receipted or mailed,
 * and shown to staff, whichever way it arrives.
 */
let t: TestApp;
let admin: string;

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.db.orm.em.execute<T[]>(text, params);
const REFUNDED_NOTE = "Paid after the donor's erasure: refunded in full, no receipt issued";

beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('asha', 'admin');
  admin = await t.signIn('asha');
});
afterAll(() => t.close());

/** A one-time checkout left open, then its donor erased by an admin; the outbox's messages after. */
async function openCheckoutThenErase(email: string) {
  const created = await t.caller.donation.create(donationBody({ email, amount: 250000 }));
  const asked = await t.app.inject({
    method: 'POST',
    url: '/trpc/donor.requestErasure',
    headers: { 'x-donor-token': donorToken(email, t.deps.personalDataKey) },
    payload: {},
  });
  const { id } = asked.json().result.data;
  const erased = await callProcedure(t.app, 'staff.erasure.complete', 'mutation', { token: admin, input: { id } });
  expect(erased.json().result.data).toMatchObject({ donations: 1, unpaidOrdersClosed: 1 });
  const [donation] = await sql('select status from donations where id = ?', [created.donation.id]);
  expect(donation).toEqual({ status: 'expired' });
  const messages = await sql<{ message_id: string }>('select message_id from mail_outbox order by id');
  return { donationId: created.donation.id, orderId: created.order.id, messages };
}

/** Refunded in full at the sandbox, the donation refunded with no receipt, nothing new in the outbox, told to staff. */
async function expectRefundedNotReceipted(
  { donationId, orderId, messages }: Awaited<ReturnType<typeof openCheckoutThenErase>>,
  paymentId: string,
  email: string,
) {
  const [payment] = await t.deps.gateway.fetchOrderPayments(orderId);
  expect(payment).toMatchObject({ id: paymentId, status: 'refunded', amount: 250000 });
  expect(await sql('select status, razorpay_payment_id from donations where id = ?', [donationId])).toEqual([
    { status: 'refunded', razorpay_payment_id: paymentId },
  ]);
  expect(
    await sql('select number from receipts where donation_id = ? or payment_id = ?', [donationId, paymentId]),
  ).toEqual([]);
  expect(await sql<{ message_id: string }>('select message_id from mail_outbox order by id')).toEqual(messages);
  expect(subjects(await mailTo(t, email))).toEqual(['Your personal details have been erased']);

  const story = await callProcedure(t.app, 'staff.donations.story', 'query', {
    token: admin,
    input: { id: donationId },
  });
  expect(story.json().result.data.steps).toContainEqual(
    expect.objectContaining({ kind: 'refund', text: REFUNDED_NOTE }),
  );
  const overview = await callProcedure(t.app, 'staff.overview', 'query', { token: admin });
  expect(overview.json().result.data.attention.paidAfterErasure.items).toContainEqual(
    expect.objectContaining({ donationId, amount: 250000, status: 'refunded', note: REFUNDED_NOTE }),
  );
}

describe("a payment made after the donor's erasure", () => {
  it('through the checkout: verify answers 409, not a receipt, and the payment is refunded in full', async () => {
    const email = 'late.verify@example.com';
    const erased = await openCheckoutThenErase(email);
    const success = await t.emulator.completePayment({ orderId: erased.orderId });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      payload: { ...success, donation_id: erased.donationId },
    });
    expect(verified.statusCode).toBe(409);
    expect(verified.json().message).toMatch(/erased at their request.*refunded in full and no receipt is issued/);
    await expectRefundedNotReceipted(erased, success.razorpay_payment_id, email);
    // Verifying again changes nothing and refunds nothing twice.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      payload: { ...success, donation_id: erased.donationId },
    });
    expect(again.statusCode).toBe(409);
    expect(await sql('select status from erasure_refunds where payment_id = ?', [success.razorpay_payment_id])).toEqual(
      [{ status: 'refunded' }],
    );
  });

  it('with Razorpay unreachable at first: owed, then refunded by the next pass', async () => {
    const email = 'late.outage@example.com';
    const erased = await openCheckoutThenErase(email);
    const success = await t.emulator.completePayment({ orderId: erased.orderId });
    t.emulator.failNextRequests(1);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      payload: { ...success, donation_id: erased.donationId },
    });
    expect(verified.statusCode).toBe(409);
    const [owed] = await sql<{ status: string; last_error: string }>(
      'select status, last_error from erasure_refunds where payment_id = ?',
      [success.razorpay_payment_id],
    );
    expect(owed).toEqual({ status: 'due', last_error: expect.stringMatching(/^Razorpay refund failed: HTTP 500/) });
    expect(await refundPaymentsAfterErasure(t.db.orm.em.fork(), t.deps.gateway)).toEqual({ refunded: 1, failed: 0 });
    await expectRefundedNotReceipted(erased, success.razorpay_payment_id, email);
  });

  it("a monthly gift still being set up: cancelled at Razorpay, its first charge's late verify refunded", async () => {
    const email = 'late.monthly@example.com';
    const created = await t.caller.subscription.create(
      donationBody({ email, donationType: 'monthly', amount: 150000 }),
    );
    const subscriptionId = created.subscription.id;
    // The donor paid at the checkout, then their browser lost the page before verifying it.
    const success = await t.emulator.completePayment({ subscriptionId });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/trpc/donor.requestErasure',
      headers: { 'x-donor-token': donorToken(email, t.deps.personalDataKey) },
      payload: {},
    });
    const erased = await callProcedure(t.app, 'staff.erasure.complete', 'mutation', {
      token: admin,
      input: { id: asked.json().result.data.id },
    });
    expect(erased.json().result.data).toMatchObject({ monthlyGiftsCancelled: 1, unpaidOrdersClosed: 1 });
    expect((await t.deps.gateway.fetchSubscription(subscriptionId)).status).toBe('cancelled');
    const messages = await sql('select message_id from mail_outbox order by id');

    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      payload: { ...success, subscription_id: subscriptionId, donation_id: created.donation.id },
    });
    expect(verified.statusCode).toBe(409);
    expect(await sql('select status from donations where id = ?', [created.donation.id])).toEqual([
      { status: 'refunded' },
    ]);
    expect(
      await sql('select status, amount from erasure_refunds where payment_id = ?', [success.razorpay_payment_id]),
    ).toEqual([{ status: 'refunded', amount: 150000 }]);
    expect(await sql('select number from receipts where payment_id = ?', [success.razorpay_payment_id])).toEqual([]);
    // Nothing queued since the erasure: no receipt, no "monthly giving started".
    expect(await sql('select message_id from mail_outbox order by id')).toEqual(messages);
  });

  it('refused by Razorpay (refunded by hand meanwhile): kept as refused, with its reason, for a person', async () => {
    const erased = await openCheckoutThenErase('late.refused@example.com');
    const success = await t.emulator.completePayment({ orderId: erased.orderId });
    t.emulator.failNextRequests(1);
    await t.app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      payload: { ...success, donation_id: erased.donationId },
    });
    await t.emulator.refundPayment(success.razorpay_payment_id);
    expect(await refundPaymentsAfterErasure(t.db.orm.em.fork(), t.deps.gateway)).toEqual({ refunded: 0, failed: 1 });
    // Not asked again: a refusal waits for a person, not for the next pass.
    expect(await refundPaymentsAfterErasure(t.db.orm.em.fork(), t.deps.gateway)).toEqual({ refunded: 0, failed: 0 });
    const overview = await callProcedure(t.app, 'staff.overview', 'query', { token: admin });
    expect(overview.json().result.data.attention.paidAfterErasure.items).toContainEqual(
      expect.objectContaining({
        donationId: erased.donationId,
        status: 'refused',
        note: expect.stringMatching(
          /^Paid after the donor's erasure: Razorpay refused the refund \(Razorpay refund failed: HTTP 400: .*already fully refunded/,
        ),
      }),
    );
  });

  it("through Razorpay's webhooks: held, refunded in full, the refund's own webhooks changing nothing", async () => {
    deliverSandboxWebhooks(t);
    const email = 'late.webhook@example.com';
    const erased = await openCheckoutThenErase(email);
    const success = await t.emulator.completePayment({ orderId: erased.orderId }, { email, contact: '+919812345678' });
    await vi.waitFor(
      async () => {
        const events = await sql<{ type: string; outcome: string }>(
          `select type, outcome from webhook_events where payload #>> '{payload,payment,entity,id}' = ? order by received_at, id`,
          [success.razorpay_payment_id],
        );
        expect(events).toEqual([
          { type: 'payment.authorized', outcome: 'ignored' },
          { type: 'payment.captured', outcome: 'paid_after_erasure' },
          { type: 'order.paid', outcome: 'paid_after_erasure' },
          // The refund the app asked for, told back: recorded in the ledger, nothing to settle or mail.
          { type: 'refund.created', outcome: 'unchanged' },
          { type: 'refund.processed', outcome: 'refund_recorded' },
        ]);
      },
      { timeout: 15_000, interval: 100 },
    );
    await expectRefundedNotReceipted(erased, success.razorpay_payment_id, email);
    // What Razorpay told of the payer is not kept either: the erased donor does not come back.
    const kept = await sql<{ count: number }>(
      `select count(*)::int as count from webhook_events where payload::text ilike any(array[?, ?])`,
      [`%${email}%`, '%9812345678%'],
    );
    expect(kept).toEqual([{ count: 0 }]);
  });
});
