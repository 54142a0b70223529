import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_CONSENT_WORDING_VERSION } from '../../../shared/news-consent';
import { resolveDataEncryptionKey } from '../../platform/personal-data/data-encryption-key';
import { donationBody } from '../../test/donation-fixtures';
import { createTestApp, deliverSandboxWebhooks, SITE, type TestApp } from '../../test/test-app';
import { donorToken } from './donor-link';

/**
 * Consent to news of the animals: recorded (time, source, the words' version) only when the donate
 * form's box is ticked and the gift is then paid (a checkout never paid consents to nothing), through
 * tRPC and REST alike; refused when it is not a boolean; withdrawn and
 * given again on the donor's page, its newest answer being the one that counts.
 */

let t: TestApp;
let key: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  // Payments are recorded as in production: by the sandbox's webhooks.
  deliverSandboxWebhooks(t);
  key = resolveDataEncryptionKey(t.config);
});
afterAll(() => t?.close());

interface ConsentRow {
  consented: boolean;
  source: string;
  wording_version: string;
  donation_id: number | null;
}

/** A donor page's call, with its link's token (or none). */
function donorCall(path: string, type: 'query' | 'mutation', input: unknown, token: string | null) {
  const headers: Record<string, string> = { origin: SITE, ...(token && { 'x-donor-token': token }) };
  return type === 'query'
    ? t.app.inject({ method: 'GET', url: `/trpc/donor.${path}`, headers })
    : t.app.inject({ method: 'POST', url: `/trpc/donor.${path}`, headers, payload: (input ?? {}) as object });
}

/** The donor pays in the sandbox's checkout; its webhooks record the payment. */
async function pay(target: { orderId: string } | { subscriptionId: string }) {
  await t.emulator.completePayment(target);
  await t.emulator.webhooksIdle();
}

const consentsOf = (email: string) =>
  t.db.orm.em
    .fork()
    .execute<ConsentRow[]>(
      'select consented, source, wording_version, donation_id from news_consents where email = ? order by id',
      [email],
    );

describe('consent to news of the animals', () => {
  it('tRPC: a ticked box is consent only once the gift is paid, with the donation and the words’ version', async () => {
    const ticked = await t.caller.donation.create(donationBody({ email: 'Ticked@Example.com', newsConsent: true }));
    // A checkout created and never paid consents to nothing: anyone can type an address.
    expect(await consentsOf('ticked@example.com')).toEqual([]);
    await pay({ orderId: ticked.order.id });
    expect(await consentsOf('ticked@example.com')).toEqual([
      {
        consented: true,
        source: 'donate_form',
        wording_version: NEWS_CONSENT_WORDING_VERSION,
        donation_id: ticked.donation.id,
      },
    ]);
    for (const email of ['unticked@example.com', 'silent@example.com']) {
      const created = await t.caller.donation.create(
        donationBody({ email, ...(email.startsWith('un') ? { newsConsent: false } : {}) }),
      );
      await pay({ orderId: created.order.id });
      expect(await consentsOf(email)).toEqual([]);
    }
  });

  it("a donor who said no is not subscribed by someone else's unpaid checkout with the box ticked", async () => {
    const token = donorToken('said.no@example.com', key);
    expect((await donorCall('setNewsConsent', 'mutation', { wantsNews: false }, token)).statusCode).toBe(200);
    const stranger = await t.caller.donation.create(donationBody({ email: 'Said.No@example.com', newsConsent: true }));
    await t.emulator.webhooksIdle();
    expect((await donorCall('newsConsent', 'query', undefined, token)).json().result.data).toEqual({
      wantsNews: false,
    });
    expect((await consentsOf('said.no@example.com')).map((row) => row.consented)).toEqual([false]);
    // Its row keeps the wish, which nothing turns into consent while it is unpaid.
    const [row] = await t.db.orm.em
      .fork()
      .execute<{ news_consent_wish: boolean; status: string }[]>(
        'select news_consent_wish, status from donations where id = ?',
        [stranger.donation.id],
      );
    expect(row).toEqual({ news_consent_wish: true, status: 'pending' });
  });

  it('REST: the same for a one-time and a monthly gift, and a 400 naming newsConsent when it is not a boolean', async () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    const once = await post('/api/donations', donationBody({ email: 'rest@example.com', newsConsent: true }));
    expect(once.statusCode).toBe(200);
    const monthly = donationBody({ email: 'monthly@example.com', donationType: 'monthly', newsConsent: true });
    const started = await post('/api/subscriptions', monthly);
    expect(started.statusCode).toBe(200);
    const no = await post('/api/donations', donationBody({ email: 'no@example.com', newsConsent: false }));
    expect(no.statusCode).toBe(200);
    expect(await consentsOf('rest@example.com')).toEqual([]);
    expect(await consentsOf('monthly@example.com')).toEqual([]);
    await pay({ orderId: once.json().order.id });
    await pay({ subscriptionId: started.json().subscription.id });
    await pay({ orderId: no.json().order.id });
    expect((await consentsOf('rest@example.com')).map((row) => row.consented)).toEqual([true]);
    expect((await consentsOf('monthly@example.com')).map((row) => row.consented)).toEqual([true]);
    expect(await consentsOf('no@example.com')).toEqual([]);

    const refused = await post('/api/donations', donationBody({ email: 'typo@example.com', newsConsent: 'yes' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: 'newsConsent', message: 'Must be true or false' }]);
    expect(await consentsOf('typo@example.com')).toEqual([]);
  });

  it("withdrawn on the donor's page (and given again there), the newest answer counting", async () => {
    const call = (
      path: string,
      type: 'query' | 'mutation',
      input?: unknown,
      token = donorToken('ticked@example.com', key),
    ) => donorCall(path, type, input, token);
    expect((await call('newsConsent', 'query')).json().result.data).toEqual({ wantsNews: true });

    expect((await call('setNewsConsent', 'mutation', { wantsNews: false })).statusCode).toBe(200);
    expect((await call('newsConsent', 'query')).json().result.data).toEqual({ wantsNews: false });
    expect((await consentsOf('ticked@example.com')).map(({ consented, source }) => [consented, source])).toEqual([
      [true, 'donate_form'],
      [false, 'donor_page'],
    ]);

    expect((await call('setNewsConsent', 'mutation', { wantsNews: 'no' })).statusCode).toBe(400);
    // Without a donor's link: refused, nothing recorded.
    const stranger = await donorCall('setNewsConsent', 'mutation', { wantsNews: true }, null);
    expect(stranger.statusCode).toBe(401);
    expect(await consentsOf('ticked@example.com')).toHaveLength(2);
  });
});
