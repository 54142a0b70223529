import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { donorEmail, expectDonorPageLink, mailTo } from '../../test/mail-fixtures';
import { callProcedure, createTestApp, deliverSandboxWebhooks, SITE, type TestApp } from '../../test/test-app';
import { recordNewsConsent } from '../donor-keys/news-consent';
import { emailHash, UNSUBSCRIBE_PATH } from './unsubscribe-token';

/**
 * An appeal's updates, mailed to its donors if staff choose: one mail per person however many
 * gifts, none to those who unsubscribed, were erased or asked to be, a one-click unsubscribe in
 * each (a page, and the mail client's List-Unsubscribe POST) that is honoured by the next update.
 */
let t: TestApp;
let clerk: string;

beforeAll(async () => {
  t = await createTestApp();
  deliverSandboxWebhooks(t);
  await t.addAccount('meena', 'staff');
  clerk = await t.signIn('meena');
});
afterAll(() => t.close());

const staff = async <T>(path: string, type: 'query' | 'mutation', input?: unknown) => {
  const response = await callProcedure(t.app, `staff.appeals.${path}`, type, { token: clerk, input });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data as T;
};

async function paidGift(email: string, appealId?: number, name = 'Asha Raman', newsConsent = true) {
  const created = await t.caller.donation.create(donationBody({ name, email, appealId, newsConsent }));
  await t.emulator.completePayment({ orderId: created.order.id });
  await t.emulator.webhooksIdle();
}

const updatesTo = async (email: string) =>
  (await mailTo(t, email)).filter((mail) => mail.subject?.startsWith('Update: '));
const unsubscribeUrlIn = (text: string | undefined) =>
  new RegExp(`${SITE}${UNSUBSCRIBE_PATH}\\?token=([A-Za-z0-9_-]+\\.\\d+\\.[A-Za-z0-9_-]+)`).exec(text ?? '')?.[0];
const formPost = (url: string, payload: string) =>
  t.app.inject({
    method: 'POST',
    url: url.slice(SITE.length),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

describe('an appeal’s update', () => {
  it('is mailed once to each donor, not to those who unsubscribed or were erased; the unsubscribe (a page that asks, or one click) is honoured', async () => {
    const appeal = await staff<{ id: number; slug: string }>('create', 'mutation', {
      title: 'Bruno’s surgery',
      story: 'Bruno was hit by a truck. His leg needs surgery.',
      goal: 4_500_000,
    });
    // A draft has no donors to tell.
    const draft = await callProcedure(t.app, 'staff.appeals.postUpdate', 'mutation', {
      token: clerk,
      input: { appealId: appeal.id, text: 'Too early', mailDonors: true },
    });
    expect(draft.statusCode).toBe(409);
    await staff('publish', 'mutation', { id: appeal.id });

    const twice = donorEmail('twice');
    const once = donorEmail('once');
    const erasing = donorEmail('erasing');
    const erased = donorEmail('erased');
    const otherAppeal = donorEmail('general');
    await paidGift(twice, appeal.id, 'Twice Giver');
    await paidGift(twice.toUpperCase(), appeal.id, 'Twice Giver');
    await paidGift(once, appeal.id, 'Once Giver');
    await paidGift(erasing, appeal.id);
    await paidGift(erased, appeal.id);
    await paidGift(otherAppeal);
    // News needs consent: one never ticked the box, another withdrew it on their page.
    const noNews = donorEmail('no-news');
    const withdrew = donorEmail('withdrew');
    await paidGift(noNews, appeal.id, 'Quiet Giver', false);
    await paidGift(withdrew, appeal.id);
    await recordNewsConsent(t.db.orm.em.fork(), { email: withdrew, consented: false, source: 'donor_page' });
    // One has asked to be forgotten; another was (donors/rights/erasure.ts leaves each row a placeholder address).
    await t.db.orm.em.execute(`insert into erasure_requests (email) values (?)`, [erasing]);
    await t.db.orm.em.execute(`update donations set email = 'erased-' || id || '@erased.invalid' where email = ?`, [
      erased,
    ]);

    const posted = await staff<{ id: number; mailed: number }>('postUpdate', 'mutation', {
      appealId: appeal.id,
      text: 'Bruno’s surgery went well.\n\nHe stood up this morning!',
      mailDonors: true,
    });
    expect(posted.mailed).toBe(2);

    const [toTwice, ...more] = await updatesTo(twice);
    expect(more).toEqual([]);
    expect(toTwice?.subject).toBe('Update: Bruno’s surgery');
    expect(toTwice?.text).toContain('Dear Twice Giver,');
    expect(toTwice?.text).toContain('He stood up this morning!');
    expect(toTwice?.text).toContain(`${SITE}/appeals/${appeal.slug}`);
    expectDonorPageLink(toTwice, twice, SITE, t.deps.personalDataKey);
    // Its headers unfolded (a long header line goes on over the next lines).
    const raw = (toTwice?.raw.toString('utf8') ?? '').replace(/\r\n[ \t]+/g, ' ');
    const url = unsubscribeUrlIn(toTwice?.text);
    expect(url).toBeDefined();
    expect(raw).toContain(`List-Unsubscribe: <${url}>`);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The Message-ID names no one.
    expect(toTwice?.messageId).toMatch(new RegExp(`^<appeal-update-${posted.id}-[A-Za-z0-9_-]+@`));
    expect(toTwice?.messageId).not.toContain(twice.split('@')[0]);
    expect(await updatesTo(once)).toHaveLength(1);
    expect(await updatesTo(erasing)).toEqual([]);
    expect(await updatesTo(otherAppeal)).toEqual([]);
    expect(await updatesTo(noNews)).toEqual([]);
    expect(await updatesTo(withdrew)).toEqual([]);

    // The link in the mail: a plain page that asks, recording nothing; a HEAD (a link checker) does nothing.
    const path = (url as string).slice(SITE.length);
    expect((await t.app.inject({ method: 'HEAD', url: path })).statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Stop updates about Bruno’s surgery');
    expect(page.body).toContain('Stop all appeal updates');
    // The same page in Tamil at the Tamil address (a Tamil donor's mail links it): nothing recorded either.
    const tamil = await t.app.inject({ method: 'GET', url: `/ta${path}` });
    expect(tamil.statusCode).toBe(200);
    expect(tamil.body).toContain('<html lang="ta-IN">');
    expect(tamil.body).toContain('Bruno’s surgery பற்றிய செய்திகளை நிறுத்து');
    expect(tamil.body).toContain('எல்லா வேண்டுகோள் செய்திகளையும் நிறுத்து');
    const [none] = await t.db.orm.em.execute<{ count: string }[]>('select count(*) from appeal_update_unsubscribes');
    expect(Number(none?.count)).toBe(0);
    // Its button, twice: recorded once.
    const stopped = await formPost(url as string, 'stop=all');
    expect(stopped.statusCode).toBe(200);
    expect(stopped.body).toContain('You are unsubscribed');
    expect((await formPost(url as string, 'stop=all')).statusCode).toBe(200);
    // The mail client's one-click button (RFC 8058) for the other donor.
    const onceUrl = unsubscribeUrlIn((await updatesTo(once))[0]?.text) as string;
    const oneClick = await formPost(onceUrl, 'List-Unsubscribe=One-Click');
    expect(oneClick.statusCode).toBe(200);
    // A made-up or altered token records nothing.
    const forged = `${path.slice(0, -3)}abc`;
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await formPost(`${SITE}${forged}`, 'stop=all')).statusCode).toBe(404);
    const [stored] = await t.db.orm.em.execute<{ count: string }[]>('select count(*) from appeal_update_unsubscribes');
    expect(Number(stored?.count)).toBe(2);
    const [addresses] = await t.db.orm.em.execute<{ count: string }[]>(
      `select count(*) from appeal_update_unsubscribes where email_hash like '%@%'`,
    );
    expect(Number(addresses?.count)).toBe(0);

    // The next update reaches nobody who unsubscribed, and is still posted for the page.
    const later = await staff<{ mailed: number }>('postUpdate', 'mutation', {
      appealId: appeal.id,
      text: 'Bruno walked to his bowl today.',
      mailDonors: true,
    });
    expect(later.mailed).toBe(0);
    expect(await updatesTo(twice)).toHaveLength(1);
    const [photo] = await t.db.orm.em.execute<{ id: number }[]>(
      `insert into images (hash, width, height, alt, source_format, source_bytes, created_by)
       values ('0123456789abcdef0123456789abcdef', 1600, 1200, 'Bruno asleep on a blanket', 'jpeg', 1000, 'meena')
       returning id`,
    );
    const quiet = await staff<{ mailed: number }>('postUpdate', 'mutation', {
      appealId: appeal.id,
      text: 'A photo of Bruno resting.',
      photoImageId: photo?.id,
      mailDonors: false,
    });
    expect(quiet.mailed).toBe(0);

    const shown = await t.caller.appeals.get({ slug: appeal.slug });
    expect(shown.updates.map((update) => update.text)).toEqual([
      ['A photo of Bruno resting.'],
      ['Bruno walked to his bowl today.'],
      ['Bruno’s surgery went well.', 'He stood up this morning!'],
    ]);
    expect(shown.updates[0]?.photo).toMatchObject({ id: photo?.id, alt: 'Bruno asleep on a blanket' });
    const uses = await t.db.orm.em.execute<{ used_by: string }[]>('select used_by from image_uses where image_id = ?', [
      photo?.id,
    ]);
    expect(uses.map((use) => use.used_by)).toEqual([`appeal-update:${(shown.updates[0] as { id: number }).id}`]);
    const forStaff = await staff<{ updates: { mailed: boolean; mailedCount: number; postedBy: string }[] }>(
      'get',
      'query',
      { id: appeal.id },
    );
    expect(forStaff.updates.map((update) => [update.mailed, update.mailedCount, update.postedBy])).toEqual([
      [false, 0, 'meena'],
      [true, 0, 'meena'],
      [true, 2, 'meena'],
    ]);
    const [entry] = await t.db.orm.em.execute<{ details: Record<string, unknown> }[]>(
      `select details from staff_audit where action = 'appeal_update_posted' order by id limit 1`,
    );
    expect(entry?.details).toMatchObject({ appealId: appeal.id, updateId: posted.id, mailedDonors: 2 });
  });

  it('can be stopped for one appeal, leaving the others’ updates coming; or for all of them', async () => {
    const publishedAppeal = async (title: string) => {
      const appeal = await staff<{ id: number }>('create', 'mutation', {
        title,
        story: `${title}: a story long enough.`,
        goal: 1_000_000,
      });
      await staff('publish', 'mutation', { id: appeal.id });
      return appeal.id;
    };
    const kitten = await publishedAppeal('Kitten rescue');
    const cow = await publishedAppeal('Cow shelter roof');
    const post = (appealId: number, text: string) =>
      staff<{ mailed: number }>('postUpdate', 'mutation', { appealId, text, mailDonors: true });
    const onePage = donorEmail('one-appeal-page');
    const oneClick = donorEmail('one-appeal-click');
    const everything = donorEmail('every-appeal');
    for (const email of [onePage, oneClick, everything]) {
      await paidGift(email, kitten);
      await paidGift(email, cow);
    }
    expect((await post(kitten, 'The kittens have their eyes open.')).mailed).toBe(3);
    const urlTo = async (email: string) => unsubscribeUrlIn((await updatesTo(email)).at(-1)?.text) as string;

    // The page's "Stop updates about Kitten rescue", the mail client's one-click (this appeal's
    // only), and the page's "Stop all appeal updates".
    const asked = await formPost(await urlTo(onePage), 'stop=appeal');
    expect(asked.body).toContain('You will get no more updates about Kitten rescue.');
    expect((await formPost(await urlTo(oneClick), 'List-Unsubscribe=One-Click')).statusCode).toBe(200);
    const all = await formPost(await urlTo(everything), 'stop=all');
    expect(all.body).toContain('You will get no more updates on our appeals.');

    expect((await post(kitten, 'The kittens went to new homes.')).mailed).toBe(0);
    expect((await post(cow, 'The roof is on.')).mailed).toBe(2);
    const subjects = async (email: string) => (await updatesTo(email)).map((mail) => mail.subject);
    expect(await subjects(onePage)).toEqual(['Update: Kitten rescue', 'Update: Cow shelter roof']);
    expect(await subjects(oneClick)).toEqual(['Update: Kitten rescue', 'Update: Cow shelter roof']);
    expect(await subjects(everything)).toEqual(['Update: Kitten rescue']);

    // "All" from a cow update's page stops the kitten's too (already stopped) and the cow's.
    expect((await formPost(await urlTo(onePage), 'stop=all')).statusCode).toBe(200);
    expect((await post(cow, 'The cows are dry.')).mailed).toBe(1);
    expect(await subjects(onePage)).toEqual(['Update: Kitten rescue', 'Update: Cow shelter roof']);
  });

  it('keeps an old link, made before links named their appeal, working: it stops every appeal’s updates', async () => {
    const appeal = await staff<{ id: number }>('create', 'mutation', {
      title: 'Old link',
      story: 'An appeal mailed long ago.',
      goal: 100_000,
    });
    await staff('publish', 'mutation', { id: appeal.id });
    const email = donorEmail('old-link');
    await paidGift(email, appeal.id);
    // An old token: the hash and its signature, made as the mails before this change made them.
    const { createHmac, hkdfSync } = await import('node:crypto');
    const mac = Buffer.from(hkdfSync('sha256', t.deps.personalDataKey, '', 'appeal-updates-unsubscribe-signature', 32));
    const hash = emailHash(email, t.deps.personalDataKey);
    const oldUrl = `${SITE}${UNSUBSCRIBE_PATH}?token=${hash}.${createHmac('sha256', mac).update(hash).digest('base64url')}`;
    const page = await t.app.inject({ method: 'GET', url: oldUrl.slice(SITE.length) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop all appeal updates');
    expect(page.body).not.toContain('Stop updates about');
    expect((await formPost(oldUrl, 'List-Unsubscribe=One-Click')).statusCode).toBe(200);
    const [row] = await t.db.orm.em.execute<{ appeal_id: number | null }[]>(
      'select appeal_id from appeal_update_unsubscribes where email_hash = ?',
      [hash],
    );
    expect(row).toEqual({ appeal_id: null });
    const posted = await staff<{ mailed: number }>('postUpdate', 'mutation', {
      appealId: appeal.id,
      text: 'Nobody hears this.',
      mailDonors: true,
    });
    expect(posted.mailed).toBe(0);
  });
});
