import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../../shared/offline-gift.schema';
import { donationBody } from '../../test/donation-fixtures';
import { callProcedure, createTestApp, SITE, type TestApp } from '../../test/test-app';
import { paymentEntity, postWebhook, razorpayEvent, subscriptionEntity } from '../../test/webhook-fixtures';

/**
 * Every way a gift becomes a gift gives it its donor by e-mail key: one person however they wrote
 * their address (case, Gmail's dots, a `+tag`, googlemail.com) and however they gave (online, the
 * webhook, monthly charges, a cheque recorded by staff, an import). Pending attempts are no gifts.
 */
let t: TestApp;
let clerk: string;
const TODAY = indiaToday();

beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('clerk', 'staff');
  clerk = await t.signIn('clerk');
});
afterAll(() => t.close());

const query = <T>(sql: string, params: unknown[] = []) => t.db.orm.em.fork().execute<T[]>(sql, params);
const webhook = (event: object) => postWebhook(t.app, t.config.payments.webhookSecret, event);
const donorOf = async (donationId: number) =>
  (await query<{ donor_id: number | null }>('select donor_id from donations where id = ?', [donationId]))[0]
    ?.donor_id ?? null;

async function paidByVerify(email: string) {
  const created = await t.caller.donation.create(donationBody({ email }));
  const success = await t.emulator.completePayment({ orderId: created.order.id });
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/verify-payment',
    payload: { ...success, donation_id: created.donation.id },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return created.donation.id;
}

async function paidByWebhook(email: string) {
  const created = await t.caller.donation.create(donationBody({ email }));
  const captured = razorpayEvent('payment.captured', {
    payment: paymentEntity({ orderId: created.order.id, amount: created.donation.amount }),
  });
  expect((await webhook(captured)).json().outcome).toBe('paid');
  return created.donation.id;
}

async function recordedCheque(email: string, reference: string) {
  const response = await callProcedure(t.app, 'staff.offlineGifts.record', 'mutation', {
    token: clerk,
    input: {
      name: 'Asha Raman',
      email,
      phone: '9876543210',
      amount: 250_000,
      mode: 'cheque',
      receivedOn: TODAY,
      reference,
      bank: 'Indian Bank',
      instrumentDate: TODAY,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data.donationId as number;
}

async function imported(rows: string[]) {
  const header =
    'name,email,phone,amount_rupees,mode,received_on,purpose,reference,bank,instrument_date,kind_description,pan,address';
  const response = await t.app.inject({
    method: 'POST',
    url: '/staff/api/offline-gifts/import?confirm=1',
    headers: { cookie: `staff_session=${clerk}`, 'content-type': 'text/csv', origin: SITE },
    payload: [header, ...rows].join('\n'),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().rows as { donationId: number }[]).map((row) => row.donationId);
}

describe('a gift joins its donor by e-mail', () => {
  it('on every path, however the address was written; another address is another donor', async () => {
    const online = await paidByVerify('Asha.Raman@Gmail.com');
    const donor = await donorOf(online);
    expect(donor).not.toBeNull();

    expect(await donorOf(await paidByWebhook('asharaman+rescue@gmail.com'))).toBe(donor);
    expect(await donorOf(await recordedCheque('asha.raman+cheque@googlemail.com', '004611'))).toBe(donor);
    const [importedGift] = await imported([`Asha Raman,ASHARAMAN@GMAIL.COM,9876543210,1000,cash,${TODAY},,,,,,,`]);
    expect(await donorOf(importedGift as number)).toBe(donor);

    const other = await paidByVerify('asha.raman@example.com');
    expect(await donorOf(other)).not.toBe(donor);
    // Dots count outside Gmail: a.sha and asha at example.com are two inboxes.
    expect(await donorOf(await paidByVerify('a.sha.raman@example.com'))).not.toBe(await donorOf(other));

    const [rollup] = await query<{ gift_count: number; lifetime_total: string; email_key: string }>(
      'select gift_count, lifetime_total, email_key from donors where id = ?',
      [donor],
    );
    expect(rollup).toEqual({
      gift_count: 4,
      lifetime_total: String(100_000 + 100_000 + 250_000 + 100_000),
      email_key: 'asharaman@gmail.com',
    });
  });

  it('monthly: the first charge and each later one', async () => {
    const created = await t.caller.subscription.create(
      donationBody({ email: 'Meena.K@GoogleMail.com', donationType: 'monthly' }),
    );
    const subscriptionId = created.subscription.id;
    const success = await t.emulator.completePayment({ subscriptionId });
    await t.app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      payload: { ...success, donation_id: created.donation.id },
    });
    const charge = razorpayEvent('subscription.charged', {
      subscription: subscriptionEntity(subscriptionId, 'active'),
      payment: paymentEntity({ paymentId: 'pay_MeenaMonth0002', amount: created.donation.amount }),
    });
    expect((await webhook(charge)).json().outcome).toBe('charge_recorded');
    const rows = await query<{ donor_id: number | null }>(
      `select donor_id from donations where id = ? or subscription_id = (select id from subscriptions where donation_id = ?)`,
      [created.donation.id, created.donation.id],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]?.donor_id).not.toBeNull();
    expect(rows[1]?.donor_id).toBe(rows[0]?.donor_id);
    expect(await paidByVerify('meenak+once@gmail.com').then(donorOf)).toBe(rows[0]?.donor_id);
  });

  it('not while a gift is only an attempt; a refund before its capture is still the donor’s', async () => {
    const created = await t.caller.donation.create(donationBody({ email: 'ravi@example.com' }));
    expect(await donorOf(created.donation.id)).toBeNull();
    const refund = razorpayEvent('refund.processed', {
      refund: { id: 'rfnd_RaviEarly0001', entity: 'refund', amount: 100_000, payment_id: 'pay_RaviEarly0001' },
      payment: paymentEntity({
        orderId: created.order.id,
        paymentId: 'pay_RaviEarly0001',
        amount: 100_000,
        status: 'refunded',
        amountRefunded: 100_000,
      }),
    });
    expect((await webhook(refund)).statusCode).toBe(200);
    const ravi = await donorOf(created.donation.id);
    expect(ravi).not.toBeNull();
    // Refunded in full: the donor's, but nothing kept.
    const [rollup] = await query<{ gift_count: number }>('select gift_count from donors where id = ?', [ravi]);
    expect(rollup?.gift_count).toBe(0);
  });

  it('a gift recorded without an e-mail is a donor of its own', async () => {
    const ids = await imported([
      `Walk-in visitor,,,500,cash,${TODAY},,,,,,,`,
      `Walk-in visitor,,,700,cash,${TODAY},,,,,,,`,
    ]);
    const donors = await Promise.all(ids.map(donorOf));
    expect(donors.every((id) => id !== null)).toBe(true);
    expect(new Set(donors).size).toBe(2);
  });
});
