import type Razorpay from 'razorpay';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { monthlySubscription, sdkError, startTestEmulator, type TestEmulator } from '../../../test/test-emulator';
import type { RazorpayEmulator, WebhookDelivery } from './emulator';

/** The sandbox's update, pause, resume and cancel of a subscription, driven by the real SDK, refusing what Razorpay refuses. */

let sandbox: TestEmulator;
let emulator: RazorpayEmulator;
let client: Razorpay;
let deliveries: WebhookDelivery[];
const events = () => deliveries.map((delivery) => delivery.event);

beforeAll(async () => {
  sandbox = await startTestEmulator({ keyId: 'rzp_test_changes', keySecret: 'changes', webhookSecret: 'hooks' });
  ({ emulator, client } = sandbox);
});
beforeEach(() => {
  deliveries = [];
  emulator.deliverWebhooksTo(async (delivery) => {
    deliveries.push(delivery);
  });
});
afterAll(() => sandbox.close());

/** A subscription whose first payment the donor made by `method`. */
async function paid(method: 'card' | 'upi', amount = 50000) {
  const subscription = await monthlySubscription(client, amount);
  await emulator.completePayment({ subscriptionId: subscription.id }, { method });
  await emulator.webhooksIdle();
  deliveries = [];
  return subscription;
}
const plan = async (amount: number) =>
  client.plans.create({ period: 'monthly', interval: 1, item: { name: 'Monthly', amount, currency: 'INR' } });
const refusal = async (call: Promise<unknown>) => (await sdkError(call)).error.description;

describe('update (PATCH /v1/subscriptions/:id)', () => {
  it('schedules a card mandate’s new plan for the cycle’s end, then charges it from the next cycle', async () => {
    const subscription = await paid('card');
    const cheaper = await plan(30000);
    const updated = await client.subscriptions.update(subscription.id, {
      plan_id: cheaper.id,
      schedule_change_at: 'cycle_end',
    });
    expect(updated).toMatchObject({
      plan_id: subscription.plan_id,
      payment_method: 'card',
      has_scheduled_changes: true,
    });
    expect(updated).not.toHaveProperty('scheduled');
    const fetched = await client.subscriptions.fetch(subscription.id);
    expect(fetched.change_scheduled_at).toBe(fetched.current_end);

    const charge = await emulator.chargeSubscription(subscription.id);
    await emulator.webhooksIdle();
    expect(events().slice(0, 2)).toEqual(['subscription.updated', 'payment.captured']);
    const charged = deliveries.find((delivery) => delivery.event === 'subscription.charged');
    const payment = JSON.parse(charged?.body ?? '{}').payload.payment.entity;
    expect(payment).toMatchObject({ id: charge.razorpay_payment_id, amount: 30000, method: 'card' });
    expect(await client.subscriptions.fetch(subscription.id)).toMatchObject({
      plan_id: cheaper.id,
      has_scheduled_changes: false,
    });
  });

  it('refuses a UPI mandate with Razorpay’s words', async () => {
    const subscription = await paid('upi');
    const cheaper = await plan(30000);
    expect(await refusal(client.subscriptions.update(subscription.id, { plan_id: cheaper.id }))).toBe(
      'subscriptions cannot be updated when payment mode is UPI',
    );
  });

  it('refuses outside authenticated and active, an unknown plan, and a body with nothing to change', async () => {
    const created = await monthlySubscription(client);
    const cheaper = await plan(30000);
    expect(await refusal(client.subscriptions.update(created.id, { plan_id: cheaper.id }))).toBe(
      'Subscription is not updatable in created status.',
    );
    const subscription = await paid('card');
    const unknown = await sdkError(client.subscriptions.update(subscription.id, { plan_id: 'plan_00000000000000' }));
    expect(unknown.error).toMatchObject({ description: 'The id provided does not exist', field: 'plan_id' });
    expect(await refusal(client.subscriptions.update(subscription.id, {}))).toBe('plan_id or quantity is required');
    expect(
      await refusal(client.subscriptions.update(subscription.id, { plan_id: cheaper.id, offer_id: 'offer_1' })),
    ).toBe('offer_id is/are not required and should not be sent');
  });
});

describe('pause and resume', () => {
  it('pauses an active subscription and resumes it, each told by its webhook', async () => {
    const subscription = await paid('card');
    expect(await client.subscriptions.pause(subscription.id, { pause_at: 'now' })).toMatchObject({
      status: 'paused',
      charge_at: null,
    });
    // Nothing is charged while paused.
    await expect(emulator.chargeSubscription(subscription.id)).rejects.toThrow(/is paused/);
    expect(await refusal(client.subscriptions.pause(subscription.id, { pause_at: 'now' }))).toBe(
      'Subscription is not pausable in paused status.',
    );
    const resumed = await client.subscriptions.resume(subscription.id, { resume_at: 'now' });
    expect(resumed.status).toBe('active');
    expect(resumed.charge_at).toBe(resumed.current_end);
    await emulator.webhooksIdle();
    expect(events()).toEqual(['subscription.paused', 'subscription.resumed']);
  });

  it('refuses to resume what is not paused, and a cancelled one above all', async () => {
    const subscription = await paid('upi');
    expect(await refusal(client.subscriptions.resume(subscription.id, { resume_at: 'now' }))).toBe(
      'Subscription is not resumable in active status.',
    );
    await client.subscriptions.cancel(subscription.id);
    expect(await refusal(client.subscriptions.resume(subscription.id, { resume_at: 'now' }))).toBe(
      'Subscription is not resumable in cancelled status.',
    );
    expect(await refusal(client.subscriptions.pause(subscription.id, { pause_at: 'now' }))).toBe(
      'Subscription is not pausable in cancelled status.',
    );
  });

  it('refuses a created one, and a pause_at other than now', async () => {
    const created = await monthlySubscription(client);
    expect(await refusal(client.subscriptions.pause(created.id, { pause_at: 'now' }))).toBe(
      'Subscription is not pausable in created status.',
    );
    const other = await sdkError(client.subscriptions.pause(created.id, { pause_at: 'later' } as never));
    expect(other.error.description).toBe('pause_at must be now');
  });
});

describe('cancel', () => {
  it('at the cycle’s end: stays active, is not charged again, and ends with subscription.cancelled', async () => {
    const subscription = await paid('card');
    const answer = await client.subscriptions.cancel(subscription.id, true);
    expect(answer).toMatchObject({ status: 'active', has_scheduled_changes: true });
    const ended = await emulator.chargeSubscription(subscription.id);
    expect(ended).toMatchObject({ razorpay_payment_id: null, status: 'cancelled' });
    await emulator.webhooksIdle();
    expect(events()).toEqual(['subscription.cancelled']);
    expect((await client.subscriptions.fetch(subscription.id)).paid_count).toBe(1);
  });

  it('at once, and never twice', async () => {
    const subscription = await paid('upi');
    expect(await client.subscriptions.cancel(subscription.id)).toMatchObject({ status: 'cancelled' });
    expect(await refusal(client.subscriptions.cancel(subscription.id))).toBe(
      'Subscription is not cancellable in cancelled status.',
    );
  });

  it('refuses a cycle-end cancellation of a paused one (nothing is running to end)', async () => {
    const subscription = await paid('card');
    await client.subscriptions.pause(subscription.id, { pause_at: 'now' });
    expect(await refusal(client.subscriptions.cancel(subscription.id, true))).toBe(
      'Subscription cannot be cancelled at cycle end in paused status.',
    );
  });
});
