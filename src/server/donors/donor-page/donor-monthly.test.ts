// Over 250 lines on purpose: every path of a donor's change to a monthly gift and every refusal,
// against one sandbox (the real SDK, Razorpay's rules), read as the list of what My giving allows.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySponsorToken } from '../../animals/sponsors/sponsor-token';
import { donorToken } from '../../gifts/donor-keys/donor-link';
import { seedAnimal } from '../../test/animal-fixtures';
import { donationBody } from '../../test/donation-fixtures';
import { donorEmail, expectDonorPageLink, mailTo, subjects } from '../../test/mail-fixtures';
import { createTestApp, deliverSandboxWebhooks, SITE, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  deliverSandboxWebhooks(t);
});
afterAll(() => t.close());

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  t.db.orm.em.fork().execute<T[]>(query, params);

/** A donor's call on their page, authorised by their link. */
async function asDonor(email: string, path: string, input: unknown = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/trpc/donor.${path}`,
    headers: { 'x-donor-token': donorToken(email, t.deps.personalDataKey) },
    payload: input as Record<string, unknown>,
  });
  return { status: response.statusCode, body: response.json() };
}
const data = (answer: { body: { result?: { data: unknown } } }) => answer.body.result?.data as Record<string, never>;
const refusal = (answer: { body: { error?: { message: string } } }) => answer.body.error?.message;

async function giftsOf(email: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/trpc/donor.gifts',
    headers: { 'x-donor-token': donorToken(email, t.deps.personalDataKey) },
  });
  return response.json().result.data.monthly as Array<Record<string, unknown>>;
}

/** A monthly gift started on the donate form, paid in the sandbox's checkout by `method`, verified. */
async function monthlyGift(email: string, method: 'card' | 'upi', amount = 50000, language = 'en') {
  const created = await t.caller.subscription.create(
    donationBody({ email, donationType: 'monthly', amount, language }),
  );
  const razorpayId = created.subscription.id;
  const success = await t.emulator.completePayment({ subscriptionId: razorpayId }, { method });
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/verify-payment',
    payload: { ...success, subscription_id: razorpayId, donation_id: created.donation.id },
  });
  expect(verified.statusCode).toBe(200);
  await t.emulator.webhooksIdle();
  const [row] = await sql<{ id: number }>('select id from subscriptions where razorpay_subscription_id = ?', [
    razorpayId,
  ]);
  return { id: Number(row?.id), razorpayId };
}
const changesOf = (id: number) =>
  sql<{ kind: string; made_by: string; amount_before: number | null; amount_after: number | null }>(
    'select kind, made_by, amount_before, amount_after from monthly_changes where subscription_id = ? order by id',
    [id],
  );
const auditActions = (id: number) =>
  sql<{ action: string }>(
    `select action from staff_audit where details->>'subscriptionId' = ? and username = 'donor' order by id`,
    [String(id)],
  ).then((rows) => rows.map((row) => row.action));

describe('a card mandate', () => {
  it('changes the amount from the next charge: Razorpay charges the new plan, the books record it', async () => {
    const email = donorEmail('card-amount');
    const gift = await monthlyGift(email, 'card');
    const before = await t.deps.gateway.fetchSubscription(gift.razorpayId);
    const answer = await asDonor(email, 'changeMonthlyAmount', { subscriptionId: gift.id, amount: 30000 });
    expect(answer.status).toBe(200);
    expect(data(answer)).toMatchObject({ path: 'changed', amount: 30000, newMandate: null });
    expect(data(answer).from).toBe(new Date((before.current_end ?? 0) * 1000).toISOString());
    // Razorpay keeps charging the old plan for the month paid; the new one is scheduled.
    expect(await sql('select monthly_amount, payment_method from subscriptions where id = ?', [gift.id])).toEqual([
      { monthly_amount: 30000, payment_method: 'card' },
    ]);
    expect(await changesOf(gift.id)).toEqual([
      { kind: 'amount_changed', made_by: 'donor', amount_before: 50000, amount_after: 30000 },
    ]);
    expect((await giftsOf(email))[0]).toMatchObject({ amount: 30000, paymentMethod: 'card', canChangeAmount: true });

    // The next month: Razorpay applies the plan (subscription.updated) and charges ₹300, recorded as the gift.
    await t.emulator.chargeSubscription(gift.razorpayId);
    await t.emulator.webhooksIdle();
    const charges = await sql<{ amount: number }>(
      'select amount from donations where subscription_id = ? and status = ? order by id',
      [gift.id, 'paid'],
    );
    expect(charges).toEqual([{ amount: 30000 }]);
    // Razorpay's subscription.updated names a plan already recorded: no second change.
    expect(await changesOf(gift.id)).toHaveLength(1);

    const mails = await mailTo(t, email);
    const confirmation = mails.find((mail) => mail.subject === 'Your monthly donation’s new amount');
    expect(confirmation?.text).toContain('from ₹500.00 to ₹300.00');
    expectDonorPageLink(confirmation, email, SITE, t.deps.personalDataKey);
    expect(await auditActions(gift.id)).toEqual(['donor_monthly_amount_changed']);
  });

  it('pauses and resumes, each once; Razorpay’s webhooks record nothing twice', async () => {
    const email = donorEmail('card-pause');
    const gift = await monthlyGift(email, 'card');
    expect(data(await asDonor(email, 'pauseMonthly', { subscriptionId: gift.id }))).toEqual({
      id: gift.id,
      status: 'paused',
    });
    expect((await t.deps.gateway.fetchSubscription(gift.razorpayId)).status).toBe('paused');
    const again = await asDonor(email, 'pauseMonthly', { subscriptionId: gift.id });
    expect(again.status).toBe(409);
    expect(refusal(again)).toBe('Razorpay pauses only an active monthly gift; this one is paused.');
    // Razorpay changes the amount of a running gift only.
    const amount = await asDonor(email, 'changeMonthlyAmount', { subscriptionId: gift.id, amount: 20000 });
    expect(amount.status).toBe(409);
    expect((await giftsOf(email))[0]).toMatchObject({
      status: 'paused',
      canPause: false,
      canResume: true,
      canChangeAmount: false,
    });
    // No charge while paused.
    await expect(t.emulator.chargeSubscription(gift.razorpayId)).rejects.toThrow(/is paused/);

    expect(data(await asDonor(email, 'resumeMonthly', { subscriptionId: gift.id }))).toEqual({
      id: gift.id,
      status: 'active',
    });
    const resumeAgain = await asDonor(email, 'resumeMonthly', { subscriptionId: gift.id });
    expect(resumeAgain.status).toBe(409);
    expect(refusal(resumeAgain)).toBe('Razorpay resumes only a paused monthly gift; this one is active.');
    await t.emulator.webhooksIdle();
    expect((await changesOf(gift.id)).map((change) => [change.kind, change.made_by])).toEqual([
      ['paused', 'donor'],
      ['resumed', 'donor'],
    ]);
    expect(subjects(await mailTo(t, email))).toEqual(
      expect.arrayContaining(['Your monthly donation is paused', 'Your monthly donation is running again']),
    );
    expect(await auditActions(gift.id)).toEqual(['donor_monthly_paused', 'donor_monthly_resumed']);
  });

  it('cancels at the end of the month paid: active till then, then cancelled by Razorpay, never resumed', async () => {
    const email = donorEmail('card-end');
    const gift = await monthlyGift(email, 'card');
    const answer = await asDonor(email, 'cancelMonthlyAtCycleEnd', { subscriptionId: gift.id });
    expect(answer.status).toBe(200);
    expect(data(answer)).toMatchObject({ id: gift.id, status: 'active', endsAt: expect.any(String) });
    expect((await giftsOf(email))[0]).toMatchObject({
      status: 'active',
      endsAt: data(answer).endsAt,
      canPause: false,
      canChangeAmount: false,
      canCancelAtCycleEnd: false,
      canCancel: true,
    });
    expect((await asDonor(email, 'cancelMonthlyAtCycleEnd', { subscriptionId: gift.id })).status).toBe(409);

    // The month's end: Razorpay cancels instead of charging.
    expect(await t.emulator.chargeSubscription(gift.razorpayId)).toMatchObject({ status: 'cancelled' });
    await t.emulator.webhooksIdle();
    expect(await sql('select status from subscriptions where id = ?', [gift.id])).toEqual([{ status: 'cancelled' }]);
    expect(await sql('select count(*)::int as n from donations where subscription_id = ?', [gift.id])).toEqual([
      { n: 0 },
    ]);
    const resumed = await asDonor(email, 'resumeMonthly', { subscriptionId: gift.id });
    expect(resumed.status).toBe(409);
    expect(refusal(resumed)).toBe('This monthly gift is already cancelled; nothing can change it now.');
    expect((await changesOf(gift.id)).map((change) => [change.kind, change.made_by])).toEqual([
      ['cancel_at_cycle_end', 'donor'],
      ['cancelled', 'razorpay'],
    ]);
    expect(subjects(await mailTo(t, email))).toEqual(
      expect.arrayContaining([
        'Your monthly donation will end with the month paid',
        'Your monthly donation is cancelled',
      ]),
    );
  });
});

describe('a UPI mandate', () => {
  it('changing the amount starts a new mandate; the old one ends with its month only once the new one is authorised', async () => {
    const email = donorEmail('upi-amount');
    const gift = await monthlyGift(email, 'upi', 50000, 'hi');
    expect((await giftsOf(email))[0]).toMatchObject({ paymentMethod: 'upi', amountNeedsNewMandate: true });
    const answer = await asDonor(email, 'changeMonthlyAmount', { subscriptionId: gift.id, amount: 70000 });
    expect(answer.status).toBe(200);
    const newMandate = data(answer).newMandate as unknown as { subscription: { id: string }; donation: { id: number } };
    expect(data(answer)).toMatchObject({ path: 'new_mandate', amount: 70000 });
    expect(newMandate).toMatchObject({ donation: { amount: 70000, email, donationType: 'monthly' } });
    // Razorpay's old mandate is untouched so far.
    expect(await t.deps.gateway.fetchSubscription(gift.razorpayId)).toMatchObject({ status: 'active' });
    expect(await sql('select monthly_amount from subscriptions where id = ?', [gift.id])).toEqual([
      { monthly_amount: null },
    ]);
    // Not authorised yet: nothing ends.
    expect(data(await asDonor(email, 'confirmNewMandate'))).toEqual({ ended: 0 });
    // The new mandate's own donation keeps the old one's details (its language among them).
    expect(await sql('select language, status from donations where id = ?', [newMandate.donation.id])).toEqual([
      { language: 'hi', status: 'pending' },
    ]);

    // The donor authorises it in Razorpay's checkout.
    const success = await t.emulator.completePayment({ subscriptionId: newMandate.subscription.id }, { method: 'upi' });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      payload: { ...success, subscription_id: newMandate.subscription.id, donation_id: newMandate.donation.id },
    });
    expect(verified.statusCode).toBe(200);
    expect(data(await asDonor(email, 'confirmNewMandate'))).toEqual({ ended: 1 });
    expect(data(await asDonor(email, 'confirmNewMandate'))).toEqual({ ended: 0 });
    const old = await t.deps.gateway.fetchSubscription(gift.razorpayId);
    expect(old.status).toBe('active');
    // …cancelled at its cycle's end: Razorpay ends it instead of charging it again.
    expect(await t.emulator.chargeSubscription(gift.razorpayId)).toMatchObject({ status: 'cancelled' });
    await t.emulator.webhooksIdle();
    const monthly = await giftsOf(email);
    expect(monthly.map((row) => [row.amount, row.status])).toEqual([
      [70000, 'active'],
      [50000, 'cancelled'],
    ]);
    expect((await changesOf(gift.id)).map((change) => change.kind)).toEqual([
      'new_mandate_started',
      'mandate_replaced',
      'cancelled',
    ]);
    // In Hindi, as the donor gave.
    expect(subjects(await mailTo(t, email))).toContain('आपका नया मैंडेट लागू हो गया है');
  });

  it('a new card or UPI account for any mandate: a new mandate for the same amount', async () => {
    const email = donorEmail('card-new');
    const gift = await monthlyGift(email, 'card', 40000);
    const answer = await asDonor(email, 'newMandate', { subscriptionId: gift.id });
    expect(answer.status).toBe(200);
    expect(data(answer)).toMatchObject({ amount: 40000, newMandate: { donation: { amount: 40000 } } });
    // One new mandate at a time: a second (another tab) would charge beside the first once both were authorised.
    const again = await asDonor(email, 'newMandate', { subscriptionId: gift.id });
    expect(again.status).toBe(409);
    expect(
      await sql('select count(*)::int as n from subscriptions where replaces_subscription_id = ?', [gift.id]),
    ).toEqual([{ n: 1 }]);
  });

  it('a sponsor’s new mandate sponsors the same animal', async () => {
    const email = donorEmail('sponsor-new');
    const gift = await monthlyGift(email, 'upi', 350000);
    const { id: animalId } = await seedAnimal(t.db.orm.em.fork(), { status: 'resident', sponsorMonthlyAmount: 350000 });
    await sql('update subscriptions set animal_id = ? where id = ?', [animalId, gift.id]);
    expect((await asDonor(email, 'newMandate', { subscriptionId: gift.id })).status).toBe(200);
    expect(await sql('select animal_id from subscriptions where replaces_subscription_id = ?', [gift.id])).toEqual([
      { animal_id: animalId },
    ]);
  });
  it('a sponsor’s gift paused because its animal left care is not resumed here: the page links the sponsor’s choice', async () => {
    const email = donorEmail('sponsor-left');
    const gift = await monthlyGift(email, 'card', 350000);
    const { id: animalId } = await seedAnimal(t.db.orm.em.fork(), {
      name: 'Moti',
      status: 'resident',
      sponsorMonthlyAmount: 350000,
    });
    await sql('update subscriptions set animal_id = ? where id = ?', [animalId, gift.id]);
    expect((await asDonor(email, 'pauseMonthly', { subscriptionId: gift.id })).status).toBe(200);
    expect((await giftsOf(email))[0]).toMatchObject({ canResume: true, animalLeft: null });

    // Moti is adopted (animals/records/move-animal.ts in the console; the row as it then stands).
    await sql(`update animals set status = 'adopted' where id = ?`, [animalId]);
    const [listed] = await giftsOf(email);
    expect(listed).toMatchObject({
      status: 'paused',
      canResume: false,
      canReplaceMandate: false,
      animalName: 'Moti',
      animalLeft: { name: 'Moti' },
    });
    const token = String((listed?.animalLeft as { choiceToken: string } | undefined)?.choiceToken);
    expect(verifySponsorToken(token, t.deps.personalDataKey)).toBe(gift.id);
    const page = await t.app.inject({ method: 'GET', url: `/my-sponsorship?token=${encodeURIComponent(token)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Moti');

    const resumed = await asDonor(email, 'resumeMonthly', { subscriptionId: gift.id });
    expect(resumed.status).toBe(409);
    expect(refusal(resumed)).toBe(
      'Moti has left our care, so this gift stays paused: choose another animal to sponsor, or stop the gift, on your sponsor’s page.',
    );
    // Nor a new card or UPI account: its first month would be charged at once, for Moti.
    const replaced = await asDonor(email, 'newMandate', { subscriptionId: gift.id });
    expect(replaced.status).toBe(409);
    expect(refusal(replaced)).toBe(refusal(resumed));
    expect(
      await sql('select count(*)::int as n from subscriptions where replaces_subscription_id = ?', [gift.id]),
    ).toEqual([{ n: 0 }]);
    expect((await t.deps.gateway.fetchSubscription(gift.razorpayId)).status).toBe('paused');
    expect(await sql('select status from subscriptions where id = ?', [gift.id])).toEqual([{ status: 'paused' }]);
  });
});

describe('refusals', () => {
  it('someone else’s gift is not found; a bad amount names its field; an unknown gift is not found', async () => {
    const email = donorEmail('owner');
    const gift = await monthlyGift(email, 'card');
    const other = await asDonor(donorEmail('other'), 'pauseMonthly', { subscriptionId: gift.id });
    expect(other.status).toBe(404);
    const huge = await asDonor(email, 'pauseMonthly', { subscriptionId: 3_000_000_000 });
    expect(huge.status).toBe(400);
    expect(huge.body.error.data.issues).toEqual([
      { path: 'subscriptionId', message: 'Must be a monthly gift’s number' },
    ]);
    const half = await asDonor(email, 'changeMonthlyAmount', { subscriptionId: gift.id, amount: 30050 });
    expect(half.status).toBe(400);
    expect(half.body.error.data.issues).toEqual([{ path: 'amount', message: 'Monthly amounts must be whole rupees' }]);
    const same = await asDonor(email, 'changeMonthlyAmount', { subscriptionId: gift.id, amount: 50000 });
    expect(same.status).toBe(400);
    expect(refusal(same)).toBe('That is already the monthly amount.');
    expect((await asDonor(email, 'resumeMonthly', { subscriptionId: 999999 })).status).toBe(404);
    // Nothing changed by any of them.
    expect(await changesOf(gift.id)).toEqual([]);
  });

  it('Razorpay unreachable: a 502, nothing recorded', async () => {
    const email = donorEmail('outage');
    const gift = await monthlyGift(email, 'card');
    t.emulator.failNextRequests(1);
    const answer = await asDonor(email, 'pauseMonthly', { subscriptionId: gift.id });
    expect(answer.status).toBe(502);
    expect(await sql('select status from subscriptions where id = ?', [gift.id])).toEqual([{ status: 'active' }]);
    expect(await changesOf(gift.id)).toEqual([]);
  });

  it('a pause made at Razorpay (its dashboard) reaches the books by its webhook, once', async () => {
    const email = donorEmail('dashboard');
    const gift = await monthlyGift(email, 'card');
    await t.deps.gateway.pauseSubscription(gift.razorpayId);
    await t.emulator.webhooksIdle();
    expect(await sql('select status from subscriptions where id = ?', [gift.id])).toEqual([{ status: 'paused' }]);
    expect(await changesOf(gift.id)).toEqual([
      { kind: 'paused', made_by: 'razorpay', amount_before: null, amount_after: null },
    ]);
  });
});
