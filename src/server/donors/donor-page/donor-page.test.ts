import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donorToken } from '../../gifts/donor-keys/donor-link';
import { resolveDataEncryptionKey } from '../../platform/personal-data/data-encryption-key';
import { pdfText, seedPaidGift } from '../../test/donor-fixtures';
import { createTestApp, SITE, type TestApp } from '../../test/test-app';
import { LINK_SENT } from '../../transports/routes/link-request';

let t: TestApp;
let key: Buffer;
let token: string;
let receiptId: number;
let subscriptionId: number;
let razorpaySubscriptionId: string;

beforeAll(async () => {
  t = await createTestApp();
  key = resolveDataEncryptionKey(t.config);
  token = donorToken('asha@example.com', key);
  const asha = { name: 'Asha Raman', email: 'Asha@Example.com', address: '12 Beach Road, Chennai 600001' };
  const taxId = { kind: 'pan' as const, value: 'ABCDE1234F' };
  ({
    receipt: { id: receiptId },
  } = await seedPaidGift(t.db.orm, key, {
    ...asha,
    at: '2026-05-01T10:00:00+05:30',
    rupees: 1000,
    taxId,
    purpose: 'Food',
  }));
  await seedPaidGift(t.db.orm, key, { ...asha, at: '2026-09-01T10:00:00+05:30', rupees: 2500, taxId });
  await seedPaidGift(t.db.orm, key, { ...asha, at: '2026-10-01T10:00:00+05:30', rupees: 700, taxId, refunded: true });
  await seedPaidGift(t.db.orm, key, { ...asha, at: '2027-04-02T10:00:00+05:30', rupees: 300, taxId });
  await seedPaidGift(t.db.orm, key, {
    name: 'Ravi',
    email: 'ravi@example.com',
    at: '2026-06-01T10:00:00+05:30',
    rupees: 999,
  });
  // A real monthly gift at the sandbox, so cancelling goes through Razorpay's API as it would live.
  const { subscription } = await t.deps.plans.subscribe(50000, { totalCount: 12, notes: {} });
  razorpaySubscriptionId = subscription.id;
  const sql = t.db.orm.em;
  const [first] = await sql.execute<{ id: number }[]>(
    `insert into donations (name, email, phone, amount, donation_type, status, created_at)
     values ('Asha Raman', 'asha@example.com', '9876543210', 50000, 'monthly', 'paid', '2026-11-01T10:00:00+05:30')
     returning id`,
  );
  const [sub] = await sql.execute<{ id: number }[]>(
    `insert into subscriptions (donation_id, razorpay_subscription_id, status) values (?, ?, 'active') returning id`,
    [first?.id, razorpaySubscriptionId],
  );
  subscriptionId = sub?.id as number;
});
afterAll(() => t.close());

const asDonor = (path: string, type: 'query' | 'mutation', input?: unknown, as: string = token) => {
  const headers = { 'x-donor-token': as };
  return type === 'query'
    ? t.app.inject({
        method: 'GET',
        url: `/trpc/${path}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`,
        headers,
      })
    : t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers, payload: input ?? {} });
};
const askForLink = (email: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/my-giving/link', payload: { email }, remoteAddress: ip });
const linkMails = async () =>
  t.db.orm.em.execute<{ recipient: string; text_body: string }[]>(
    `select recipient, text_body from mail_outbox where kind = 'donor-link'`,
  );

describe('asking for a link', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const known = await askForLink('ASHA@example.com', '10.0.0.1');
    const unknown = await askForLink('nobody@example.com', '10.0.0.2');
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: LINK_SENT });
    const mails = await linkMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.recipient).toBe('asha@example.com');
    expect(mails[0]?.text_body).toMatch(new RegExp(`${SITE}/my-giving\\?token=[\\w-]+\\.[\\w-]+`));
  });

  it('allows one request a minute per address and per e-mail, and refuses a bad address with the field', async () => {
    expect((await askForLink('ravi@example.com', '10.0.0.3')).statusCode).toBe(202);
    const sameEmail = await askForLink('ravi@example.com', '10.0.0.4');
    expect(sameEmail.statusCode).toBe(429);
    expect(sameEmail.headers['retry-after']).toBe('60');
    expect((await askForLink('someone@example.com', '10.0.0.3')).statusCode).toBe(429);
    const bad = await askForLink('not an address', '10.0.0.5');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('email');
  });
});

describe("the donor's page", () => {
  it('lists their gifts with receipts and the years with a statement, and refuses a bad or missing token', async () => {
    const response = await asDonor('donor.gifts', 'query');
    expect(response.statusCode).toBe(200);
    const page = response.json().result.data;
    expect(page.email).toBe('asha@example.com');
    expect(page.gifts.map((gift: { amount: number; status: string }) => [gift.amount, gift.status])).toEqual([
      [30000, 'paid'],
      [50000, 'paid'], // the monthly gift's first charge (no receipt seeded)
      [70000, 'refunded'],
      [250000, 'paid'],
      [100000, 'paid'],
    ]);
    expect(page.gifts[4].receipt).toMatchObject({ id: receiptId, number: 'CART/2026-27/000001', status: 'issued' });
    expect(page.statementYears).toEqual(['2027-28', '2026-27']);
    expect(page.monthly).toEqual([expect.objectContaining({ id: subscriptionId, status: 'active', canCancel: true })]);
    expect((await asDonor('donor.gifts', 'query', undefined, `${token}x`)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/trpc/donor.gifts' })).statusCode).toBe(401);
  });

  it("downloads their own receipt, never another donor's", async () => {
    const url = (id: number, as = token) => `/api/my-giving/receipts/${id}.pdf?token=${as}`;
    const own = await t.app.inject({ method: 'GET', url: url(receiptId) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect((await pdfText(own.rawPayload))[0]).toContain('CART/2026-27/000001');
    const ravis = await t.app.inject({ method: 'GET', url: url(receiptId, donorToken('ravi@example.com', key)) });
    expect(ravis.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url(receiptId, 'forged.token') })).statusCode).toBe(401);
  });

  it("downloads the year's statement: every issued receipt of the year and the total, refunds left out", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/my-giving/statement.pdf?year=2026-27',
      headers: { 'x-donor-token': token },
    });
    expect(response.statusCode).toBe(200);
    const [text] = await pdfText(response.rawPayload);
    for (const expected of [
      'Statement of donations, financial year 2026-27',
      'Asha Raman',
      'XXXXX1234F',
      'CART/2026-27/000001',
      '1 May 2026',
      'Food',
      '₹1,000.00',
      '₹2,500.00',
      'Total ₹3,500.00',
      'Rupees Three Thousand Five Hundred Only',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('₹700.00');
    expect(text).not.toContain('₹300.00');
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/my-giving/statement.pdf?year=2020-21',
      headers: { 'x-donor-token': token },
    });
    expect(none.statusCode).toBe(404);
  });

  it('cancels a monthly gift through the gateway (the sandbox), says how to give a new amount, and audits it', async () => {
    const cancelled = await asDonor('donor.cancelMonthly', 'mutation', { subscriptionId });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().result.data).toMatchObject({
      id: subscriptionId,
      status: 'cancelled',
      donateUrl: `${SITE}/donate?type=monthly`,
      note: expect.stringContaining('new monthly gift'),
    });
    expect(await t.deps.gateway.fetchSubscription(razorpaySubscriptionId)).toMatchObject({ status: 'cancelled' });
    expect((await asDonor('donor.cancelMonthly', 'mutation', { subscriptionId })).statusCode).toBe(409);
    const ravi = donorToken('ravi@example.com', key);
    expect((await asDonor('donor.cancelMonthly', 'mutation', { subscriptionId }, ravi)).statusCode).toBe(404);
    const [entry] = await t.db.orm.em.execute(
      `select username, details from staff_audit where action = 'donor_subscription_cancelled'`,
    );
    expect(entry).toMatchObject({ username: 'donor', details: { subscriptionId, razorpaySubscriptionId } });
  });

  it('gives the donor their data as JSON', async () => {
    const response = await asDonor('donor.exportData', 'query');
    expect(response.statusCode).toBe(200);
    const data = response.json().result.data;
    expect(data.email).toBe('asha@example.com');
    expect(data.donations).toHaveLength(5);
    expect(data.receipts).toHaveLength(4);
    expect(data.receipts[0]).toMatchObject({ idMasked: 'XXXXX1234F', address: '12 Beach Road, Chennai 600001' });
    expect(JSON.stringify(data)).not.toContain('ABCDE1234F');
    expect(data.monthlyGifts).toEqual([expect.objectContaining({ id: subscriptionId, status: 'cancelled' })]);
  });
});
