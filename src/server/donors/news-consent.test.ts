import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_CONSENT_WORDING_VERSION } from '../../shared/news-consent';
import { resolveDataEncryptionKey } from '../personal-data/data-encryption-key';
import { donationBody } from '../test/donation-fixtures';
import { createTestApp, SITE, type TestApp } from '../test/test-app';
import { donorToken } from './donor-link';

/**
 * Consent to news of the animals: recorded (time, source, the words' version) only when the donate
 * form's box is ticked, through tRPC and REST alike; refused when it is not a boolean; withdrawn and
 * given again on the donor's page, its newest answer being the one that counts.
 */

let t: TestApp;
let key: Buffer;

beforeAll(async () => {
  t = await createTestApp();
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

const consentsOf = (email: string) =>
  t.db.orm.em
    .fork()
    .execute<ConsentRow[]>(
      'select consented, source, wording_version, donation_id from news_consents where email = ? order by id',
      [email],
    );

describe('consent to news of the animals', () => {
  it('tRPC: recorded when ticked, with the donation and the words’ version; nothing when unticked or not sent', async () => {
    const ticked = await t.caller.donation.create(donationBody({ email: 'Ticked@Example.com', newsConsent: true }));
    expect(await consentsOf('ticked@example.com')).toEqual([
      {
        consented: true,
        source: 'donate_form',
        wording_version: NEWS_CONSENT_WORDING_VERSION,
        donation_id: ticked.donation.id,
      },
    ]);
    await t.caller.donation.create(donationBody({ email: 'unticked@example.com', newsConsent: false }));
    await t.caller.donation.create(donationBody({ email: 'silent@example.com' }));
    expect(await consentsOf('unticked@example.com')).toEqual([]);
    expect(await consentsOf('silent@example.com')).toEqual([]);
  });

  it('REST: the same for a one-time and a monthly gift, and a 400 naming newsConsent when it is not a boolean', async () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    expect(
      (await post('/api/donations', donationBody({ email: 'rest@example.com', newsConsent: true }))).statusCode,
    ).toBe(200);
    const monthly = donationBody({ email: 'monthly@example.com', donationType: 'monthly', newsConsent: true });
    expect((await post('/api/subscriptions', monthly)).statusCode).toBe(200);
    expect(
      (await post('/api/donations', donationBody({ email: 'no@example.com', newsConsent: false }))).statusCode,
    ).toBe(200);
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
