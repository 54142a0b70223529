import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { donorEmail, mailTo } from '../../test/mail-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The donor's optional 80G details: validated with the field named, encrypted at rest, on every receipt. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const query = <T>(sql: string, params: unknown[] = []) => t.db.orm.em.execute<T[]>(sql, params);
const address = '12 Beach Road, Chennai 600001';

describe('the 80G fields of a donation', () => {
  it('are refused with the field named: a bad PAN, a bad Aadhaar, a missing address, both IDs', async () => {
    const cases: [object, string][] = [
      [{ wants80g: true, pan: 'ABCD1234F', address }, 'pan'],
      [{ wants80g: true, aadhaar: '234567890123', address }, 'aadhaar'],
      [{ wants80g: true, pan: 'ABCDE1234F' }, 'address'],
      [{ wants80g: true, pan: 'ABCDE1234F', aadhaar: '999941057058', address }, 'aadhaar'],
      [{ pan: 'ABCDE1234F' }, 'pan'],
    ];
    for (const [fields, path] of cases) {
      for (const url of ['/api/donations', '/api/subscriptions']) {
        const type = url === '/api/donations' ? 'one-time' : 'monthly';
        const response = await post(url, donationBody({ donationType: type, ...fields }));
        expect(response.statusCode, `${url} ${JSON.stringify(fields)}`).toBe(400);
        const paths = response.json().issues.map((issue: { path: string }) => issue.path);
        // Each reason once: the cross-field rules run once per body.
        expect(
          paths.filter((named: string) => named === path),
          `${url} ${JSON.stringify(fields)}`,
        ).toHaveLength(1);
      }
    }
    const [row] = await query<{ count: string }>('select count(*) from donations');
    expect(Number(row?.count)).toBe(0);
  });

  it('store the PAN only encrypted and masked, never in any column, and the receipt shows it masked', async () => {
    const email = donorEmail('pan');
    const response = await post(
      '/api/donations',
      donationBody({ email, wants80g: true, pan: ' abcde1234f ', address }),
    );
    expect(response.statusCode).toBe(200);
    const { donation, order } = response.json();
    const [row] = await query<Record<string, unknown>>('select * from donations where id = ?', [donation.id]);
    expect(row).toMatchObject({ address, tax_id_kind: 'pan', tax_id_masked: 'XXXXX1234F' });
    expect(JSON.stringify(row)).not.toContain('ABCDE1234F');
    expect(t.deps.cipher.decrypt(String(row?.tax_id_encrypted))).toBe('ABCDE1234F');

    const success = await t.emulator.completePayment({ orderId: order.id });
    expect((await post('/api/verify-payment', { ...success, donation_id: donation.id })).statusCode).toBe(200);
    const [receipt] = await query<Record<string, unknown>>('select * from receipts where donation_id = ?', [
      donation.id,
    ]);
    expect(receipt).toMatchObject({ donor_address: address, donor_id_kind: 'pan', donor_id_masked: 'XXXXX1234F' });
    expect(JSON.stringify(receipt)).not.toContain('ABCDE1234F');
    const [mail] = await mailTo(t, email);
    // With a PAN given, the mail does not ask for one.
    expect(mail?.text).not.toContain('To claim a deduction');
  });

  it('take an Aadhaar with spaces, and nothing for a donor who skips them', async () => {
    const withAadhaar = await t.caller.donation.create(
      donationBody({ wants80g: true, aadhaar: '9999 4105 7058', address }),
    );
    const skipped = await t.caller.donation.create(donationBody());
    const rows = await query<Record<string, unknown>>(
      'select id, address, tax_id_kind, tax_id_masked, tax_id_encrypted from donations where id in (?, ?) order by id',
      [withAadhaar.donation.id, skipped.donation.id],
    );
    expect(rows[0]).toMatchObject({ tax_id_kind: 'aadhaar', tax_id_masked: 'XXXX XXXX 7058' });
    expect(JSON.stringify(rows[0])).not.toContain('999941057058');
    expect(rows[1]).toEqual({
      id: skipped.donation.id,
      address: null,
      tax_id_kind: null,
      tax_id_masked: null,
      tax_id_encrypted: null,
    });
  });

  it('are in the OpenAPI document of both creates', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of ['/donations', '/subscriptions']) {
      const body = document.paths[path].post.requestBody.content['application/json'].schema;
      expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['wants80g', 'pan', 'aadhaar', 'address']));
      expect(body.required).not.toContain('pan');
    }
    const verify = document.paths['/verify-payment'].post.responses['200'].content['application/json'].schema;
    expect(verify.properties).toHaveProperty('receipt');
  });
});
