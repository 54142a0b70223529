import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachDonor } from '../../gifts/donor-keys/attach-donor';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';

/**
 * The thank-you queue on fixtures: each donor's first gift (by donor record, however their address
 * was written) and every gift at or over the amount staff set; a donor's second small gift is not
 * in it; ticking off takes a gift out of the open queue (and unticking puts it back), and the
 * overview's count says how many waited more than 48 hours.
 */
let t: TestApp;
let staff: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('volunteer', 'staff');
  await t.addAccount('trustee', 'admin');
  staff = await t.signIn('volunteer');
  admin = await t.signIn('trustee');
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const sql = <T>(text: string, params: unknown[] = []) => t.db.orm.em.fork().execute<T[]>(text, params);

/** A paid gift `hoursAgo` hours old, joined to its donor as settlement joins it. */
async function gift(email: string, rupees: number, hoursAgo: number, fields: { mode?: string; name?: string } = {}) {
  const [row] = await sql<{ id: number }>(
    `insert into donations (name, email, phone, amount, donation_type, status, mode, language, created_at)
     values (?, ?, '+91 98400 12345', ?, 'one-time', 'paid', ?, 'ta', ?) returning id`,
    [fields.name ?? 'Kavya', email, rupees * 100, fields.mode ?? 'online', new Date(Date.now() - hoursAgo * HOUR)],
  );
  const id = (row as { id: number }).id;
  await attachDonor(t.db.orm.em.fork(), id);
  return id;
}

interface Entry {
  donationId: number;
  firstGift: boolean;
  bigGift: boolean;
  calledBy: string | null;
  [key: string]: unknown;
}
const call = async (path: string, type: 'query' | 'mutation', input?: unknown, token = staff) => {
  const response = await callProcedure(t.app, path, type, { token, input });
  return { status: response.statusCode, body: response.json() };
};
const queue = async (called = false) =>
  (await call('staff.thanks.list', 'query', { called })).body.result.data as { threshold: number; entries: Entry[] };
const overdue = async () =>
  (await call('staff.thanks.overdue', 'query')).body.result.data as { open: number; overdue: number };
const inQueue = async (id: number, called = false) => (await queue(called)).entries.find((e) => e.donationId === id);

describe('the thank-you queue', () => {
  it('holds first gifts and big gifts, not a second small gift; ticking removes, unticking restores', async () => {
    const before = await overdue();
    // Kavya's first gift, three days ago, then a second small one by cheque, under another spelling of her address.
    const first = await gift('kavya.r@gmail.com', 500, 72);
    const second = await gift('KavyaR+shelter@gmail.com', 700, 1, { mode: 'cheque' });
    // Her third gift is large (the default threshold is ₹10,000): in the queue, though not her first.
    const large = await gift('kavyar@gmail.com', 10_000, 2);
    // A gift just under the threshold from a donor who gave before: not in it.
    const earlier = await gift('mohan@example.com', 100, 100);
    const under = await gift('mohan@example.com', 9_999, 1);

    const open = await queue();
    expect(open.threshold).toBe(1_000_000);
    expect(open.entries.find((e) => e.donationId === first)).toMatchObject({
      firstGift: true,
      bigGift: false,
      name: 'Kavya',
      phone: '+91 98400 12345',
      language: 'ta',
      amount: 50_000,
      mode: 'online',
      calledBy: null,
    });
    expect(open.entries.find((e) => e.donationId === large)).toMatchObject({ firstGift: false, bigGift: true });
    expect(open.entries.find((e) => e.donationId === earlier)).toMatchObject({ firstGift: true });
    expect(open.entries.some((e) => e.donationId === second)).toBe(false);
    expect(open.entries.some((e) => e.donationId === under)).toBe(false);
    // Oldest first: the one waiting longest at the top.
    const order = open.entries.map((e) => e.donationId);
    expect(order.indexOf(earlier)).toBeLessThan(order.indexOf(first));

    // Two gifts waited more than 48 hours (Mohan's and Kavya's first); two more wait.
    expect(await overdue()).toEqual({ open: before.open + 3, overdue: before.overdue + 2 });

    expect((await call('staff.thanks.tick', 'mutation', { donationId: first })).status).toBe(200);
    expect(await inQueue(first)).toBeUndefined();
    expect(await inQueue(first, true)).toMatchObject({ calledBy: 'volunteer', calledAt: expect.any(String) });
    expect(await overdue()).toEqual({ open: before.open + 2, overdue: before.overdue + 1 });
    // Ticked twice: refused, naming who called.
    const twice = await call('staff.thanks.tick', 'mutation', { donationId: first });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toContain('volunteer');

    expect((await call('staff.thanks.untick', 'mutation', { donationId: first })).status).toBe(200);
    expect(await inQueue(first)).toMatchObject({ calledBy: null });
    const audit = await sql<{ username: string; action: string; details: unknown }>(
      `select username, action, details from staff_audit where action in ('thank_you_ticked', 'thank_you_unticked')
        and (details ->> 'donationId')::int = ? order by id`,
      [first],
    );
    expect(audit).toEqual([
      { username: 'volunteer', action: 'thank_you_ticked', details: { donationId: first } },
      { username: 'volunteer', action: 'thank_you_unticked', details: { donationId: first, calledBy: 'volunteer' } },
    ]);
  });

  it('lets admins lower the amount: a gift at it enters the queue', async () => {
    await gift('asha@example.com', 50, 200);
    const mid = await gift('asha@example.com', 5_000, 1);
    expect(await inQueue(mid)).toBeUndefined();
    expect((await call('staff.thanks.setThreshold', 'mutation', { threshold: 500_000 }, admin)).status).toBe(200);
    expect(await inQueue(mid)).toMatchObject({ firstGift: false, bigGift: true });
    expect((await call('staff.thanks.setThreshold', 'mutation', { threshold: 1_000_000 }, admin)).status).toBe(200);
  });

  it('picks gifts by the day they were given: old cheques entered today do not fill it, a recent one does', async () => {
    const cheque = async (email: string, receivedOn: string) => {
      const id = await gift(email, 100_000, 0, { mode: 'cheque' });
      await sql('update donations set received_on = ? where id = ?', [receivedOn, id]);
      return id;
    };
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 24 * HOUR).toISOString().slice(0, 10);
    // A year of old cheques, each the first (and a big) gift of its donor, entered just now.
    const old = [await cheque('old.cheque1@example.com', day(400)), await cheque('old.cheque2@example.com', day(90))];
    const recent = await cheque('new.cheque@example.com', day(2));
    const { entries } = await queue();
    for (const id of old) expect(entries.find((entry) => entry.donationId === id)).toBeUndefined();
    const entry = entries.find((candidate) => candidate.donationId === recent);
    expect(entry).toMatchObject({ firstGift: true, bigGift: true });
    // Its age counts from the day it came (India midnight), not from when it was entered.
    expect(entry?.givenAt).toBe(new Date(`${day(2)}T00:00:00+05:30`).toISOString());
  });

  it('answers bad input with 400 and the field, an unknown gift with 404', async () => {
    const bad = await call('staff.thanks.setThreshold', 'mutation', { threshold: 12.5 }, admin);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('threshold');
    expect((await call('staff.thanks.tick', 'mutation', { donationId: 'x' })).status).toBe(400);
    expect((await call('staff.thanks.tick', 'mutation', { donationId: 99_999_999 })).status).toBe(404);
    expect((await call('staff.thanks.untick', 'mutation', { donationId: 99_999_999 })).status).toBe(404);
  });
});
