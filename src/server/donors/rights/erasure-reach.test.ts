import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../../shared/offline-gift.schema';
import { donorToken } from '../../gifts/donor-keys/donor-link';
import { resolveDataEncryptionKey } from '../../platform/personal-data/data-encryption-key';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';

/**
 * Erasure reaches the person, not one spelling of the address (erasure-reach.ts): every gift of the
 * donor record the request's address belongs to, and of every record staff merged into it.
 */
let t: TestApp;
let key: Buffer;
let clerk: string;
let admin: string;
let reference = 500;

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.db.orm.em.fork().execute<T[]>(text, params);

beforeAll(async () => {
  t = await createTestApp();
  key = resolveDataEncryptionKey(t.config);
  await t.addAccount('clerk', 'staff');
  clerk = await t.signIn('clerk');
  await t.addAccount('asha', 'admin');
  admin = await t.signIn('asha');
});
afterAll(() => t.close());

/** A cash gift as staff record it: the donor record is joined by the e-mail key. */
async function cash(gift: { name: string; email: string; phone: string }) {
  reference += 1;
  const response = await callProcedure(t.app, 'staff.offlineGifts.record', 'mutation', {
    token: clerk,
    input: { amount: 100_000, mode: 'cash', receivedOn: indiaToday(), reference: `E${reference}`, ...gift },
  });
  expect(response.statusCode, response.body).toBe(200);
  const donationId = response.json().result.data.donationId as number;
  const [row] = await sql<{ donor_id: number }>('select donor_id from donations where id = ?', [donationId]);
  return { donationId, donorId: row?.donor_id as number };
}

async function askErasure(email: string): Promise<number> {
  const asked = await t.app.inject({
    method: 'POST',
    url: '/trpc/donor.requestErasure',
    headers: { 'x-donor-token': donorToken(email, key) },
    payload: {},
  });
  expect(asked.statusCode, asked.body).toBe(200);
  return asked.json().result.data.id as number;
}

const staffCall = async (path: string, type: 'query' | 'mutation', token: string, input: unknown) => {
  const response = await callProcedure(t.app, path, type, { token, input });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data;
};

const rowsOf = (ids: number[]) =>
  sql<{ id: number; name: string; email: string; phone: string }>(
    `select id, name, email, phone from donations
      where id in (select value::int from jsonb_array_elements_text(?::jsonb)) order by id`,
    [JSON.stringify(ids)],
  );

describe('an erasure reaches the person', () => {
  it('two spellings of one address, one record: asked from one, both spellings erased, the preview says so', async () => {
    const tagged = await cash({ name: 'Priya Sharma', email: 'Priya.Sharma+x@Gmail.com', phone: '+91 98400 12345' });
    const plain = await cash({ name: 'Priya S', email: 'priyasharma@gmail.com', phone: '9840012345' });
    const other = await cash({ name: 'Ravi', email: 'ravi.k@example.com', phone: '9000000009' });
    expect(plain.donorId).toBe(tagged.donorId);
    await sql(`insert into contacts (name, email, subject, message) values ('Priya Sharma', ?, 'Hello', 'Hi')`, [
      'Priya.Sharma+x@Gmail.com',
    ]);
    await sql(
      `insert into news_consents (email, consented, source, wording_version) values ('priya.sharma+x@gmail.com', true, 'donor_page', 1)`,
    );

    const id = await askErasure('priyasharma@gmail.com');
    // The preview is for the admin who completes it: a clerk cannot read it.
    expect(
      (await callProcedure(t.app, 'staff.erasure.preview', 'query', { token: clerk, input: { id } })).statusCode,
    ).toBe(403);
    const preview = await staffCall('staff.erasure.preview', 'query', admin, { id });
    expect(preview).toEqual({
      requestId: id,
      donorIds: [tagged.donorId],
      gifts: 2,
      unpaidCheckouts: 0,
      emails: ['priyasharma@gmail.com', 'priya.sharma+x@gmail.com'],
      names: ['Priya S', 'Priya Sharma'],
      applications: [],
    });

    const done = await staffCall('staff.erasure.complete', 'mutation', admin, { id });
    expect(done).toMatchObject({ donations: 2, contacts: 1 });
    for (const row of await rowsOf([tagged.donationId, plain.donationId])) {
      expect(row).toEqual({
        id: row.id,
        name: 'Erased donor',
        email: `erased-${row.id}@erased.invalid`,
        phone: '0000000000',
      });
    }
    expect(await rowsOf([other.donationId])).toEqual([
      { id: other.donationId, name: 'Ravi', email: 'ravi.k@example.com', phone: '9000000009' },
    ]);
    expect(await sql(`select 1 from contacts where email ilike '%priya%'`)).toEqual([]);
    expect(await sql(`select 1 from news_consents where email ilike '%priya%'`)).toEqual([]);
    expect(await sql('select email_key from donors where id = ?', [tagged.donorId])).toEqual([{ email_key: null }]);
    // Nor does the donors list's search text keep any of her names, addresses or phones.
    expect(await sql(`select 1 from donors where search_text ~* '(priya|98400)'`)).toEqual([]);
  });

  it('a record staff merged into another: asked from either address, every gift of both is erased', async () => {
    const home = await cash({ name: 'Arun Kumar', email: 'arun@example.com', phone: '9111111111' });
    const work = await cash({ name: 'A. Kumar', email: 'a.kumar@work.example', phone: '9222222222' });
    expect(work.donorId).not.toBe(home.donorId);
    await staffCall('staff.donors.merge', 'mutation', clerk, { intoId: home.donorId, fromId: work.donorId });
    // A later gift from the merged address joins the surviving record.
    const later = await cash({ name: 'Arun K', email: 'A.Kumar@work.example', phone: '9222222222' });
    expect(later.donorId).toBe(home.donorId);

    // Asked from the address of the record that was merged away.
    const id = await askErasure('a.kumar@work.example');
    const preview = await staffCall('staff.erasure.preview', 'query', admin, { id });
    expect(preview).toMatchObject({
      donorIds: [home.donorId, work.donorId],
      gifts: 3,
      emails: ['a.kumar@work.example', 'arun@example.com'],
    });
    const done = await staffCall('staff.erasure.complete', 'mutation', admin, { id });
    expect(done).toMatchObject({ donations: 3 });
    const rows = await rowsOf([home.donationId, work.donationId, later.donationId]);
    expect(rows.map((row) => row.name)).toEqual(['Erased donor', 'Erased donor', 'Erased donor']);
    expect(await sql(`select count(*)::int as n from donations where phone in ('9111111111', '9222222222')`)).toEqual([
      { n: 0 },
    ]);
    expect(
      await sql('select count(*)::int as n from donors where id in (?, ?) and email_key is not null', [
        home.donorId,
        work.donorId,
      ]),
    ).toEqual([{ n: 0 }]);
    expect(await sql(`select 1 from donors where search_text ~* '(arun|kumar|9111111111|9222222222)'`)).toEqual([]);
  });
});
