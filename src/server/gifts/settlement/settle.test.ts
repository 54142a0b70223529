import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { Donation } from '../donations/donation.entity';
import { markExpired, markFailed, markPaid, markRefunded } from './settle';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

async function pendingDonation(): Promise<number> {
  const em = db.orm.em.fork();
  const donation = em.create(Donation, {
    name: 'Asha',
    email: 'asha@example.com',
    phone: '9876543210',
    amount: 50000,
    donationType: 'one-time',
    status: 'pending',
  });
  await em.flush();
  return donation.id;
}

describe('markPaid', () => {
  it('sees a payment settled by another connection, even with the old row in its identity map', async () => {
    const id = await pendingDonation();
    const em = db.orm.em.fork();
    expect((await em.findOneOrFail(Donation, id)).status).toBe('pending');
    await db.orm.em.fork().nativeUpdate(Donation, { id }, { status: 'paid', razorpayPaymentId: 'pay_Elsewhere0001' });

    expect(await markPaid(em, id, 'pay_Elsewhere0001')).toBe('already_paid');
    expect(await markPaid(em, id, 'pay_Different0001')).toBe('paid_by_another_payment');
  });

  it('never records one payment on two donations', async () => {
    const first = await pendingDonation();
    const second = await pendingDonation();
    const em = db.orm.em.fork();
    expect(await markPaid(em, first, 'pay_OnlyOnce00001')).toBe('paid');
    expect(await markPaid(em, second, 'pay_OnlyOnce00001')).toBe('paid_by_another_payment');
    expect((await db.orm.em.fork().findOneOrFail(Donation, second)).status).toBe('pending');
  });

  it('moves only forward: failed and expired can still be paid, refunded cannot', async () => {
    const em = db.orm.em.fork();
    const failed = await pendingDonation();
    expect(await markFailed(em, failed)).toBe(true);
    expect(await markPaid(em, failed, 'pay_AfterFailure1')).toBe('paid');
    expect(await markFailed(em, failed)).toBe(false);

    const expired = await pendingDonation();
    expect(await markExpired(em, expired)).toBe(true);
    expect(await markPaid(em, expired, 'pay_AfterExpiry01')).toBe('paid');

    expect(await markRefunded(em, 'pay_AfterFailure1')).toBe(true);
    expect(await markPaid(em, failed, 'pay_AfterFailure1')).toBe('not_payable');
  });
});
