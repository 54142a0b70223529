import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../../shared/offline-gift.schema';
import { listDonorGifts } from '../../donors/donor-page/donor-gifts';
import { donationBody } from '../../test/donation-fixtures';
import { pdfText } from '../../test/donor-fixtures';
import { donorEmail, mailTo } from '../../test/mail-fixtures';
import { parseCsv } from '../../test/statement-fixtures';
import { callProcedure, createTestApp, deliverSandboxWebhooks, type TestApp } from '../../test/test-app';
import { countAppealTotals } from './appeal-totals';
import { publicAppeal } from './public-appeals';

/**
 * Appeals for one animal, from the console to the donor: draft, published, closed (readable,
 * refusing gifts); slugs that never change; raised and donors counting paid, unrefunded gifts
 * online and offline (a bounced cheque not, a monthly donor once); the create path refusing an
 * appeal that takes no gifts, naming `appealId`; the appeal and a tribute on the receipt.
 */
let t: TestApp;
let clerk: string;
const TODAY = indiaToday();

beforeAll(async () => {
  t = await createTestApp();
  deliverSandboxWebhooks(t);
  await t.addAccount('meena', 'staff');
  clerk = await t.signIn('meena');
});
afterAll(() => t.close());

const staffCall = async (path: string, type: 'query' | 'mutation', input?: unknown) => {
  const response = await callProcedure(t.app, `staff.appeals.${path}`, type, { token: clerk, input });
  return { status: response.statusCode, body: response.json() };
};
const ok = async <T = Record<string, unknown>>(path: string, type: 'query' | 'mutation', input?: unknown) => {
  const { status, body } = await staffCall(path, type, input);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.result.data as T;
};
const STORY =
  'Bruno was hit by a truck on the Adyar bridge.\n\nHis hind leg needs surgery; the vet has estimated the cost.';
const appealInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Bruno’s surgery',
  story: STORY,
  goal: 4_500_000,
  ...overrides,
});
const createAppeal = (overrides: Record<string, unknown> = {}) =>
  ok<{ id: number; slug: string }>('create', 'mutation', appealInput(overrides));
const publishedAppeal = async (overrides: Record<string, unknown> = {}) => {
  const created = await createAppeal(overrides);
  await ok('publish', 'mutation', { id: created.id });
  return created;
};
const publicGet = (slug: string) =>
  t.app.inject({ method: 'GET', url: `/trpc/appeals.get?input=${encodeURIComponent(JSON.stringify({ slug }))}` });
const openSlugs = async () => (await t.caller.appeals.listOpen()).map((appeal) => appeal.slug);

/** A one-time gift paid in the sandbox's checkout; its donation id and payment id. */
async function paidGift(body: Record<string, unknown>) {
  const created = await t.caller.donation.create(donationBody(body));
  const payment = await t.emulator.completePayment({ orderId: created.order.id });
  await t.emulator.webhooksIdle();
  return { donationId: created.donation.id, paymentId: payment.razorpay_payment_id };
}

describe('an appeal’s life', () => {
  it('a draft is not public; published it is, and listed open; closed it stays readable, says so and is not listed', async () => {
    const { id, slug } = await createAppeal({ title: 'Rani needs a wheelchair' });
    expect(slug).toBe('rani-needs-a-wheelchair');
    expect((await publicGet(slug)).statusCode).toBe(404);
    expect(await openSlugs()).not.toContain(slug);

    await ok('publish', 'mutation', { id });
    const published = await t.caller.appeals.get({ slug });
    expect(published).toMatchObject({
      id,
      slug,
      title: 'Rani needs a wheelchair',
      story: [
        'Bruno was hit by a truck on the Adyar bridge.',
        'His hind leg needs surgery; the vet has estimated the cost.',
      ],
      goal: 4_500_000,
      raised: 0,
      donors: 0,
      percent: 0,
      status: 'published',
      open: true,
      daysLeft: null,
      updates: [],
    });
    expect(published.beyondGoal).toMatch(/general fund/);
    expect(await openSlugs()).toContain(slug);
    // Forward only: published once.
    expect((await staffCall('publish', 'mutation', { id })).status).toBe(409);

    await ok('close', 'mutation', { id });
    expect(await t.caller.appeals.get({ slug })).toMatchObject({ status: 'closed', open: false });
    expect(await openSlugs()).not.toContain(slug);
    const actions = await t.db.orm.em.execute<{ action: string }[]>(
      `select action from staff_audit where details->>'appealId' = ? order by id`,
      [String(id)],
    );
    expect(actions.map((row) => row.action)).toEqual(['appeal_created', 'appeal_published', 'appeal_closed']);
  });

  it('takes gifts until the end of its last India day, and says how many days are left', async () => {
    const lastDay = await publishedAppeal({ title: 'Moti’s last day', endsOn: TODAY });
    expect(await t.caller.appeals.get({ slug: lastDay.slug })).toMatchObject({ daysLeft: 1, open: true });
    const created = await t.caller.donation.create(donationBody({ appealId: lastDay.id }));
    expect(created.donation.id).toBeGreaterThan(0);
    const ended = await publishedAppeal({ title: 'Moti, ended', endsOn: '2020-01-31' });
    expect(await t.caller.appeals.get({ slug: ended.slug })).toMatchObject({ daysLeft: 0, open: false });
    expect(await openSlugs()).not.toContain(ended.slug);
  });

  it('refuses a gift to a closed, ended, draft or unknown appeal with a 400 naming appealId, and stores nothing', async () => {
    const closed = await publishedAppeal({ title: 'Closed one' });
    await ok('close', 'mutation', { id: closed.id });
    const ended = await publishedAppeal({ title: 'Ended one', endsOn: '2020-01-31' });
    const draft = await createAppeal({ title: 'Draft one' });
    const count = async () =>
      Number((await t.db.orm.em.execute<{ count: string }[]>('select count(*) from donations'))[0]?.count);
    const before = await count();
    for (const [appealId, message] of [
      [closed.id, /closed/],
      [ended.id, /ended on 2020-01-31/],
      [draft.id, /no appeal/],
      [987_654, /no appeal/],
    ] as const) {
      for (const [url, donationType] of [
        ['/api/donations', 'one-time'],
        ['/api/subscriptions', 'monthly'],
      ]) {
        const response = await t.app.inject({ method: 'POST', url, payload: donationBody({ donationType, appealId }) });
        expect(response.statusCode, response.body).toBe(400);
        const body = response.json();
        expect(body.message).toMatch(message);
        expect(body.issues).toEqual([{ path: 'appealId', message: body.message }]);
      }
    }
    // tRPC says the same, with the same issue.
    await expect(t.caller.donation.create(donationBody({ appealId: closed.id }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/closed/),
    });
    expect(await count()).toBe(before);

    // A gift received outside the website may name a closed appeal, never a draft.
    const offline = (appealId: number, reference: string) =>
      callProcedure(t.app, 'staff.offlineGifts.record', 'mutation', {
        token: clerk,
        input: { name: 'Kumar', amount: 50_000, mode: 'cash', receivedOn: TODAY, reference, appealId },
      });
    const toDraft = await offline(draft.id, 'V-1');
    expect(toDraft.statusCode).toBe(400);
    expect(toDraft.json().error.data.issues).toEqual([
      { path: 'appealId', message: `appealId: there is no published appeal ${draft.id}` },
    ]);
    expect((await offline(closed.id, 'V-2')).statusCode).toBe(200);
  });
});

describe('an appeal’s address', () => {
  it('is made from the title, unique, and kept when the title changes', async () => {
    const first = await createAppeal({ title: 'Kittu’s fever, café run!' });
    const second = await createAppeal({ title: 'Kittu’s fever, café run!' });
    const third = await createAppeal({ title: 'Kittu’s fever, café run!' });
    expect([first.slug, second.slug, third.slug]).toEqual([
      'kittus-fever-cafe-run',
      'kittus-fever-cafe-run-2',
      'kittus-fever-cafe-run-3',
    ]);
    const tamil = await createAppeal({ title: 'கிட்டுவுக்கு உதவுங்கள்' });
    expect(tamil.slug).toMatch(/^appeal(-\d+)?$/);

    const edited = await ok<{ changed: string[] }>('edit', 'mutation', {
      id: first.id,
      ...appealInput({ title: 'Kittu is home', goal: 5_000_000 }),
    });
    expect(edited.changed.sort()).toEqual(['goal', 'title']);
    const stored = await ok<{ slug: string; title: string }>('get', 'query', { id: first.id });
    expect(stored).toMatchObject({ slug: 'kittus-fever-cafe-run', title: 'Kittu is home' });
  });

  it('refuses HTML in the story, a video that is not YouTube or Vimeo, and a photo listed twice', async () => {
    const { status, body } = await staffCall(
      'create',
      'mutation',
      appealInput({
        story: 'A story with <script>alert(1)</script> in it, long enough.',
        videoUrl: 'https://example.com/video.mp4',
        photoImageIds: [3, 3],
      }),
    );
    expect(status).toBe(400);
    expect((body.error.data.issues as { path: string }[]).map((issue) => issue.path).sort()).toEqual([
      'photoImageIds',
      'story',
      'videoUrl',
    ]);
    const video = await createAppeal({ title: 'With a video', videoUrl: 'https://youtu.be/dQw4w9WgXcQ?t=3' });
    await ok('publish', 'mutation', { id: video.id });
    expect((await t.caller.appeals.get({ slug: video.slug })).video).toEqual({
      provider: 'youtube',
      id: 'dQw4w9WgXcQ',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
  });
});

describe('an appeal’s photos', () => {
  it('are shown in order with what the page needs, the vet’s bill apart, and cannot be deleted while the appeal uses them', async () => {
    const image = async (hash: string, alt: string) => {
      const [row] = await t.db.orm.em.execute<{ id: number }[]>(
        `insert into images (hash, width, height, alt, source_format, source_bytes, created_by)
         values (?, 1600, 1200, ?, 'jpeg', 1000, 'meena') returning id`,
        [hash.padEnd(32, '0'), alt],
      );
      return (row as { id: number }).id;
    };
    const lying = await image('a1', 'Bruno lying in the clinic');
    const standing = await image('b2', 'Bruno standing');
    const bill = await image('c3', 'The vet’s estimate: ₹45,000');
    const appeal = await publishedAppeal({ photoImageIds: [standing, lying], vetBillImageId: bill });
    const shown = await t.caller.appeals.get({ slug: appeal.slug });
    expect(shown.photos.map((photo) => [photo.id, photo.alt, photo.width, photo.height])).toEqual([
      [standing, 'Bruno standing', 1600, 1200],
      [lying, 'Bruno lying in the clinic', 1600, 1200],
    ]);
    expect(shown.vetBill).toMatchObject({ id: bill, hash: 'c3'.padEnd(32, '0') });
    const card = (await t.caller.appeals.listOpen()).find((open) => open.id === appeal.id);
    expect(card?.photo?.id).toBe(standing);

    const uses = async () =>
      (
        await t.db.orm.em.execute<{ image_id: number }[]>(
          'select image_id from image_uses where used_by = ? order by image_id',
          [`appeal:${appeal.id}`],
        )
      ).map((use) => use.image_id);
    expect(await uses()).toEqual([lying, standing, bill].sort((a, b) => a - b));
    const remove = (id: number) =>
      callProcedure(t.app, 'staff.images.delete', 'mutation', { token: clerk, input: { id } });
    expect((await remove(lying)).statusCode).toBe(409);
    await ok('edit', 'mutation', { id: appeal.id, ...appealInput({ photoImageIds: [standing] }) });
    expect(await uses()).toEqual([standing]);
    expect((await remove(lying)).statusCode).toBe(200);
    // A photo that no longer exists is refused, naming none of the others.
    const { status } = await staffCall('edit', 'mutation', {
      id: appeal.id,
      ...appealInput({ photoImageIds: [lying] }),
    });
    expect(status).toBe(404);
  });
});

describe('raised and donors', () => {
  it('count paid, unrefunded gifts online and offline, a bounced cheque not, a monthly donor once', async () => {
    const appeal = await publishedAppeal({ title: 'Bruno’s surgery' });
    const shown = async (now?: Date) => {
      const { raised, donors } = await publicAppeal(t.db.orm.em.fork(), appeal.slug, now);
      return { raised, donors };
    };
    const start = new Date();
    expect(await shown(start)).toEqual({ raised: 0, donors: 0 });

    await paidGift({ email: donorEmail('asha'), amount: 100_000, appealId: appeal.id });
    const refunded = await paidGift({ email: donorEmail('ravi'), amount: 250_000, appealId: appeal.id });
    await t.emulator.refundPayment(refunded.paymentId);
    await t.emulator.webhooksIdle();
    await paidGift({ email: donorEmail('not-this-appeal'), amount: 700_000 });

    const cheque = (reference: string, email: string) =>
      callProcedure(t.app, 'staff.offlineGifts.record', 'mutation', {
        token: clerk,
        input: {
          name: 'Lakshmi',
          email,
          phone: '9876543210',
          amount: 500_000,
          mode: 'cheque',
          receivedOn: TODAY,
          reference,
          bank: 'Indian Bank',
          instrumentDate: TODAY,
          appealId: appeal.id,
        },
      });
    const kept = await cheque('100001', donorEmail('lakshmi'));
    expect(kept.statusCode, kept.body).toBe(200);
    const bounced = await cheque('100002', donorEmail('gopal'));
    const bouncedId = bounced.json().result.data.donationId as number;
    const bounce = await callProcedure(t.app, 'staff.offlineGifts.bounce', 'mutation', {
      token: clerk,
      input: { id: bouncedId, reason: 'Insufficient funds' },
    });
    expect(bounce.statusCode, bounce.body).toBe(200);

    const monthlyEmail = donorEmail('monthly');
    const monthly = await t.caller.subscription.create(
      donationBody({ email: monthlyEmail, donationType: 'monthly', amount: 50_000, appealId: appeal.id }),
    );
    await t.emulator.completePayment({ subscriptionId: monthly.subscription.id });
    await t.emulator.webhooksIdle();
    for (let month = 0; month < 2; month++) {
      await t.emulator.chargeSubscription(monthly.subscription.id);
      await t.emulator.webhooksIdle();
    }
    const charges = await t.db.orm.em.execute<{ status: string; appeal_id: number | null }[]>(
      'select status, appeal_id from donations where lower(email) = ? order by id',
      [monthlyEmail],
    );
    expect(charges).toEqual(Array.from({ length: 3 }, () => ({ status: 'paid', appeal_id: appeal.id })));

    // ₹1,000 + ₹5,000 by cheque + 3 × ₹500 monthly; Asha, Lakshmi and the monthly donor.
    const expected = { raised: 100_000 + 500_000 + 3 * 50_000, donors: 3 };
    const counted = (await countAppealTotals(t.db.orm.em.fork(), [appeal.id])).get(appeal.id);
    expect(counted).toMatchObject(expected);
    // The page reuses its count for half a minute, then counts again: at most a minute old.
    expect(await shown(new Date(start.getTime() + 20_000))).toEqual({ raised: 0, donors: 0 });
    expect(await shown(new Date(start.getTime() + 31_000))).toEqual(expected);
    const percent = Math.floor((expected.raised * 100) / 4_500_000);
    expect((await publicAppeal(t.db.orm.em.fork(), appeal.slug, new Date(start.getTime() + 40_000))).percent).toBe(
      percent,
    );

    const list = await ok<{ id: number; raised: number; donors: number }[]>('list', 'query');
    expect(list.find((row) => row.id === appeal.id)).toMatchObject(expected);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/staff/api/appeals/${appeal.id}/gifts.csv`,
      headers: { cookie: `staff_session=${clerk}` },
    });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    const counts = header?.indexOf('Counts for the appeal') as number;
    const status = header?.indexOf('Status') as number;
    expect(rows.map((row) => `${row[status]} ${row[counts]}`).sort()).toEqual(
      ['bounced no', 'paid yes', 'paid yes', 'paid yes', 'paid yes', 'paid yes', 'refunded no'].sort(),
    );
    const anonymous = await t.app.inject({ method: 'GET', url: `/staff/api/appeals/${appeal.id}/gifts.csv` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a gift to an appeal, in memory of someone', () => {
  it('is printed on the receipt with the appeal, mailed, shown in the console and on the donor’s page', async () => {
    const appeal = await publishedAppeal({ title: 'Kali’s new home' });
    const email = donorEmail('tribute');
    const tribute = { kind: 'memory', of: 'animal', name: 'Tommy', message: 'Who waited for me every evening' };
    const { donationId, paymentId } = await paidGift({ email, appealId: appeal.id, tribute });

    const [receipt] = await t.db.orm.em.execute<{ id: number; appeal_title: string; tribute: unknown }[]>(
      'select id, appeal_title, tribute from receipts where payment_id = ?',
      [paymentId],
    );
    expect(receipt).toMatchObject({ appeal_title: 'Kali’s new home', tribute });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/staff/api/receipts/${receipt?.id}.pdf`,
      headers: { cookie: `staff_session=${clerk}` },
    });
    const text = (await pdfText(pdf.rawPayload)).join(' ');
    expect(text).toContain('Appeal Kali’s new home');
    expect(text).toContain('In memory of Tommy (a beloved animal): “Who waited for me every evening”');
    // Renamed later, the issued receipt keeps the title it printed.
    await ok('edit', 'mutation', { id: appeal.id, ...appealInput({ title: 'Kali is home' }) });
    const again = await t.app.inject({
      method: 'GET',
      url: `/staff/api/receipts/${receipt?.id}.pdf`,
      headers: { cookie: `staff_session=${clerk}` },
    });
    expect((await pdfText(again.rawPayload)).join(' ')).toContain('Appeal Kali’s new home');

    const [mail] = await mailTo(t, email);
    expect(mail?.text).toContain('to the appeal “Kali’s new home”');

    const story = await callProcedure(t.app, 'staff.donations.story', 'query', {
      token: clerk,
      input: { id: donationId },
    });
    expect(story.json().result.data).toMatchObject({
      appeal: { id: appeal.id, title: 'Kali is home', slug: appeal.slug },
      tribute,
    });
    const { gifts } = await listDonorGifts(t.db.orm.em.fork(), email);
    expect(gifts).toEqual([
      expect.objectContaining({ id: donationId, appeal: { title: 'Kali’s new home', slug: appeal.slug } }),
    ]);
  });

  it('refuses a tribute without a name, of something other than a person or an animal', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/donations',
      payload: donationBody({ tribute: { kind: 'memory', of: 'plant', name: '' } }),
    });
    expect(response.statusCode).toBe(400);
    expect((response.json().issues as { path: string }[]).map((issue) => issue.path).sort()).toEqual([
      'tribute.name',
      'tribute.of',
    ]);
  });
});
