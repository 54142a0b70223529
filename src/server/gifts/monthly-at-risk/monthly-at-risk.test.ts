import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefillFromUrl } from '../../../client/features/donate/prefill-from-url';
import { mailMessages } from '../../platform/mail/messages';
import { donationBody } from '../../test/donation-fixtures';
import { donorEmail, mailTo, subjects } from '../../test/mail-fixtures';
import { callProcedure, createTestApp, deliverSandboxWebhooks, type TestApp } from '../../test/test-app';
import { postWebhook, razorpayEvent, subscriptionEntity } from '../../test/webhook-fixtures';

/**
 * Monthly donors at risk, end to end offline: the sandbox fails a monthly charge and sends its
 * signed `subscription.pending`, then `subscription.halted`; the donor's mail (in their language,
 * through the outbox, received by the SMTP mailbox) goes once per episode; staff see the gift in
 * the console's list and can send the mail again.
 */
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DEV_CONTROLS: 'true' });
  deliverSandboxWebhooks(t);
  await t.addAccount('ravi', 'staff');
  staff = await t.signIn('ravi');
});
afterAll(() => t.close());

const post = (url: string) => t.app.inject({ method: 'POST', url });
const failCharge = async (subscriptionId: string) => {
  const answer = await post(`/sandbox/subscriptions/${subscriptionId}/fail-charge`);
  expect(answer.statusCode, answer.body).toBe(200);
  await t.emulator.webhooksIdle();
  return answer.json().status as string;
};
const charge = async (subscriptionId: string) => {
  expect((await post(`/sandbox/subscriptions/${subscriptionId}/charge`)).statusCode).toBe(200);
  await t.emulator.webhooksIdle();
};
const atRisk = async () => {
  const response = await callProcedure(t.app, 'staff.monthlyAtRisk.list', 'query', { token: staff });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data as { id: number; razorpaySubscriptionId: string; [key: string]: unknown }[];
};
const resend = (id: number) =>
  callProcedure(t.app, 'staff.monthlyAtRisk.resendMail', 'mutation', { token: staff, input: { id } });

/** A monthly gift paid for its first month, through the sandbox's checkout and webhooks. */
async function monthlyDonor(email: string, overrides: Record<string, unknown> = {}) {
  const created = await t.caller.subscription.create(
    donationBody({ email, donationType: 'monthly', amount: 50000, ...overrides }),
  );
  await t.emulator.completePayment({ subscriptionId: created.subscription.id });
  await t.emulator.webhooksIdle();
  return created.subscription.id;
}

describe('monthly donors at risk', () => {
  it('mails the donor once from pending and halted, in their language; staff see them and send it again', async () => {
    const email = donorEmail('at-risk');
    const subscriptionId = await monthlyDonor(email, { name: 'Meena Raman', phone: '9840012345', language: 'ta' });
    const ta = mailMessages('ta');

    expect(await failCharge(subscriptionId)).toBe('pending');
    let mails = (await mailTo(t, email)).filter((mail) => mail.subject === ta.monthlyAtRiskSubject);
    expect(mails).toHaveLength(1);

    // Razorpay's retry fails too: halted, the same episode, no second mail.
    expect(await failCharge(subscriptionId)).toBe('halted');
    // And the same news again, signed as Razorpay signs it: still nothing more.
    const again = await postWebhook(
      t.app,
      t.config.payments.webhookSecret,
      razorpayEvent('subscription.halted', { subscription: subscriptionEntity(subscriptionId, 'halted') }),
    );
    expect(again.statusCode).toBe(200);
    const allMails = await mailTo(t, email);
    expect(subjects(allMails).filter((subject) => subject === ta.monthlyHaltedSubject)).toEqual([]);
    mails = allMails.filter((mail) => mail.subject === ta.monthlyAtRiskSubject);
    expect(mails).toHaveLength(1);

    // The link restarts the same monthly gift, with the donor's name and e-mail filled in.
    const link = /https?:\/\/\S+\/donate\?\S+/.exec(mails[0]?.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(prefillFromUrl(new URL(link as string).search)).toEqual({
      donationType: 'monthly',
      purpose: 'medical',
      choice: { kind: 'preset', paise: 50000 },
      name: 'Meena Raman',
      email,
    });

    const [row] = (await atRisk()).filter((entry) => entry.razorpaySubscriptionId === subscriptionId);
    expect(row).toMatchObject({
      status: 'halted',
      name: 'Meena Raman',
      email,
      phone: '9840012345',
      language: 'ta',
      amount: 50000,
      mailStatus: 'sent',
      mailResends: 0,
    });
    expect(Date.parse(String(row?.since))).toBeLessThanOrEqual(Date.parse(String(row?.statusChangedAt)));

    // Staff send it again: one more message, and who did it is in the audit trail.
    const resent = await resend(row?.id as number);
    expect(resent.statusCode, resent.body).toBe(200);
    expect((await mailTo(t, email)).filter((mail) => mail.subject === ta.monthlyHaltedSubject)).toHaveLength(1);
    const [entry] = await t.db.orm.em.execute<{ username: string; details: unknown }[]>(
      `select username, details from staff_audit where action = 'monthly_at_risk_mail_resent' order by id desc limit 1`,
    );
    expect(entry).toEqual({
      username: 'ravi',
      details: { episodeId: row?.id, subscriptionId: expect.any(Number) },
    });
    expect((await atRisk()).find((entry) => entry.id === row?.id)?.mailResends).toBe(1);
  });

  it('counts a gift that recovers and fails again later as a new episode, with a new mail', async () => {
    const email = donorEmail('recovers');
    const subscriptionId = await monthlyDonor(email);
    const en = mailMessages('en');

    await failCharge(subscriptionId);
    const [first] = (await atRisk()).filter((entry) => entry.razorpaySubscriptionId === subscriptionId);
    expect(first?.status).toBe('pending');

    // Razorpay's retry succeeds: active again, off the list.
    await charge(subscriptionId);
    expect((await atRisk()).some((entry) => entry.razorpaySubscriptionId === subscriptionId)).toBe(false);

    await failCharge(subscriptionId);
    const [second] = (await atRisk()).filter((entry) => entry.razorpaySubscriptionId === subscriptionId);
    expect(second?.id).not.toBe(first?.id);
    expect(subjects(await mailTo(t, email)).filter((subject) => subject === en.monthlyAtRiskSubject)).toHaveLength(2);
  });

  it('refuses to resend for an episode that is over or unknown (404), and checks the input (400)', async () => {
    const email = donorEmail('over');
    const subscriptionId = await monthlyDonor(email);
    await failCharge(subscriptionId);
    const [row] = (await atRisk()).filter((entry) => entry.razorpaySubscriptionId === subscriptionId);
    await charge(subscriptionId);
    expect((await resend(row?.id as number)).statusCode).toBe(404);
    expect((await resend(999_999)).statusCode).toBe(404);
    const bad = await resend(-1);
    expect(bad.statusCode).toBe(400);
  });
});
