import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPONSOR_MONTHLY_DEFAULT_PAISE } from '../../../shared/sponsorship';
import { seedAnimal } from '../../test/animal-fixtures';
import { donationBody } from '../../test/donation-fixtures';
import { donorEmail } from '../../test/mail-fixtures';
import { callProcedure, createTestApp, deliverSandboxWebhooks, type TestApp } from '../../test/test-app';

/**
 * Sponsoring a named animal (issue 43 item 1): staff open a resident animal at ₹3,500 a month (or
 * another amount) and close it, audited; its page's monthly gift goes through the same subscription
 * path with the animal checked and stored on the donation and the subscription; the receipt names
 * the animal; later charges keep it; the page counts the sponsors, never names them.
 */
let t: TestApp;
let clerk: string;

beforeAll(async () => {
  t = await createTestApp();
  deliverSandboxWebhooks(t);
  await t.addAccount('kavya', 'staff');
  clerk = await t.signIn('kavya');
});
afterAll(() => t.close());

const em = () => t.db.orm.em.fork();
const staff = (path: string, type: 'query' | 'mutation', input?: unknown) =>
  callProcedure(t.app, `staff.sponsorships.${path}`, type, { token: clerk, input });
const audits = (action: string) =>
  em().execute<{ details: Record<string, unknown> }[]>('select details from staff_audit where action = ? order by id', [
    action,
  ]);

/** A monthly gift from the animal's page, paid by the donor in the sandbox's checkout and verified. */
async function sponsor(slug: string, email: string, amount = SPONSOR_MONTHLY_DEFAULT_PAISE) {
  const created = await t.caller.subscription.create(
    donationBody({ email, donationType: 'monthly', amount, animal: slug, purpose: undefined }),
  );
  const success = await t.emulator.completePayment({ subscriptionId: created.subscription.id });
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/verify-payment',
    payload: { ...success, donation_id: created.donation.id },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  await t.emulator.webhooksIdle();
  return created;
}

describe('opening an animal for sponsorship', () => {
  it('opens a resident at ₹3,500 by default, or another amount, and closes it, each audited; never an adoptable one', async () => {
    const resident = await seedAnimal(em(), { name: 'Lakshmi', status: 'resident' });
    const opened = await staff('open', 'mutation', { animalId: resident.id });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().result.data).toEqual({ animalId: resident.id, monthlyAmount: 350_000 });
    expect(SPONSOR_MONTHLY_DEFAULT_PAISE).toBe(350_000);
    const changed = await staff('open', 'mutation', { animalId: resident.id, monthlyAmount: 250_000 });
    expect(changed.json().result.data.monthlyAmount).toBe(250_000);
    expect((await audits('sponsorship_opened')).at(-1)?.details).toMatchObject({
      animalId: resident.id,
      monthlyAmount: 250_000,
      previousAmount: 350_000,
    });

    const adoptable = await seedAnimal(em(), { name: 'Tommy', status: 'adoptable' });
    const refused = await staff('open', 'mutation', { animalId: adoptable.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Only a permanent resident or an animal in care can be sponsored');
    const paise = await staff('open', 'mutation', { animalId: resident.id, monthlyAmount: 250_050 });
    expect(paise.statusCode).toBe(400);
    expect(paise.body).toContain('Must be whole rupees');

    const closed = await staff('close', 'mutation', { animalId: resident.id });
    expect(closed.json().result.data).toEqual({ animalId: resident.id, sponsors: 0 });
    expect((await audits('sponsorship_closed')).at(-1)?.details).toMatchObject({ animalId: resident.id });
    const [row] = await em().execute<{ amount: number | null }[]>(
      'select sponsor_monthly_amount as amount from animals where id = ?',
      [resident.id],
    );
    expect(row?.amount).toBeNull();
    // Without a session: 401.
    const anonymous = await callProcedure(t.app, 'staff.sponsorships.open', 'mutation', {
      input: { animalId: resident.id },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a sponsor’s monthly gift', () => {
  it('is refused for an animal not open, at another amount, or as a one-time gift, naming the field', async () => {
    const closed = await seedAnimal(em(), { name: 'Raja', status: 'resident' });
    const open = await seedAnimal(em(), { name: 'Mani', status: 'in-care', sponsorMonthlyAmount: 350_000 });
    const post = (path: string, body: object) => t.app.inject({ method: 'POST', url: path, payload: body });

    const notOpen = await post(
      '/api/subscriptions',
      donationBody({ donationType: 'monthly', amount: 350_000, animal: closed.slug }),
    );
    expect(notOpen.statusCode).toBe(400);
    expect(notOpen.json().issues).toEqual([{ path: 'animal', message: 'Raja is not open for sponsorship' }]);
    const unknown = await post(
      '/api/subscriptions',
      donationBody({ donationType: 'monthly', amount: 350_000, animal: 'no-such-animal' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues[0].path).toBe('animal');
    const otherAmount = await post(
      '/api/subscriptions',
      donationBody({ donationType: 'monthly', amount: 100_000, animal: open.slug }),
    );
    expect(otherAmount.statusCode).toBe(400);
    expect(otherAmount.json().issues).toEqual([{ path: 'amount', message: 'Sponsoring Mani is ₹3,500 a month' }]);
    const oneTime = await post('/api/donations', donationBody({ amount: 350_000, animal: open.slug }));
    expect(oneTime.statusCode).toBe(400);
    expect(oneTime.json().issues[0].path).toBe('animal');
    // Nothing was stored for any of them.
    const [count] = await em().execute<{ n: string }[]>(
      'select count(*) as n from donations where animal_id in (?, ?)',
      [closed.id, open.id],
    );
    expect(Number(count?.n)).toBe(0);
  });

  it('names the animal on the donation, the subscription, the receipt and every later charge; the page counts sponsors, never names them', async () => {
    const bruno = await seedAnimal(em(), { name: 'Bruno', status: 'resident', sponsorMonthlyAmount: 350_000 });
    const first = donorEmail('sponsor-one');
    const created = await sponsor(bruno.slug, first);

    const [subscription] = await em().execute<{ id: number; animal_id: number; status: string }[]>(
      'select id, animal_id, status from subscriptions where donation_id = ?',
      [created.donation.id],
    );
    expect(subscription).toMatchObject({ animal_id: bruno.id, status: 'active' });
    const [receipt] = await em().execute<{ purpose: string; amount: number }[]>(
      'select purpose, amount from receipts where donation_id = ?',
      [created.donation.id],
    );
    expect(receipt).toEqual({ purpose: 'Sponsorship of Bruno', amount: 350_000 });

    // The next month's charge: its own paid row, for the same animal, with its receipt naming it.
    await t.emulator.chargeSubscription(created.subscription.id);
    await t.emulator.webhooksIdle();
    const later = await em().execute<{ id: number; animal_id: number; status: string }[]>(
      'select id, animal_id, status from donations where subscription_id = ?',
      [subscription?.id],
    );
    expect(later).toEqual([expect.objectContaining({ animal_id: bruno.id, status: 'paid' })]);
    const [laterReceipt] = await em().execute<{ purpose: string }[]>(
      'select purpose from receipts where donation_id = ?',
      [later[0]?.id],
    );
    expect(laterReceipt?.purpose).toBe('Sponsorship of Bruno');

    // Another sponsor, and one who never paid: the page counts the active ones.
    await sponsor(bruno.slug, donorEmail('sponsor-two'));
    await t.caller.subscription.create(
      donationBody({ email: donorEmail('unpaid'), donationType: 'monthly', amount: 350_000, animal: bruno.slug }),
    );
    const block = await t.caller.sponsorship.forAnimal({ slug: bruno.slug });
    expect(block).toEqual({ slug: bruno.slug, name: 'Bruno', monthlyAmount: 350_000, sponsors: 2 });
    expect(JSON.stringify(block)).not.toContain('sponsor-one');

    // The console's page: its sponsors and that they never heard from it.
    const list = await staff('list', 'query');
    expect(list.json().result.data).toContainEqual(
      expect.objectContaining({ animalId: bruno.id, name: 'Bruno', sponsors: 2, lastHeardAt: null, silent: false }),
    );
  });
});
