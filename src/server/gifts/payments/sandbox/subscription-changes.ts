import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, found, parse } from './api-errors';
import { publicSubscription, type SubscriptionEntity, unixNow } from './entities';
import { applyScheduledUpdate, type EmulatorEvent, event } from './ledger';
import type { SandboxStore, SandboxTransaction } from './store';

/**
 * Razorpay's calls that change a running subscription, with its rules
 * (https://razorpay.com/docs/api/payments/subscriptions/): update (PATCH, a plan or quantity, now or
 * at the cycle's end; refused for a UPI mandate, "subscriptions cannot be updated when payment mode
 * is UPI", and outside `authenticated` and `active`), pause (`pause_at: now`, an `active` one only;
 * an `authenticated` one paused is cancelled), resume (`resume_at: now`, a `paused` one only: a
 * cancelled one cannot be resumed) and cancel, at once or at the cycle's end
 * (`cancel_at_cycle_end: 1`). Each change Razorpay makes at once is told by its webhook.
 */

const updateBody = z.strictObject({
  plan_id: z.string().min(1).optional(),
  quantity: z.number().int('The quantity must be an integer.').min(1, 'The quantity must be at least 1.').optional(),
  schedule_change_at: z.enum(['now', 'cycle_end'], 'schedule_change_at must be now or cycle_end').default('now'),
  customer_notify: z.union([z.literal(0), z.literal(1), z.boolean()]).optional(),
});
const pauseBody = z.strictObject({ pause_at: z.literal('now', 'pause_at must be now').default('now') });
const resumeBody = z.strictObject({ resume_at: z.literal('now', 'resume_at must be now').default('now') });
const cancelBody = z.strictObject({
  cancel_at_cycle_end: z.union([z.literal(0), z.literal(1), z.boolean()]).optional(),
});

const UPDATABLE = ['authenticated', 'active'];

type ById = { Params: { id: string } };
type Change = (tx: SandboxTransaction, subscription: SubscriptionEntity) => Promise<EmulatorEvent[]>;

export function subscriptionChangeRoutes(
  app: FastifyInstance,
  store: SandboxStore,
  emit: (e: EmulatorEvent[]) => void,
) {
  /** Locks the subscription, changes it, saves it; its webhooks leave once the transaction has committed. */
  async function change(id: string, work: Change) {
    const { subscription, events } = await store.transaction(async (tx) => {
      const stored = found(await tx.find('subscription', id, 'lock'), 'id');
      const made = await work(tx, stored);
      await tx.save(stored);
      return { subscription: stored, events: made };
    });
    emit(events);
    return publicSubscription(subscription);
  }

  app.patch<ById>('/v1/subscriptions/:id', async (request) => {
    const body = parse(updateBody, request.body);
    if (body.plan_id === undefined && body.quantity === undefined) throw badRequest('plan_id or quantity is required');
    return change(request.params.id, async (tx, subscription) => {
      if (subscription.payment_method === 'upi') {
        throw badRequest('subscriptions cannot be updated when payment mode is UPI');
      }
      if (!UPDATABLE.includes(subscription.status)) {
        throw badRequest(`Subscription is not updatable in ${subscription.status} status.`);
      }
      if (body.plan_id !== undefined) found(await tx.find('plan', body.plan_id), 'plan_id');
      const next = {
        ...(body.plan_id === undefined ? {} : { plan_id: body.plan_id }),
        ...(body.quantity === undefined ? {} : { quantity: body.quantity }),
      };
      if (body.schedule_change_at === 'cycle_end') {
        // What was scheduled before is replaced (a scheduled cancellation stays cancelled below).
        if (subscription.scheduled?.cancel) throw badRequest('Subscription is scheduled to be cancelled.');
        const at = subscription.current_end ?? subscription.charge_at ?? unixNow();
        Object.assign(subscription, { scheduled: next, has_scheduled_changes: true, change_scheduled_at: at });
        return [];
      }
      // Now: the plan changes at once (the sandbox charges or refunds no difference for the cycle).
      subscription.scheduled = next;
      return applyScheduledUpdate(subscription);
    });
  });

  app.post<ById>('/v1/subscriptions/:id/pause', async (request) => {
    parse(pauseBody, request.body);
    return change(request.params.id, async (_tx, subscription) => {
      if (subscription.status === 'authenticated') {
        // Razorpay: "If you pause a Subscription in the authenticated state, it goes to the cancelled state."
        Object.assign(subscription, { status: 'cancelled', ended_at: unixNow(), charge_at: null });
        return [event('subscription.cancelled', { subscription })];
      }
      if (subscription.status !== 'active') {
        throw badRequest(`Subscription is not pausable in ${subscription.status} status.`);
      }
      Object.assign(subscription, { status: 'paused', paused_at: unixNow(), charge_at: null });
      return [event('subscription.paused', { subscription })];
    });
  });

  app.post<ById>('/v1/subscriptions/:id/resume', async (request) => {
    parse(resumeBody, request.body);
    return change(request.params.id, async (_tx, subscription) => {
      if (subscription.status !== 'paused') {
        throw badRequest(`Subscription is not resumable in ${subscription.status} status.`);
      }
      Object.assign(subscription, { status: 'active', paused_at: null, charge_at: subscription.current_end });
      return [event('subscription.resumed', { subscription })];
    });
  });

  app.post<ById>('/v1/subscriptions/:id/cancel', async (request) => {
    const body = parse(cancelBody, request.body);
    const atCycleEnd = body.cancel_at_cycle_end === 1 || body.cancel_at_cycle_end === true;
    return change(request.params.id, async (_tx, subscription) => {
      if (['cancelled', 'completed', 'expired'].includes(subscription.status)) {
        throw badRequest(`Subscription is not cancellable in ${subscription.status} status.`);
      }
      if (atCycleEnd) {
        if (subscription.status !== 'active') {
          throw badRequest(`Subscription cannot be cancelled at cycle end in ${subscription.status} status.`);
        }
        // It stays active until then: the cycle already paid is the donor's.
        const at = subscription.current_end ?? unixNow();
        Object.assign(subscription, { scheduled: { cancel: true }, has_scheduled_changes: true });
        subscription.change_scheduled_at = at;
        return [];
      }
      Object.assign(subscription, { status: 'cancelled', ended_at: unixNow(), charge_at: null, scheduled: null });
      Object.assign(subscription, { has_scheduled_changes: false, change_scheduled_at: null });
      return [event('subscription.cancelled', { subscription })];
    });
  });
}
