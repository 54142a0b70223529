import type { EntityManager } from '@mikro-orm/postgresql';
import type { SubscriptionStatus } from '../../../shared/donation-states';
import type { PaymentGateway } from '../../gifts/payments/gateway';
import { recordReportedStatus } from '../../gifts/settlement/subscription-status';

/**
 * A pause or resume owed at Razorpay for a sponsor's monthly gift (sponsor_gateway_tasks): owed in
 * the transaction that decides it (the animal left care: animal-left.ts; the sponsor carried the
 * gift to another animal: sponsor-choice.ts), made after that commits, by the caller at once or by
 * the background loop (wiring/background-jobs.ts) every minute, retried with a growing wait while
 * Razorpay fails, so an outage loses none. One task due per subscription at a time.
 */

/** What the tasks need of Razorpay: the gateway's pause and resume (gifts/payments/gateway.ts). */
export type SponsorGateway = Pick<PaymentGateway, 'pauseSubscription' | 'resumeSubscription' | 'cancelSubscription'>;

export type SponsorTaskAction = 'pause' | 'resume';

/** Statuses in which Razorpay may still charge but refuses a pause (it pauses only an active subscription). */
const STILL_CHARGEABLE: readonly string[] = ['authenticated', 'pending', 'halted'];
/** How long a pause owed for such a gift waits before it looks again. */
const WAIT_FOR_ACTIVE_MS = 15 * 60_000;

/** Owes a pause or a resume; one owed before for the same gift is replaced (the latest decision counts). */
export async function oweGatewayTask(em: EntityManager, subscriptionId: number, action: SponsorTaskAction) {
  await em.execute(
    `insert into sponsor_gateway_tasks (subscription_id, action) values (?, ?)
     on conflict (subscription_id) where status = 'due'
     do update set action = excluded.action, attempts = 0, next_at = now(), last_error = null`,
    [subscriptionId, action],
    'run',
  );
}

/** Nothing more is owed for this gift (the sponsor stopped it). */
export async function dropGatewayTasks(em: EntityManager, subscriptionId: number) {
  await em.execute(
    `update sponsor_gateway_tasks set status = 'dropped', done_at = now() where subscription_id = ? and status = 'due'`,
    [subscriptionId],
    'run',
  );
}

/** A minute after the first failure, doubling, at most six hours. */
const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(attempts - 1, 0), 6 * 60 * 60 * 1000);

interface DueTask {
  id: number;
  subscriptionId: number;
  action: SponsorTaskAction;
  attempts: number;
  status: SubscriptionStatus;
  razorpayId: string | null;
}

/**
 * Makes the due tasks (all, or one gift's), one transaction each: the task and its subscription
 * locked while Razorpay is asked (a sponsor's choice for the same gift waits for it), the status
 * Razorpay answered recorded, the task done; a failure leaves it due with its next try later.
 * A pause is made while the gift is `active` (Razorpay pauses only those) and waits while Razorpay
 * may still charge it (authenticated, pending, halted); a resume only while `paused`; any other state
 * makes the task moot. Answers how many were made.
 */
export async function runGatewayTasks(
  { em, gateway, now = new Date() }: { em: EntityManager; gateway: SponsorGateway; now?: Date },
  only?: { subscriptionId: number },
): Promise<{ done: number; failed: number }> {
  let done = 0;
  let failed = 0;
  for (;;) {
    const outcome = await em.fork().transactional(async (tx) => {
      const [task] = await tx.execute<DueTask[]>(
        `select t.id, t.subscription_id as "subscriptionId", t.action, t.attempts, s.status,
                s.razorpay_subscription_id as "razorpayId"
           from sponsor_gateway_tasks t join subscriptions s on s.id = t.subscription_id
          where t.status = 'due' and t.next_at <= ? ${only ? 'and t.subscription_id = ?' : ''}
          order by t.next_at, t.id limit 1
          for update of t, s skip locked`,
        only ? [now, only.subscriptionId] : [now],
      );
      if (!task) return null;
      const wanted = task.action === 'pause' ? 'active' : 'paused';
      // A pause owed for a gift Razorpay may still charge (authorised, or retrying a failed charge:
      // authenticated, pending, halted) waits until it is active, when Razorpay allows the pause.
      if (task.action === 'pause' && task.razorpayId && STILL_CHARGEABLE.includes(task.status)) {
        await tx.execute('update sponsor_gateway_tasks set next_at = ? where id = ?', [
          new Date(now.getTime() + WAIT_FOR_ACTIVE_MS),
          task.id,
        ]);
        return 'waiting' as const;
      }
      if (task.status !== wanted || !task.razorpayId) {
        await tx.execute(`update sponsor_gateway_tasks set status = 'dropped', done_at = now() where id = ?`, [
          task.id,
        ]);
        return 'moot' as const;
      }
      try {
        const answer =
          task.action === 'pause'
            ? await gateway.pauseSubscription(task.razorpayId)
            : await gateway.resumeSubscription(task.razorpayId);
        await recordReportedStatus(tx, { id: task.subscriptionId, status: task.status }, answer.status);
        await tx.execute(`update sponsor_gateway_tasks set status = 'done', done_at = now() where id = ?`, [task.id]);
        return 'done' as const;
      } catch (error) {
        const attempts = task.attempts + 1;
        await tx.execute('update sponsor_gateway_tasks set attempts = ?, next_at = ?, last_error = ? where id = ?', [
          attempts,
          new Date(now.getTime() + retryDelayMs(attempts)),
          (error instanceof Error ? error.message : String(error)).slice(0, 500),
          task.id,
        ]);
        return 'failed' as const;
      }
    });
    if (outcome === null) break;
    if (outcome === 'done') done += 1;
    if (outcome === 'failed') failed += 1;
  }
  return { done, failed };
}

/**
 * Right after a move that owed pauses has committed (an animal left care): the pauses made now,
 * not at the loop's next pass, so that no charge falls due in between. Whatever Razorpay does not
 * answer stays owed for the loop (sponsor-task-loop.ts), which also logs; the staff's move stands.
 */
export async function makeOwedTasksNow(deps: { em: EntityManager; gateway: SponsorGateway }): Promise<void> {
  await runGatewayTasks(deps).catch(() => undefined);
}
