import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { Donation } from '../donations/donation.entity';
import { Subscription } from '../donations/subscription.entity';
import { reconcilePendingDonations } from './reconcile';
import { startReconciler } from './reconciler';

/** No webhooks are delivered and no verify call is made: only reconciliation can settle these. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const em = () => t.db.orm.em.fork();
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const silentLog = { info() {}, warn() {}, error() {} } as never;
const reconcile = () =>
  reconcilePendingDonations({ orm: t.db.orm, gateway: t.deps.gateway, donorLinks: t.deps.donorLinks, log: silentLog });

async function oneTime(startedMinutesAgo: number) {
  const created = await t.caller.donation.create(donationBody());
  await em().nativeUpdate(Donation, { id: created.donation.id }, { createdAt: minutesAgo(startedMinutesAgo) });
  return { donationId: created.donation.id, orderId: created.order.id };
}

const statusOf = async (id: number) => (await em().findOneOrFail(Donation, id)).status;

describe('reconcilePendingDonations', () => {
  it('settles what became of checkouts whose browser never came back', async () => {
    const paid = await oneTime(10);
    await t.emulator.completePayment({ orderId: paid.orderId });
    const failed = await oneTime(10);
    await t.emulator.failPayment({ orderId: failed.orderId });
    const retried = await oneTime(10);
    await t.emulator.failPayment({ orderId: retried.orderId });
    await t.emulator.completePayment({ orderId: retried.orderId });
    const abandoned = await oneTime(25 * 60);
    const stillOpen = await oneTime(10);
    const tooRecent = await oneTime(1);
    await t.emulator.completePayment({ orderId: tooRecent.orderId });

    const report = await reconcile();
    expect(report).toMatchObject({ ran: true, paid: 2, failed: 1, expired: 1, errors: 0 });
    expect(await statusOf(paid.donationId)).toBe('paid');
    expect(await statusOf(failed.donationId)).toBe('failed');
    expect(await statusOf(retried.donationId)).toBe('paid');
    expect(await statusOf(abandoned.donationId)).toBe('expired');
    expect(await statusOf(stillOpen.donationId)).toBe('pending');
    expect(await statusOf(tooRecent.donationId)).toBe('pending');

    const paidRow = await em().findOneOrFail(Donation, paid.donationId);
    expect(paidRow.razorpayPaymentId).toMatch(/^pay_/);
    // A second pass finds nothing new to do.
    expect(await reconcile()).toMatchObject({ ran: true, paid: 0, failed: 0, expired: 0 });
  });

  it('settles a monthly donation from its paid invoices and updates the subscription', async () => {
    const created = await t.caller.subscription.create(donationBody({ donationType: 'monthly', amount: 120000 }));
    await em().nativeUpdate(Donation, { id: created.donation.id }, { createdAt: minutesAgo(10) });
    await t.emulator.completePayment({ subscriptionId: created.subscription.id });
    const later = await t.emulator.chargeSubscription(created.subscription.id);

    await reconcile();
    expect(await statusOf(created.donation.id)).toBe('paid');
    const subscription = await em().findOneOrFail(Subscription, { donation: created.donation.id });
    expect(subscription.status).toBe('active');
    const charge = await em().findOneOrFail(Donation, { razorpayPaymentId: later.razorpay_payment_id });
    expect(charge).toMatchObject({ status: 'paid', donationType: 'monthly', subscriptionId: subscription.id });
  });

  it('settles a failed donation paid on a retry whose webhook was lost, within the day', async () => {
    const retried = await oneTime(30);
    t.emulator.failPayment({ orderId: retried.orderId });
    await em().nativeUpdate(Donation, { id: retried.donationId }, { status: 'failed' });
    t.emulator.completePayment({ orderId: retried.orderId });
    const stillFailed = await oneTime(30);
    t.emulator.failPayment({ orderId: stillFailed.orderId });
    await em().nativeUpdate(Donation, { id: stillFailed.donationId }, { status: 'failed' });
    const dayOld = await oneTime(25 * 60);
    await em().nativeUpdate(Donation, { id: dayOld.donationId }, { status: 'failed' });
    t.emulator.completePayment({ orderId: dayOld.orderId });

    expect(await reconcile()).toMatchObject({ paid: 1, failed: 0, expired: 0, errors: 0 });
    expect(await statusOf(retried.donationId)).toBe('paid');
    expect(await statusOf(stillFailed.donationId)).toBe('failed');
    // Outside the day's window failed rows are no longer asked about.
    expect(await statusOf(dayOld.donationId)).toBe('failed');
  });

  it('records no subscription invoice of another amount or currency', async () => {
    const created = await t.caller.subscription.create(donationBody({ donationType: 'monthly', amount: 130000 }));
    await em().nativeUpdate(Donation, { id: created.donation.id }, { createdAt: minutesAgo(10) });
    t.emulator.completePayment({ subscriptionId: created.subscription.id });
    // The trust's record says another amount than Razorpay charged: the charge is kept for the staff.
    await em().nativeUpdate(Donation, { id: created.donation.id }, { amount: 140000 });

    await reconcile();
    expect(await statusOf(created.donation.id)).toBe('pending');
    const subscription = await em().findOneOrFail(Subscription, { donation: created.donation.id });
    expect(await em().count(Donation, { subscriptionId: subscription.id })).toBe(0);
  });

  it('keeps going when Razorpay fails for one donation', async () => {
    const first = await oneTime(60);
    const second = await oneTime(59);
    await t.emulator.completePayment({ orderId: first.orderId });
    await t.emulator.completePayment({ orderId: second.orderId });
    t.emulator.failNextRequests(1);
    expect((await reconcile()).errors).toBe(1);
    // The failure hit an earlier donation; the last one was still settled in the same pass.
    expect(await statusOf(second.donationId)).toBe('paid');
    await reconcile();
    expect(await statusOf(first.donationId)).toBe('paid');
  });

  it('is not starved by donations Razorpay keeps refusing, and expires those after a day', async () => {
    const unknownOrders = await Promise.all(Array.from({ length: 3 }, () => oneTime(10)));
    const staleUnknown = await oneTime(25 * 60);
    for (const donation of [...unknownOrders, staleUnknown]) {
      await em().nativeUpdate(Donation, { id: donation.donationId }, { razorpayOrderId: 'order_MadeWithOldKeys' });
    }
    const payable = await oneTime(10);
    await t.emulator.completePayment({ orderId: payable.orderId });

    const report = await reconcile();
    expect(report.errors).toBe(3);
    expect(await statusOf(payable.donationId)).toBe('paid');
    expect(await statusOf(staleUnknown.donationId)).toBe('expired');
    expect(await statusOf(unknownOrders[0]?.donationId ?? 0)).toBe('pending');
  });

  it('stops between donations when asked', async () => {
    const donation = await oneTime(10);
    await t.emulator.completePayment({ orderId: donation.orderId });
    const report = await reconcilePendingDonations({
      orm: t.db.orm,
      gateway: t.deps.gateway,
      donorLinks: t.deps.donorLinks,
      log: silentLog,
      shouldStop: () => true,
    });
    expect(report).toMatchObject({ ran: true, checked: 0 });
    expect(await statusOf(donation.donationId)).toBe('pending');
    await reconcile();
  });

  it('runs on one instance at a time', async () => {
    const other = new pg.Client(t.db.url);
    await other.connect();
    await other.query('select pg_advisory_lock(727001)');
    try {
      const donation = await oneTime(10);
      await t.emulator.completePayment({ orderId: donation.orderId });
      expect(await reconcile()).toMatchObject({ ran: false, checked: 0 });
      expect(await statusOf(donation.donationId)).toBe('pending');
    } finally {
      await other.end();
    }
    expect((await reconcile()).ran).toBe(true);
  });
});

describe('startReconciler', () => {
  it('reconciles periodically inside the server and stops cleanly', async () => {
    const donation = await oneTime(10);
    await t.emulator.completePayment({ orderId: donation.orderId });
    const reconciler = startReconciler(
      { orm: t.db.orm, gateway: t.deps.gateway, donorLinks: t.deps.donorLinks, log: silentLog },
      50,
    );
    for (let i = 0; i < 100 && (await statusOf(donation.donationId)) !== 'paid'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await reconciler.stop();
    expect(await statusOf(donation.donationId)).toBe('paid');
  });
});
