import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Orm } from '../../platform/db/orm';
import { Donation } from '../donations/donation.entity';
import { Subscription } from '../donations/subscription.entity';
import { type PaymentGateway, PaymentProviderError } from '../payments/gateway';
import type { DonorLinks } from '../settlement/donor-notices';
import { paymentMatchesDonation } from '../settlement/payment-match';
import { recordCharge, recordFailure, recordPayment, recordStatus } from '../settlement/record-events';
import { markExpired } from '../settlement/settle';
import { chargeMatchesSubscription } from '../settlement/subscription-reports';

/** A checkout still open after this long is worth asking Razorpay about. */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/** A checkout nobody paid within a day is abandoned. */
export const EXPIRE_AFTER_MS = 24 * 60 * 60_000;
const BATCH_SIZE = 100;
/** pg_advisory_lock key: any constant that nothing else in this database uses. */
const LOCK_KEY = 727_001;

export interface ReconcileReport {
  /** False when another instance held the lock, so this pass did nothing. */
  ran: boolean;
  checked: number;
  paid: number;
  failed: number;
  expired: number;
  errors: number;
}

type Settled = 'paid' | 'failed' | 'expired' | 'unchanged';

const MISMATCH = 'paid invoice does not match the monthly amount: kept unrecorded for the staff';

export interface ReconcileDependencies {
  orm: Orm;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
  /** What the donor is told of what reconciliation records (receipts, mails). */
  donorLinks: DonorLinks;
  now?: () => Date;
  /** Checked between donations, so shutdown need not wait for a whole pass. */
  shouldStop?: () => boolean;
}

/**
 * Settles donations left pending (or failed, then paid on a retry) because neither the browser's
 * verify call nor a webhook came:
 * asks Razorpay what happened and records it with the same forward-only changes they use. One
 * instance at a time: the advisory lock is taken on its own connection, outside the request pool.
 */
export async function reconcilePendingDonations(deps: ReconcileDependencies): Promise<ReconcileReport> {
  const report: ReconcileReport = { ran: false, checked: 0, paid: 0, failed: 0, expired: 0, errors: 0 };
  const lock = new pg.Client({ connectionString: deps.orm.config.get('clientUrl'), connectionTimeoutMillis: 5_000 });
  // A dropped connection must end this pass, not the process (an unhandled 'error' would).
  lock.on('error', (error) => deps.log.warn({ err: error }, 'reconciliation lock connection lost'));
  await lock.connect();
  try {
    const { rows } = await lock.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [LOCK_KEY]);
    if (!rows[0]?.locked) return report;
    report.ran = true;
    const now = deps.now?.() ?? new Date();
    const em = deps.orm.em.fork();
    // Walk every stale donation by id, so rows that keep failing cannot starve the ones after them.
    let afterId = 0;
    while (!deps.shouldStop?.()) {
      const batch = await em.find(
        Donation,
        {
          id: { $gt: afterId },
          createdAt: { $lt: new Date(now.getTime() - RECONCILE_AFTER_MS) },
          subscriptionId: null,
          // A failed checkout may still be paid on a retry whose webhook was lost, within the day
          // Razorpay keeps the order payable; after that only pending rows are worth asking about.
          $or: [
            { status: 'pending' },
            { status: 'failed', createdAt: { $gt: new Date(now.getTime() - EXPIRE_AFTER_MS) } },
          ],
        },
        { orderBy: { id: 'asc' }, limit: BATCH_SIZE },
      );
      if (batch.length === 0) break;
      for (const donation of batch) {
        if (deps.shouldStop?.()) break;
        afterId = donation.id;
        report.checked++;
        try {
          const outcome = await settle(em, deps, donation, now);
          if (outcome !== 'unchanged') report[outcome]++;
        } catch (error) {
          report.errors++;
          deps.log.warn({ err: error, donationId: donation.id }, 'could not reconcile donation');
        }
      }
      em.clear();
    }
    return report;
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
}

async function settle(
  em: EntityManager,
  { gateway, log, donorLinks }: ReconcileDependencies,
  donation: Donation,
  now: Date,
): Promise<Settled> {
  const abandoned = now.getTime() - donation.createdAt.getTime() > EXPIRE_AFTER_MS;
  const expire = async (): Promise<Settled> =>
    abandoned && (await markExpired(em, donation.id)) ? 'expired' : 'unchanged';
  try {
    return await settleWithRazorpay(em, { gateway, log, donorLinks }, donation, expire);
  } catch (error) {
    // Razorpay does not know the order or subscription (e.g. made with other keys): after a day
    // nobody can pay it any more. Outages (no answer, 5xx) leave it for the next pass.
    const refused = error instanceof PaymentProviderError && error.status !== undefined && error.status < 500;
    if (refused && abandoned) return expire();
    throw error;
  }
}

async function settleWithRazorpay(
  em: EntityManager,
  { gateway, log, donorLinks }: Pick<ReconcileDependencies, 'gateway' | 'log' | 'donorLinks'>,
  donation: Donation,
  expire: () => Promise<Settled>,
): Promise<Settled> {
  if (donation.donationType === 'monthly') {
    const subscription = await em.findOne(Subscription, { donation: donation.id });
    if (!subscription?.razorpaySubscriptionId) return expire();
    return (await settleMonthly(em, { gateway, log, donorLinks }, subscription)) ? 'paid' : expire();
  }

  if (!donation.razorpayOrderId) return expire();
  const payments = await gateway.fetchOrderPayments(donation.razorpayOrderId);
  const captured = payments.find(
    (payment) => payment.status === 'captured' && paymentMatchesDonation(payment, donation),
  );
  if (captured)
    return (await recordPayment(em, donorLinks, donation.id, captured.id)) === 'paid' ? 'paid' : 'unchanged';
  // Razorpay lets the donor retry within the order, so only a checkout with nothing in progress fails.
  const inProgress = payments.some((payment) => payment.status === 'created' || payment.status === 'authorized');
  if (payments.length > 0 && !inProgress) {
    return (await recordFailure(em, donorLinks, donation.id)) ? 'failed' : 'unchanged';
  }
  return expire();
}

/** Records every paid charge (oldest first: the first settles the donation) and the status. */
async function settleMonthly(
  em: EntityManager,
  { gateway, log, donorLinks }: Pick<ReconcileDependencies, 'gateway' | 'log' | 'donorLinks'>,
  subscription: Subscription,
) {
  const id = subscription.razorpaySubscriptionId as string;
  const remote = await gateway.fetchSubscription(id);
  // Only if no webhook changed it while Razorpay was asked.
  await recordStatus(em, donorLinks, subscription, remote.status);

  // Razorpay lists newest first; reversed, a stable sort keeps charges of the same second in order.
  const paid = (await gateway.fetchSubscriptionInvoices(id))
    .filter((invoice) => invoice.status === 'paid')
    .reverse()
    .sort((a, b) => a.created_at - b.created_at);
  let recorded = false;
  for (const { id: invoiceId, payment_id: paymentId, amount, currency } of paid) {
    if (!paymentId) continue;
    if (!(await chargeMatchesSubscription(em, subscription.id, { amount, currency }))) {
      log.warn({ subscriptionId: subscription.id, invoiceId, paymentId, amount, currency }, MISMATCH);
      continue;
    }
    await recordCharge(em, donorLinks, subscription, paymentId, amount);
    recorded = true;
  }
  return recorded;
}
