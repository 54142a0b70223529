import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '../../platform/images/images';
import { seedAnimal } from '../../test/animal-fixtures';
import { donationBody } from '../../test/donation-fixtures';
import { phonePhoto } from '../../test/image-fixtures';
import { donorEmail, mailTo } from '../../test/mail-fixtures';
import { callProcedure, createTestApp, deliverSandboxWebhooks, SITE, type TestApp } from '../../test/test-app';
import { SPONSOR_UNSUBSCRIBE_PATH } from './sponsor-updates';

/**
 * Sponsors hear from their animal (issue 43 item 2): staff post an update; each sponsor whose gift
 * runs and who consented to news gets it once, in their language, with a stop link that is honoured;
 * the console shows when the sponsors last heard, and the overview lists animals silent for 45 days.
 */
let t: TestApp;
let clerk: string;

beforeAll(async () => {
  t = await createTestApp();
  deliverSandboxWebhooks(t);
  await t.addAccount('selvi', 'staff');
  clerk = await t.signIn('selvi');
});
afterAll(() => t.close());

const em = () => t.db.orm.em.fork();
const staff = async <T>(path: string, type: 'query' | 'mutation', input?: unknown) => {
  const response = await callProcedure(t.app, path, type, { token: clerk, input });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data as T;
};

async function sponsor(slug: string, email: string, options: { language?: string; newsConsent?: boolean } = {}) {
  const created = await t.caller.subscription.create(
    donationBody({
      email,
      name: 'Priya',
      donationType: 'monthly',
      amount: 350_000,
      animal: slug,
      newsConsent: options.newsConsent ?? true,
      language: options.language ?? 'en',
    }),
  );
  const success = await t.emulator.completePayment({ subscriptionId: created.subscription.id });
  await t.app.inject({
    method: 'POST',
    url: '/api/verify-payment',
    payload: { ...success, donation_id: created.donation.id },
  });
  await t.emulator.webhooksIdle();
  return created;
}

const updatesTo = async (email: string, subject: string) =>
  (await mailTo(t, email)).filter((mail) => mail.subject === subject);

describe('an update to an animal’s sponsors', () => {
  it('is mailed once to each consenting sponsor in their language, with a stop link that is honoured', async () => {
    const rani = await seedAnimal(em(), { name: 'Rani', status: 'resident', sponsorMonthlyAmount: 350_000 });
    const other = await seedAnimal(em(), { name: 'Kutty', status: 'resident', sponsorMonthlyAmount: 350_000 });
    const english = donorEmail('en-sponsor');
    const hindi = donorEmail('hi-sponsor');
    const quiet = donorEmail('no-news');
    const elsewhere = donorEmail('other-animal');
    await sponsor(rani.slug, english);
    await sponsor(rani.slug, hindi, { language: 'hi' });
    await sponsor(rani.slug, quiet, { newsConsent: false });
    await sponsor(other.slug, elsewhere);

    const { image: photo } = await storeImage(
      em(),
      { storage: { dir: undefined }, actor: { userId: null, username: 'clerk', ip: '127.0.0.1' } },
      { bytes: await phonePhoto(2400, 1600), alt: 'Rani at the vet, wagging' },
    );
    const posted = await staff<{ id: number; mailed: number }>('staff.sponsorships.postUpdate', 'mutation', {
      animalId: rani.id,
      photoImageId: photo.id,
      text: 'Rani had her check-up today.\n\nShe is eating well.',
      translations: { hi: { text: 'आज रानी की जाँच हुई।\n\nवह अच्छे से खा रही है।' } },
    });
    expect(posted.mailed).toBe(2);

    const [toEnglish, ...more] = await updatesTo(english, 'News of Rani, whom you sponsor');
    expect(more).toEqual([]);
    expect(toEnglish?.text).toContain('Dear Priya,');
    expect(toEnglish?.text).toContain('She is eating well.');
    expect(toEnglish?.text).toContain(`${SITE}/adopt/${rani.slug}`);
    // The photo, in the HTML only, from the image pipeline's address (its WebP twice the mail's width),
    // and that address serves the photo.
    const image = `${SITE}/images/${photo.hash}-1280.webp`;
    const height = Math.round((560 * photo.height) / photo.width);
    expect(toEnglish?.html).toContain(
      `<img src="${image}" alt="Rani at the vet, wagging" width="560" height="${height}"`,
    );
    expect(toEnglish?.text).not.toContain('/images/');
    const served = await t.app.inject({ method: 'GET', url: image.slice(SITE.length) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const [toHindi] = await updatesTo(hindi, 'Rani की खबर, जिसे आप सहारा देते हैं');
    expect(toHindi?.text).toContain('प्रिय Priya,');
    expect(toHindi?.text).toContain('वह अच्छे से खा रही है।');
    expect(toHindi?.text).toContain(`${SITE}/hi/adopt/${rani.slug}`);
    expect(await mailTo(t, quiet).then((mails) => mails.filter((mail) => mail.subject?.includes('Rani')))).toEqual([]);
    expect(await updatesTo(elsewhere, 'News of Rani, whom you sponsor')).toEqual([]);

    // The stop link: GET asks and stops nothing; the one-click POST stops Rani's updates only.
    const link = new RegExp(`${SITE}${SPONSOR_UNSUBSCRIBE_PATH}\\?token=[A-Za-z0-9_.-]+`).exec(
      toEnglish?.text ?? '',
    )?.[0];
    expect(link).toBeDefined();
    const raw = (toEnglish?.raw.toString('utf8') ?? '').replace(/\r\n[ \t]+/g, ' ');
    expect(raw).toContain(`List-Unsubscribe: <${link}>`);
    const path = (link as string).slice(SITE.length);
    const asked = await t.app.inject({ method: 'GET', url: path });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Stop news of Rani?');
    expect((await t.app.inject({ method: 'POST', url: `${path}x` })).statusCode).toBe(404);
    const stopped = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode).toBe(200);

    const again = await staff<{ mailed: number }>('staff.sponsorships.postUpdate', 'mutation', {
      animalId: rani.id,
      text: 'Rani went for a long walk.',
    });
    expect(again.mailed).toBe(1);
    expect(await updatesTo(english, 'News of Rani, whom you sponsor')).toHaveLength(1);
    expect(await updatesTo(hindi, 'Rani की खबर, जिसे आप सहारा देते हैं')).toHaveLength(2);

    // The Hindi sponsor's stop link opens its page in Hindi, and its button stops Rani's news in Hindi.
    const hindiLink = new RegExp(`${SITE}/hi${SPONSOR_UNSUBSCRIBE_PATH}\\?token=[A-Za-z0-9_.-]+`).exec(
      toHindi?.text ?? '',
    )?.[0];
    expect(hindiLink).toBeDefined();
    const hindiPath = (hindiLink as string).slice(SITE.length);
    const hindiAsked = await t.app.inject({ method: 'GET', url: hindiPath });
    expect(hindiAsked.statusCode).toBe(200);
    expect(hindiAsked.body).toContain('<html lang="hi-IN">');
    expect(hindiAsked.body).toContain('Rani की खबरें बंद करें?');
    expect(hindiAsked.body).toContain('href="/hi/"');
    const hindiStopped = await t.app.inject({
      method: 'POST',
      url: hindiPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'stop=updates',
    });
    expect(hindiStopped.statusCode).toBe(200);
    expect(hindiStopped.body).toContain('अब आपको Rani की खबरें नहीं मिलेंगी।');
    expect((await t.app.inject({ method: 'GET', url: `${hindiPath}x` })).body).toContain('यह लिंक सही नहीं है');

    const [audit] = await em().execute<{ details: Record<string, unknown> }[]>(
      `select details from staff_audit where action = 'sponsor_update_posted' order by id limit 1`,
    );
    expect(audit?.details).toMatchObject({
      animalId: rani.id,
      updateId: posted.id,
      mailedSponsors: 2,
      translated: ['hi'],
    });

    // A bad input is a 400 naming the field; nothing is posted.
    const bad = await callProcedure(t.app, 'staff.sponsorships.postUpdate', 'mutation', {
      token: clerk,
      input: { animalId: rani.id, text: '<b>hi</b> there' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('text');
  });

  it('shows when the sponsors last heard; the overview lists animals whose sponsors heard nothing for over 45 days', async () => {
    const silent = await seedAnimal(em(), { name: 'Chotu', status: 'resident', sponsorMonthlyAmount: 350_000 });
    const recent = await seedAnimal(em(), { name: 'Gauri', status: 'resident', sponsorMonthlyAmount: 350_000 });
    await sponsor(silent.slug, donorEmail('chotu'));
    await sponsor(recent.slug, donorEmail('gauri'));
    // Both sponsored 60 days ago; Gauri's sponsors heard from her ten days ago, Chotu's 50 days ago.
    await em().execute(`update subscriptions set created_at = now() - interval '60 days' where animal_id in (?, ?)`, [
      silent.id,
      recent.id,
    ]);
    await em().execute(
      `insert into sponsor_updates (animal_id, text, posted_by, posted_at) values
        (?, 'Old news', 'selvi', now() - interval '50 days'), (?, 'Fresh news', 'selvi', now() - interval '10 days')`,
      [silent.id, recent.id],
    );

    const overview = await staff<{ silentSponsors: { animalId: number; name: string; sponsors: number }[] }>(
      'staff.overview',
      'query',
    );
    const listed = overview.silentSponsors.map((row) => row.name);
    expect(listed).toContain('Chotu');
    expect(listed).not.toContain('Gauri');
    const list = await staff<{ animalId: number; lastHeardAt: string | null; silent: boolean }[]>(
      'staff.sponsorships.list',
      'query',
    );
    const gauri = list.find((row) => row.animalId === recent.id);
    expect(gauri?.silent).toBe(false);
    expect(Date.now() - Date.parse(gauri?.lastHeardAt ?? '')).toBeGreaterThan(9 * 24 * 60 * 60 * 1000);

    // An update now: Chotu's sponsors have heard, and the overview no longer lists him.
    await staff('staff.sponsorships.postUpdate', 'mutation', { animalId: silent.id, text: 'Chotu says hello.' });
    const after = await staff<{ silentSponsors: { name: string }[] }>('staff.overview', 'query');
    expect(after.silentSponsors.map((row) => row.name)).not.toContain('Chotu');
  });
});
