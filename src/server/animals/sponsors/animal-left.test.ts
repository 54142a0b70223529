import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPONSOR_TOKEN_HEADER } from '../../../shared/sponsorship';
import { seedAnimal, seedApplication } from '../../test/animal-fixtures';
import { donationBody } from '../../test/donation-fixtures';
import { donorEmail, mailTo } from '../../test/mail-fixtures';
import { callProcedure, createTestApp, deliverSandboxWebhooks, SITE, type TestApp } from '../../test/test-app';
import { moveAnimal } from '../records/move-animal';
import { tellSponsorsAnimalLeft } from './animal-left';
import { runGatewayTasks } from './sponsor-gateway-tasks';

/**
 * When the animal leaves care (issue 43 item 3): in the move's transaction its sponsors are mailed
 * in their language with a link to their own page, and a pause of each gift is owed; the pause is
 * made at Razorpay after the commit, retried through an outage, and nothing is charged meanwhile.
 * On their page a sponsor carries the same gift to another animal (the same Razorpay subscription,
 * resumed) or stops it (cancelled).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  deliverSandboxWebhooks(t);
});
afterAll(() => t.close());

const em = () => t.db.orm.em.fork();
const actor = { userId: null, username: 'kavya', ip: '127.0.0.1' };
const links = () => ({ donorLinks: t.deps.donorLinks, siteUrl: SITE, personalDataKey: t.deps.personalDataKey });

async function sponsor(slug: string, email: string, language = 'en') {
  const created = await t.caller.subscription.create(
    donationBody({ email, name: 'Divya', donationType: 'monthly', amount: 350_000, animal: slug, language }),
  );
  const success = await t.emulator.completePayment({ subscriptionId: created.subscription.id });
  await t.app.inject({
    method: 'POST',
    url: '/api/verify-payment',
    payload: { ...success, donation_id: created.donation.id },
  });
  await t.emulator.webhooksIdle();
  return created.subscription.id;
}

const subscriptionOf = async (razorpayId: string) =>
  (
    await em().execute<{ id: number; status: string; animal_id: number; razorpay_subscription_id: string }[]>(
      'select id, status, animal_id, razorpay_subscription_id from subscriptions where razorpay_subscription_id = ?',
      [razorpayId],
    )
  )[0];

/** The sponsor's page's calls, with the token of their mail's link in its header. */
const sponsorCall = (path: string, token: string, input?: unknown) =>
  input === undefined && path === 'sponsorship.choice'
    ? t.app.inject({ method: 'GET', url: `/trpc/${path}`, headers: { [SPONSOR_TOKEN_HEADER]: token } })
    : t.app.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        headers: { [SPONSOR_TOKEN_HEADER]: token, origin: SITE },
        payload: input ?? {},
      });

describe('when a sponsored animal leaves care', () => {
  it('tells its sponsors in their language, pauses their gifts after the commit (through an outage), and lets each move the gift or stop it', async () => {
    const bruno = await seedAnimal(em(), { name: 'Bruno', status: 'resident', sponsorMonthlyAmount: 350_000 });
    const lakshmi = await seedAnimal(em(), { name: 'Lakshmi', status: 'resident', sponsorMonthlyAmount: 350_000 });
    const mover = donorEmail('mover');
    const stopper = donorEmail('stopper');
    const moverSub = await sponsor(bruno.slug, mover, 'ta');
    const stopperSub = await sponsor(bruno.slug, stopper);

    // A family adopts Bruno: the move and the sponsors' news in one transaction.
    const told = await em().transactional(async (tx) => {
      await moveAnimal(tx, actor, { animalId: bruno.id, to: 'adoptable' });
      await moveAnimal(tx, actor, { animalId: bruno.id, to: 'adopted' });
      return tellSponsorsAnimalLeft(tx, bruno.id, links());
    });
    expect(told).toEqual({ sponsors: 2 });
    // Told twice (a retried call): nothing more is mailed or owed.
    await em().transactional((tx) => tellSponsorsAnimalLeft(tx, bruno.id, links()));

    const [tamil] = (await mailTo(t, mover)).filter((mail) => mail.subject === 'Bruno-க்கு ஒரு வீடு கிடைத்துவிட்டது');
    expect(tamil?.text).toContain('அன்புள்ள Divya,');
    expect(tamil?.text).toContain('₹3,500');
    const link = new RegExp(`${SITE}/ta/my-sponsorship\\?token=([0-9]+\\.[0-9]+\\.[A-Za-z0-9_-]+)`).exec(
      tamil?.text ?? '',
    );
    expect(link).not.toBeNull();
    const moverToken = link?.[1] as string;
    const [english] = (await mailTo(t, stopper)).filter((mail) => mail.subject === 'Bruno has found a home');
    expect(english?.text).toContain('We have paused your monthly donation of ₹3,500');
    const stopperToken = new RegExp(`${SITE}/my-sponsorship\\?token=([^\\s]+)`).exec(
      english?.text ?? '',
    )?.[1] as string;

    // No new sponsors for Bruno.
    expect(await t.caller.sponsorship.forAnimal({ slug: bruno.slug })).toBeNull();

    // Razorpay is away at the first try: the pauses stay owed, and are made on a later pass.
    t.emulator.failNextRequests(10);
    const failed = await runGatewayTasks({ em: em(), gateway: t.deps.gateway });
    expect(failed).toEqual({ done: 0, failed: 2 });
    t.emulator.failNextRequests(0);
    const [owed] = await em().execute<{ status: string; attempts: number }[]>(
      `select status, attempts from sponsor_gateway_tasks where subscription_id = (select id from subscriptions where razorpay_subscription_id = ?)`,
      [moverSub],
    );
    expect(owed).toEqual({ status: 'due', attempts: 1 });
    const later = new Date(Date.now() + 5 * 60_000);
    expect(await runGatewayTasks({ em: em(), gateway: t.deps.gateway, now: later })).toEqual({ done: 2, failed: 0 });
    expect((await subscriptionOf(moverSub))?.status).toBe('paused');
    expect((await subscriptionOf(stopperSub))?.status).toBe('paused');
    // Nothing is charged while paused.
    await expect(t.emulator.chargeSubscription(moverSub)).rejects.toThrow(/paused/);

    // The sponsor's page: Bruno has left; Lakshmi is open.
    const page = await sponsorCall('sponsorship.choice', moverToken);
    expect(page.statusCode, page.body).toBe(200);
    const choice = page.json().result.data;
    expect(choice).toMatchObject({ amount: 350_000, state: 'choose', animal: { name: 'Bruno', left: true } });
    expect(choice.animals.map((animal: { slug: string }) => animal.slug)).toContain(lakshmi.slug);
    expect(choice.animals.map((animal: { slug: string }) => animal.slug)).not.toContain(bruno.slug);
    expect((await sponsorCall('sponsorship.choice', `${moverToken}x`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/trpc/sponsorship.choice' })).statusCode).toBe(401);

    // The sponsor's own page in Tamil gives each animal's one line in Tamil where staff wrote it.
    await em().execute(`update animals set translations = ?::jsonb where id = ?`, [
      JSON.stringify({ ta: { oneLine: 'அமைதியான, அன்பான பூனை.' } }),
      lakshmi.id,
    ]);
    const tamilPage = await t.app.inject({
      method: 'GET',
      url: `/ta/my-sponsorship?token=${encodeURIComponent(moverToken)}`,
    });
    expect(tamilPage.statusCode).toBe(200);
    expect(tamilPage.body).toContain('<p style="margin:0 0 .25rem" lang="ta-IN">அமைதியான, அன்பான பூனை.</p>');

    // Carry it to Lakshmi: the same Razorpay subscription (no new mandate), resumed.
    const before = await subscriptionOf(moverSub);
    const refused = await sponsorCall('sponsorship.move', moverToken, { animal: bruno.slug });
    expect(refused.statusCode).toBe(400);
    const moved = await sponsorCall('sponsorship.move', moverToken, { animal: lakshmi.slug });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().result.data).toEqual({ animal: 'Lakshmi', subscriptionStatus: 'active' });
    const after = await subscriptionOf(moverSub);
    expect(after).toEqual({ ...before, status: 'active', animal_id: lakshmi.id });
    expect((await t.caller.sponsorship.forAnimal({ slug: lakshmi.slug }))?.sponsors).toBe(1);
    // In the audit trail as the sponsor's own choice, naming the gift and the two animals, not the sponsor.
    const [trail] = await em().execute<{ username: string; details: Record<string, unknown> }[]>(
      `select username, details from staff_audit where action = 'sponsor_gift_moved' and (details->>'subscriptionId')::int = ?`,
      [after?.id],
    );
    expect(trail).toEqual({
      username: 'donor',
      details: { subscriptionId: after?.id, fromAnimalId: bruno.id, toAnimalId: lakshmi.id },
    });
    // Its next charge is for Lakshmi, and its receipt says so.
    await t.emulator.chargeSubscription(moverSub);
    await t.emulator.webhooksIdle();
    const [charge] = await em().execute<{ animal_id: number; purpose: string }[]>(
      `select d.animal_id, r.purpose from donations d join receipts r on r.donation_id = d.id
        where d.subscription_id = ? order by d.id desc limit 1`,
      [after?.id],
    );
    expect(charge).toEqual({ animal_id: lakshmi.id, purpose: 'Sponsorship of Lakshmi' });
    // Moving again is refused: the gift sponsors Lakshmi now.
    expect((await sponsorCall('sponsorship.move', moverToken, { animal: lakshmi.slug })).statusCode).toBe(409);
    // On the sponsor's own page (another tab, in Tamil), the refusal is said in Tamil, not the server's English.
    const form = (path: string, token: string, body: string) =>
      t.app.inject({
        method: 'POST',
        url: `${path}?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
    const again = await form('/ta/my-sponsorship', moverToken, `animal=${lakshmi.slug}`);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('இந்தப் பக்கத்தைத் திறந்த பிறகு உங்கள் நன்கொடை மாறியுள்ளது');
    expect(again.body).not.toContain('Your gift already sponsors');
    const closed = await form('/my-sponsorship', stopperToken, `animal=${bruno.slug}`);
    expect(closed.statusCode).toBe(400);
    expect(closed.body).toContain('That animal is no longer open for sponsorship: please choose another.');

    // The other sponsor stops: cancelled at Razorpay and in the books.
    const stopped = await sponsorCall('sponsorship.stop', stopperToken);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect((await subscriptionOf(stopperSub))?.status).toBe('cancelled');
    const ended = await sponsorCall('sponsorship.choice', stopperToken);
    expect(ended.json().result.data.state).toBe('ended');
  });

  it('is told by every way staff move an animal out of care: its console page and an adoption completed', async () => {
    await t.addAccount('meena', 'staff');
    const token = await t.signIn('meena');
    const staffCall = async (path: string, input: unknown) => {
      const response = await callProcedure(t.app, path, 'mutation', { token, input });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().result.data;
    };
    const today = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const owed = async (animalId: number) =>
      (
        await em().execute<{ n: string }[]>(
          `select count(*) as n from sponsor_gateway_tasks g join subscriptions s on s.id = g.subscription_id
            where s.animal_id = ? and g.action = 'pause'`,
          [animalId],
        )
      )[0]?.n;

    const razorpayStatusOf = async (animalId: number) => {
      const [gift] = await em().execute<{ id: string }[]>(
        'select razorpay_subscription_id as id from subscriptions where animal_id = ?',
        [animalId],
      );
      return (await t.deps.gateway.fetchSubscription(String(gift?.id))).status;
    };

    // Died, recorded on the animal's console page.
    const kutty = await seedAnimal(em(), { name: 'Kutty', status: 'resident', sponsorMonthlyAmount: 350_000 });
    const kuttySponsor = donorEmail('kutty-sponsor');
    await sponsor(kutty.slug, kuttySponsor);
    await staffCall('staff.animals.move', {
      animalId: kutty.id,
      to: 'died',
      onDate: today(),
      note: 'Old age, peacefully',
    });
    expect(await owed(kutty.id)).toBe('1');
    // Paused at Razorpay before the staff's call answered, not at the loop's next pass: no charge in between.
    expect(await razorpayStatusOf(kutty.id)).toBe('paused');
    expect((await mailTo(t, kuttySponsor)).map((mail) => mail.subject)).toContain('Sad news about Kutty');

    // Adopted, by completing the family's application.
    const rani = await seedAnimal(em(), { name: 'Rani', status: 'resident', sponsorMonthlyAmount: 350_000 });
    const raniSponsor = donorEmail('rani-sponsor');
    await sponsor(rani.slug, raniSponsor);
    await staffCall('staff.animals.move', { animalId: rani.id, to: 'adoptable', onDate: today(), note: '' });
    const family = await seedApplication(em(), { kind: 'adopt', animalId: rani.id, status: 'new' });
    await staffCall('staff.applications.move', {
      id: family.id,
      to: 'approved',
      mail: false,
      note: '',
      declineOthers: [],
    });
    await staffCall('staff.applications.move', {
      id: family.id,
      to: 'completed',
      mail: false,
      note: '',
      declineOthers: [],
    });
    expect(await owed(rani.id)).toBe('1');
    expect(await razorpayStatusOf(rani.id)).toBe('paused');
    expect((await mailTo(t, raniSponsor)).map((mail) => mail.subject)).toContain('Rani has found a home');
  });

  it('a pause owed for a gift Razorpay is still retrying waits for it to be active, never dropped', async () => {
    const rex = await seedAnimal(em(), { name: 'Rex', status: 'resident', sponsorMonthlyAmount: 350_000 });
    const razorpayId = await sponsor(rex.slug, donorEmail('rex-sponsor'));
    const gift = await subscriptionOf(razorpayId);
    // A charge failed: Razorpay retries it (pending) when the animal leaves.
    await em().execute(`update subscriptions set status = 'pending' where id = ?`, [gift?.id]);
    await em().transactional(async (tx) => {
      await moveAnimal(tx, actor, { animalId: rex.id, to: 'died' });
      await tellSponsorsAnimalLeft(tx, rex.id, links());
    });
    const task = async () =>
      (
        await em().execute<{ status: string }[]>(
          `select status from sponsor_gateway_tasks where subscription_id = ? and action = 'pause'`,
          [gift?.id],
        )
      )[0]?.status;
    await runGatewayTasks({ em: em(), gateway: t.deps.gateway }, { subscriptionId: Number(gift?.id) });
    expect(await task()).toBe('due');
    // Razorpay's retry went through: active again, and the pause is made at the next look.
    await em().execute(`update subscriptions set status = 'active' where id = ?`, [gift?.id]);
    const later = new Date(Date.now() + 20 * 60_000);
    expect(
      await runGatewayTasks({ em: em(), gateway: t.deps.gateway, now: later }, { subscriptionId: Number(gift?.id) }),
    ).toEqual({ done: 1, failed: 0 });
    expect(await task()).toBe('done');
    expect((await subscriptionOf(razorpayId))?.status).toBe('paused');
  });
});
