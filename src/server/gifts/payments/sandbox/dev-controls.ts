import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, parseOr400 } from './checkout.routes';
import { EmulatorNotFoundError, EmulatorStateError, unixNow } from './entities';
import { chargeCycle, type EmulatorEvent, event } from './ledger';
import type { SandboxTransaction } from './store';

/**
 * What Razorpay does later on its own or from its dashboard: a subscription's next monthly charge,
 * a refund, a settlement now. The routes exist only with SANDBOX_DEV_CONTROLS=true, so that a
 * sandbox left running in public offers nobody a button that moves the books.
 */

export interface SubscriptionCharge {
  razorpay_payment_id: string;
  razorpay_subscription_id: string;
}

/** A subscription cancelled at its cycle's end reaches it: no charge, `subscription.cancelled`. */
export interface SubscriptionEnded {
  razorpay_payment_id: null;
  razorpay_subscription_id: string;
  status: 'cancelled';
}

/**
 * The next cycle of a subscription the donor has paid for, from the donor who paid the last one
 * (a plan or quantity scheduled for the cycle's end first); or its end, when cancelled at the cycle's end.
 */
export async function chargeSubscription(
  tx: SandboxTransaction,
  id: string,
): Promise<{ answer: SubscriptionCharge | SubscriptionEnded; events: EmulatorEvent[] }> {
  const subscription = await tx.find('subscription', id, 'lock');
  if (!subscription) throw new EmulatorNotFoundError('subscription', id);
  if (subscription.paid_count === 0) throw new EmulatorStateError(`Subscription ${id} has not been paid for yet`);
  // Pending: Razorpay's retry of a failed charge, which succeeds (the subscription is active again).
  if (subscription.status !== 'active' && subscription.status !== 'pending') {
    throw new EmulatorStateError(`Subscription ${id} is ${subscription.status}`);
  }
  if (subscription.scheduled?.cancel) {
    const ended_at = subscription.current_end ?? unixNow();
    Object.assign(subscription, { status: 'cancelled', ended_at, charge_at: null, scheduled: null });
    Object.assign(subscription, { has_scheduled_changes: false, change_scheduled_at: null });
    await tx.save(subscription);
    const answer: SubscriptionEnded = { razorpay_payment_id: null, razorpay_subscription_id: id, status: 'cancelled' };
    return { answer, events: [event('subscription.cancelled', { subscription })] };
  }
  const invoices = await tx.list('invoice', { field: 'subscription_id', value: id });
  const last = await tx.find('payment', invoices.at(-1)?.payment_id ?? '');
  const { payment, events } = await chargeCycle(tx, subscription, { email: last?.email, contact: last?.contact });
  const answer: SubscriptionCharge = { razorpay_payment_id: payment.id, razorpay_subscription_id: id };
  return { answer, events };
}

/**
 * A cycle's charge fails (the card expired, the bank declined), as Razorpay reports it: the failed
 * payment, then the subscription `pending` (Razorpay retries); a retry that fails too leaves it
 * `halted`. Each state change carries its webhook with the subscription and the failed payment.
 */
export async function failSubscriptionCharge(tx: SandboxTransaction, id: string) {
  const subscription = await tx.find('subscription', id, 'lock');
  if (!subscription) throw new EmulatorNotFoundError('subscription', id);
  if (subscription.status !== 'active' && subscription.status !== 'pending') {
    throw new EmulatorStateError(`Subscription ${id} is ${subscription.status}`);
  }
  const { payment, events } = await chargeCycle(tx, subscription, {}, true);
  subscription.status = subscription.status === 'active' ? 'pending' : 'halted';
  await tx.save(subscription);
  events.push(event(`subscription.${subscription.status}`, { subscription, payment }));
  return { answer: { razorpay_payment_id: payment.id, status: subscription.status }, events };
}

const idParams = z.strictObject({ id: z.string().trim().min(1).max(40) });
/** A refund of the whole payment, or of `amount` paise of it. */
const refundBody = z.strictObject({ amount: z.number().int().positive().optional() });

export async function devControlRoutes(
  app: FastifyInstance,
  emulator: {
    chargeSubscription(id: string): Promise<unknown>;
    failSubscriptionCharge(id: string): Promise<unknown>;
    refundPayment(id: string, amount?: number): Promise<unknown>;
    settle(options: { capturedBy?: Date }): Promise<unknown>;
  },
) {
  app.post('/sandbox/subscriptions/:id/charge', async (request, reply) => {
    const params = parseOr400(reply, idParams, request.params);
    return params && answer(reply, () => emulator.chargeSubscription(params.id));
  });

  app.post('/sandbox/subscriptions/:id/fail-charge', async (request, reply) => {
    const params = parseOr400(reply, idParams, request.params);
    return params && answer(reply, () => emulator.failSubscriptionCharge(params.id));
  });

  app.post('/sandbox/payments/:id/refund', async (request, reply) => {
    const params = parseOr400(reply, idParams, request.params);
    const body = params && parseOr400(reply, refundBody, request.body);
    return params && body && answer(reply, () => emulator.refundPayment(params.id, body.amount));
  });

  // Settles every payment captured so far, without waiting for its day: the answer is the
  // settlement, or null when there was nothing to settle.
  app.post('/sandbox/settlements', async () => ({ settlement: await emulator.settle({ capturedBy: new Date() }) }));
}
