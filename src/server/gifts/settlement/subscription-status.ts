import type { EntityManager } from '@mikro-orm/postgresql';
import {
  FINAL_SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from '../../../shared/donation-states';
import { Subscription } from '../donations/subscription.entity';

/**
 * Razorpay's subscription statuses arrive out of order, so a late event must not undo a later
 * one: nothing leaves a final status, and nothing goes back to the set-up steps once the
 * subscription has started. Between the running statuses (active, pending, halted, paused) the
 * latest event wins, as Razorpay moves between them both ways. A status outside Razorpay's list is
 * not stored.
 */
const FINAL = new Set<SubscriptionStatus>(FINAL_SUBSCRIPTION_STATUSES);
const SETUP_ORDER: SubscriptionStatus[] = ['created', 'authenticated'];

/** Cancelled, completed or expired: nothing moves it again, and there is nothing left to cancel. */
export function isFinalSubscriptionStatus(status: SubscriptionStatus): boolean {
  return FINAL.has(status);
}

export function nextSubscriptionStatus(current: SubscriptionStatus, reported: string): SubscriptionStatus {
  const incoming = SUBSCRIPTION_STATUSES.find((status) => status === reported);
  if (!incoming) return current;
  if (FINAL.has(current)) return current;
  if (FINAL.has(incoming)) return incoming;
  const currentSetup = SETUP_ORDER.indexOf(current);
  const incomingSetup = SETUP_ORDER.indexOf(incoming);
  if (incomingSetup === -1) return incoming;
  if (currentSetup === -1) return current;
  return incomingSetup > currentSetup ? incoming : current;
}

/**
 * Records the status Razorpay reported (by webhook or when asked), as far as the rule above lets
 * it move. Conditional on the status it was read with, so a change made meanwhile is not undone.
 * Returns the status it moved to, or null when it changed nothing.
 */
export async function recordReportedStatus(
  em: EntityManager,
  subscription: Pick<Subscription, 'id' | 'status'>,
  reported: string,
): Promise<SubscriptionStatus | null> {
  const status = nextSubscriptionStatus(subscription.status, reported);
  if (status === subscription.status) return null;
  const changed = await em.nativeUpdate(Subscription, { id: subscription.id, status: subscription.status }, { status });
  return changed === 1 ? status : null;
}

/**
 * A verified first payment ends the subscription's set-up. Only set-up: once Razorpay has reported
 * it running (pending, halted, …), its webhooks and reconciliation are the word, not a replayed verify.
 */
const IN_SET_UP: SubscriptionStatus[] = ['created', 'authenticated'];

export async function activateSubscription(em: EntityManager, subscriptionId: number): Promise<void> {
  await em.nativeUpdate(Subscription, { id: subscriptionId, status: { $in: IN_SET_UP } }, { status: 'active' });
}
