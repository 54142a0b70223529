import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorToken } from '../../gifts/donor-keys/donor-link';
import { resolveDataEncryptionKey } from '../../platform/personal-data/data-encryption-key';
import { donationBody } from '../../test/donation-fixtures';
import { mailTo } from '../../test/mail-fixtures';
import { callProcedure, createTestApp, deliverSandboxWebhooks, type TestApp } from '../../test/test-app';

/**
 * A waiting erasure is the person's, not one spelling's (gifts/donor-keys/person-of-address.ts): asked
 * from `priyasharma@gmail.com`, it keeps an appeal's update and a segment's mail from
 * `Priya.Sharma+x@Gmail.com` too (one donor record), and the donor's page opened with that other
 * spelling shows the request and files no second one.
 */
let t: TestApp;
let key: Buffer;
let clerk: string;

beforeAll(async () => {
  t = await createTestApp();
  deliverSandboxWebhooks(t);
  key = resolveDataEncryptionKey(t.config);
  await t.addAccount('meena', 'staff');
  clerk = await t.signIn('meena');
});
afterAll(() => t.close());

const PLAIN = 'priyasharma@gmail.com';
const TAGGED = 'Priya.Sharma+x@Gmail.com';

const staff = async <T>(path: string, type: 'query' | 'mutation', input?: unknown) => {
  const response = await callProcedure(t.app, `staff.${path}`, type, { token: clerk, input });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data as T;
};

const asDonor = async <T>(email: string, path: string, type: 'query' | 'mutation') => {
  const headers = { 'x-donor-token': donorToken(email, key) };
  const response =
    type === 'query'
      ? await t.app.inject({ method: 'GET', url: `/trpc/donor.${path}`, headers })
      : await t.app.inject({ method: 'POST', url: `/trpc/donor.${path}`, headers, payload: {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data as T;
};

/** A paid gift to the appeal, the donate form's news box ticked: consent from a paid gift. */
async function paidGift(email: string, name: string, appealId: number) {
  const created = await t.caller.donation.create(donationBody({ name, email, appealId, newsConsent: true }));
  await t.emulator.completePayment({ orderId: created.order.id });
  await t.emulator.webhooksIdle();
}

/** Every mail the mailbox received for either of Priya's spellings. */
const toPriya = async () => {
  await mailTo(t, 'ravi@example.com');
  return t.mailbox.messages.filter((message) => /priya/i.test(message.to ?? ''));
};

describe('a waiting erasure', () => {
  it('is matched by the donor record, not the spelling: no news to the other spelling, one request', async () => {
    const appeal = await staff<{ id: number }>('appeals.create', 'mutation', {
      title: 'Bruno’s surgery',
      story: 'Bruno was hit by a truck. His leg needs surgery.',
      goal: 4_500_000,
    });
    await staff('appeals.publish', 'mutation', { id: appeal.id });
    await paidGift(PLAIN, 'Priya S', appeal.id);
    // Her newest gift, from the other spelling: the segment names her by it.
    await paidGift(TAGGED, 'Priya Sharma', appeal.id);
    await paidGift('ravi@example.com', 'Ravi Kumar', appeal.id);
    const donors = await t.db.orm.em
      .fork()
      .execute<{ donor_id: number }[]>('select distinct donor_id from donations where lower(email) like ?', ['priya%']);
    expect(donors).toHaveLength(1);
    const before = await toPriya();

    const asked = await asDonor<{ id: number }>(PLAIN, 'requestErasure', 'mutation');

    // The donor's page opened with the other spelling shows it, and asking again there files no second one.
    expect((await asDonor<{ erasureRequested: boolean }>(TAGGED, 'gifts', 'query')).erasureRequested).toBe(true);
    expect((await asDonor<{ id: number }>(TAGGED, 'requestErasure', 'mutation')).id).toBe(asked.id);
    const exported = await asDonor<{ erasureRequests: { id: number; status: string }[] }>(
      TAGGED,
      'exportData',
      'query',
    );
    expect(exported.erasureRequests).toEqual([expect.objectContaining({ id: asked.id, status: 'requested' })]);
    const [requests] = await t.db.orm.em.fork().execute<{ count: string }[]>('select count(*) from erasure_requests');
    expect(Number(requests?.count)).toBe(1);

    // An appeal's update: Ravi only.
    const posted = await staff<{ mailed: number }>('appeals.postUpdate', 'mutation', {
      appealId: appeal.id,
      text: 'Bruno’s surgery went well.',
      mailDonors: true,
    });
    expect(posted.mailed).toBe(1);

    // A segment's mail: Priya is in the segment, with no address to write to while her request waits.
    const segment = { kind: 'appeal', appealId: appeal.id };
    expect(await staff('retention.mailPreview', 'query', { segment })).toMatchObject({
      donors: 2,
      toMail: 1,
      noAddress: 1,
    });
    const sent = await staff<{ mailed: number }>('retention.mail', 'mutation', {
      segment,
      subject: 'We miss you at the shelter',
      text: 'Ruby had her puppies this week.',
    });
    expect(sent.mailed).toBe(1);

    expect(await toPriya()).toEqual(before);
    const toRavi = (await mailTo(t, 'ravi@example.com')).map((mail) => mail.subject);
    expect(toRavi).toEqual(expect.arrayContaining(['Update: Bruno’s surgery', 'We miss you at the shelter']));
  });
});
