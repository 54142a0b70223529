import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Donation } from '../../gifts/donations/donation.entity';
import { donationBody } from '../../test/donation-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
const countDonations = () => t.db.orm.em.fork().count(Donation);

/** A 400 naming exactly this field, and nothing written. */
async function expectFieldError(url: string, body: unknown, path: string, message: RegExp) {
  const before = await countDonations();
  const response = await post(url, body);
  expect(response.statusCode).toBe(400);
  const json = response.json();
  expect(json.message).toBe('Invalid input');
  expect(json.issues).toEqual([{ path, message: expect.stringMatching(message) }]);
  expect(await countDonations()).toBe(before);
}

describe('donation input validation (both create paths)', () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['missing name', { name: undefined }, 'name', /./],
    ['blank name', { name: '   ' }, 'name', /Required/],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, 'name', /at most 100/],
    ['a NUL character in the name', { name: 'Asha\u0000Raman' }, 'name', /control characters/],
    ['an invalid email', { email: 'not-an-email' }, 'email', /Invalid email/],
    ['a phone under 10 characters', { phone: '12345' }, 'phone', /at least 10/],
    ['a phone over 15 characters', { phone: '1234567890123456' }, 'phone', /at most 15/],
    ['a phone with letters', { phone: '98765abcde' }, 'phone', /digits/],
    ['an amount under 100 paise', { amount: 99 }, 'amount', /at least ₹1 \(100 paise\)/],
    ['a fractional amount', { amount: 100.5 }, 'amount', /whole number/],
    ['an amount as a string', { amount: '50000' }, 'amount', /number/],
    ['an absurd amount', { amount: 10_000_000_000 }, 'amount', /at most/],
    ['an unknown donation type', { donationType: 'yearly' }, 'donationType', /one-time/],
    ['an unknown purpose', { purpose: 'parties' }, 'purpose', /general/],
    ['a long custom amount', { customAmount: '9'.repeat(21) }, 'customAmount', /at most 20/],
  ];

  for (const url of ['/api/donations', '/api/subscriptions']) {
    for (const [label, change, path, message] of cases) {
      it(`${url}: 400 for ${label}`, async () => {
        await expectFieldError(url, donationBody(change as never), path, message);
      });
    }
  }

  it('lists every invalid field at once', async () => {
    const response = await post('/api/donations', { amount: 5 });
    expect(response.statusCode).toBe(400);
    const paths = response.json().issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'email', 'phone', 'amount', 'donationType']));
  });

  it('answers 400 for a body that is not an object', async () => {
    const response = await post('/api/donations', [1, 2, 3]);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('');
  });
});

describe('malformed and oversized requests', () => {
  it('answers 400 with an issue for malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/donations',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Asha",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The body is not valid JSON', issues: [expect.any(Object)] });
  });

  it('answers 400 for an empty JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The body is empty');
  });

  it('answers 413 over the body limit, without writing anything', async () => {
    const before = await countDonations();
    const response = await post('/api/donations', donationBody({ name: 'x'.repeat(20_000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The body is larger than 16 KB' });
    expect(await countDonations()).toBe(before);
  });

  it('answers 400 for an invalid verification body, naming the fields', async () => {
    const response = await post('/api/verify-payment', {
      donation_id: 'one',
      razorpay_payment_id: 'order_123',
      razorpay_signature: 'nothex',
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['donation_id', 'razorpay_payment_id', 'razorpay_signature']));
  });

  it('answers 400 when neither an order nor a subscription id is sent', async () => {
    const response = await post('/api/verify-payment', {
      donation_id: 1,
      razorpay_payment_id: 'pay_AAAAAAAAAAAAAA',
      razorpay_signature: 'a'.repeat(64),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'razorpay_order_id', message: expect.stringContaining('razorpay_subscription_id') },
    ]);
  });

  it('never answers with a stack trace or SQL', async () => {
    const responses = await Promise.all([
      post('/api/donations', { name: { $ne: 1 } }),
      post('/api/verify-payment', { donation_id: 2 ** 40 }),
      post('/api/donations', donationBody({ amount: Number.MAX_SAFE_INTEGER })),
    ]);
    for (const response of responses) {
      expect(response.statusCode).toBe(400);
      expect(response.body).not.toMatch(/at \w+ \(|node_modules|select |insert /i);
    }
  });
});

describe('hostile strings', () => {
  it('stores them verbatim as data and answers them as JSON', async () => {
    const name = `Robert'); DROP TABLE donations;-- <script>alert(1)</script>`;
    const response = await post('/api/donations', donationBody({ name, customAmount: '<img src=x>' }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const { donation } = response.json();
    expect(donation.name).toBe(name);
    expect((await t.db.orm.em.fork().findOneOrFail(Donation, donation.id)).name).toBe(name);
    expect(await countDonations()).toBeGreaterThan(0);
  });
});
