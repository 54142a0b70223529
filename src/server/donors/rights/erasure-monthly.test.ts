import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../../platform/audit/audit';
import { DomainError } from '../../platform/core/domain-error';
import { donationBody } from '../../test/donation-fixtures';
import { donorEmail, mailTo } from '../../test/mail-fixtures';
import { createTestApp, deliverSandboxWebhooks, type TestApp } from '../../test/test-app';
import { completeErasure, requestErasure } from './erasure';
import { anonymiseExpiredReceipts } from './retention';

/**
 * Erasure against the sandbox's Razorpay: a donor who asked to be forgotten is never charged
 * again, and everything an erasure writes commits together or not at all.
 */
let t: TestApp;
const CLERK = { userId: null, username: 'clerk', ip: '127.0.0.1' };
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DEV_CONTROLS: 'true' });
  deliverSandboxWebhooks(t);
});
afterAll(() => t.close());

const em = () => t.db.orm.em.fork();
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => em().execute<T[]>(text, params);
const deps = () => ({ gateway: t.deps.gateway, donorLinks: t.deps.donorLinks, cipher: t.deps.cipher });
const count = async (text: string, params: unknown[] = []) =>
  Number((await sql<{ count: string }>(text, params))[0]?.count);

/** A donor whose monthly gift of ₹3,000 is active and paid once, and who has asked to be forgotten. */
async function monthlyDonorAskingErasure(label: string) {
  const email = donorEmail(label);
  const created = await t.caller.subscription.create(
    donationBody({ donationType: 'monthly', amount: 300000, email, name: `Donor ${label}` }),
  );
  const subscriptionId = created.subscription.id;
  await t.emulator.completePayment({ subscriptionId });
  await t.emulator.webhooksIdle();
  const request = await requestErasure(em(), { email, ip: '127.0.0.1' });
  return { email, subscriptionId, requestId: request.id };
}

const subscriptionStatus = async (razorpayId: string) =>
  (
    await sql<{ status: string }>('select status from subscriptions where razorpay_subscription_id = ?', [razorpayId])
  )[0]?.status;

describe('completing the erasure of a donor who gives monthly', () => {
  it('cancels the gift at Razorpay first, mails the donor, and no later month is charged or receipted', async () => {
    const donor = await monthlyDonorAskingErasure('monthly');
    expect(await subscriptionStatus(donor.subscriptionId)).toBe('active');
    const receiptsBefore = await count('select count(*) from receipts');

    const outcome = await completeErasure(em(), deps(), CLERK, donor.requestId);
    expect(outcome).toMatchObject({ monthlyGiftsCancelled: 1, donorMailed: true, donations: 1, receiptsKept: 1 });
    expect(await subscriptionStatus(donor.subscriptionId)).toBe('cancelled');

    // The next month, as Razorpay would charge it: refused, because Razorpay has it cancelled.
    const charge = await t.app.inject({ method: 'POST', url: `/sandbox/subscriptions/${donor.subscriptionId}/charge` });
    expect(charge.statusCode).toBeGreaterThanOrEqual(400);
    await t.emulator.webhooksIdle();
    expect(await count('select count(*) from receipts')).toBe(receiptsBefore);
    expect(await count(`select count(*) from receipts where donor_name = 'Erased donor'`)).toBe(0);

    // Told before the address was erased: one last mail that says the gift is stopped.
    const received = await mailTo(t, donor.email);
    const last = received.find((mail) => mail.subject === 'Your personal details have been erased');
    expect(last?.text).toContain('Your monthly donation of ₹3,000.00 is cancelled; nothing more will be charged.');
    expect(last?.text).not.toContain('/my-giving');
    // …and the outbox keeps no trace of where it went.
    expect(await count('select count(*) from mail_outbox where lower(recipient) = ?', [donor.email])).toBe(0);
  });

  it('waits, erasing nothing, while Razorpay cannot be reached, and says why', async () => {
    const donor = await monthlyDonorAskingErasure('unreachable');
    t.emulator.failNextRequests(100);
    try {
      const refused = await completeErasure(em(), deps(), CLERK, donor.requestId).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DomainError);
      expect(refused).toMatchObject({ kind: 'BAD_GATEWAY', message: expect.stringContaining('nothing was erased') });
    } finally {
      t.emulator.failNextRequests(0);
    }
    expect(await subscriptionStatus(donor.subscriptionId)).toBe('active');
    expect(await count('select count(*) from donations where lower(email) = ?', [donor.email])).toBe(1);
    const [request] = await sql('select status from erasure_requests where id = ?', [donor.requestId]);
    expect(request).toEqual({ status: 'requested' });

    expect(await completeErasure(em(), deps(), CLERK, donor.requestId)).toMatchObject({ monthlyGiftsCancelled: 1 });
    expect(await subscriptionStatus(donor.subscriptionId)).toBe('cancelled');
  });
});

describe('an erasure is one transaction', () => {
  it('rolls everything back when a statement fails halfway', async () => {
    const email = donorEmail('halfway');
    await t.caller.donation.create(donationBody({ email, name: 'Halfway Donor' }));
    await sql(`insert into contacts (name, email, subject, message) values ('Halfway Donor', ?, 'Hello', 'Hi')`, [
      email,
    ]);
    const { id } = await requestErasure(em(), { email, ip: '127.0.0.1' });
    // The contacts step (after the donations were already erased) fails.
    await sql(`create function refuse_contact_update() returns trigger language plpgsql as
      $$ begin raise exception 'injected failure'; end $$`);
    await sql(`create trigger refuse_contact_update before update on contacts
      for each row execute function refuse_contact_update()`);
    try {
      await expect(completeErasure(em(), deps(), CLERK, id)).rejects.toThrow(/injected failure/);
    } finally {
      await sql('drop trigger refuse_contact_update on contacts');
      await sql('drop function refuse_contact_update');
    }
    expect(await sql('select name from donations where lower(email) = ?', [email])).toEqual([
      { name: 'Halfway Donor' },
    ]);
    expect(await sql('select status, email from erasure_requests where id = ?', [id])).toEqual([
      { status: 'requested', email },
    ]);
    expect(
      await count(`select count(*) from staff_audit where action = 'erasure_completed' and details->>'requestId' = ?`, [
        String(id),
      ]),
    ).toBe(0);
  });

  it('erases once when two staff complete the same request at the same moment', async () => {
    const email = donorEmail('twice');
    await t.caller.donation.create(donationBody({ email, name: 'Twice Donor' }));
    const { id } = await requestErasure(em(), { email, ip: '127.0.0.1' });
    const outcomes = await Promise.allSettled([
      completeErasure(em(), deps(), CLERK, id),
      completeErasure(em(), deps(), { ...CLERK, username: 'colleague' }, id),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(refused?.reason).toMatchObject({ kind: 'CONFLICT' });
    expect(
      await count(`select count(*) from staff_audit where action = 'erasure_completed' and details->>'requestId' = ?`, [
        String(id),
      ]),
    ).toBe(1);
    expect(await count('select count(*) from mail_outbox where message_id = ?', [`erasure-completed-${id}`])).toBe(1);
  });

  it('leaves no audit entry for an action that was rolled back', async () => {
    const marker = `rolled-back-${Date.now()}`;
    await expect(
      em().transactional(async (tx) => {
        await audit(tx, CLERK, 'export', { marker });
        throw new Error('the action failed after its audit entry');
      }),
    ).rejects.toThrow('the action failed');
    expect(await count(`select count(*) from staff_audit where details->>'marker' = ?`, [marker])).toBe(0);
  });
});

describe('the retention job', () => {
  it('does its work once when two passes run at the same moment', async () => {
    // A completed erasure whose kept receipts are past their retention period.
    const email = donorEmail('retention');
    const donor = await t.caller.subscription.create(donationBody({ donationType: 'monthly', email }));
    await t.emulator.completePayment({ subscriptionId: donor.subscription.id });
    await t.emulator.webhooksIdle();
    const { id } = await requestErasure(em(), { email, ip: '127.0.0.1' });
    await completeErasure(em(), deps(), CLERK, id);
    const later = new Date('2045-01-01T00:00:00Z');

    const passes = await Promise.all([anonymiseExpiredReceipts(em(), later), anonymiseExpiredReceipts(em(), later)]);
    // Each pass either found the other holding the lock (null) or nothing left to do (0).
    expect(passes.reduce<number>((sum, done) => sum + (done ?? 0), 0)).toBeGreaterThanOrEqual(1);
    expect(
      await count(
        `select count(*) from staff_audit where action = 'retention_anonymised' and details->>'requestId' = ?`,
        [String(id)],
      ),
    ).toBe(1);
  });
});
