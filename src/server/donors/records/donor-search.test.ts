import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../../shared/offline-gift.schema';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';

/** The donors list's search finds a phone however it was typed, and any name, e-mail or phone, on any of the donor's gifts. */
let t: TestApp;
let clerk: string;
let reference = 900;

beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('clerk', 'staff');
  clerk = await t.signIn('clerk');
});
afterAll(() => t.close());

async function cash(gift: { name: string; email: string; phone: string }): Promise<number> {
  reference += 1;
  const response = await callProcedure(t.app, 'staff.offlineGifts.record', 'mutation', {
    token: clerk,
    input: { amount: 50_000, mode: 'cash', receivedOn: indiaToday(), reference: `S${reference}`, ...gift },
  });
  expect(response.statusCode, response.body).toBe(200);
  const donationId = response.json().result.data.donationId as number;
  const [row] = await t.db.orm.em
    .fork()
    .execute<{ donor_id: number }[]>('select donor_id from donations where id = ?', [donationId]);
  return row?.donor_id as number;
}

const found = async (search: string) => {
  const response = await callProcedure(t.app, 'staff.donors.list', 'query', { token: clerk, input: { search } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data.rows.map((row: { id: number }) => row.id) as number[];
};

describe('donors search by phone', () => {
  it('finds a phone typed with or without spaces, on an older gift too', async () => {
    const spaced = await cash({ name: 'Meena Iyer', email: 'meena.i@example.com', phone: '+91 98400 12345' });
    const plain = await cash({ name: 'Arun Kumar', email: 'arun.k@example.com', phone: '9840054321' });
    // Arun's newer gift gives another phone: his first is still found.
    await cash({ name: 'Arun Kumar', email: 'arun.k@example.com', phone: '9000011111' });
    expect(await found('9840012345')).toEqual([spaced]);
    expect(await found('+91 98400 12345')).toEqual([spaced]);
    expect(await found('98400 54321')).toEqual([plain]);
    expect(await found('+91-98400-54321')).toEqual([plain]);
    expect(await found('9000011111')).toEqual([plain]);
  });
});

describe('donors search by any gift', () => {
  it("finds a donor by the name of an older gift, not only the newest's", async () => {
    const priya = await cash({ name: 'Priya Sharma', email: 'priya.sharma@example.com', phone: '9000022222' });
    expect(await cash({ name: 'P. Sharma', email: 'priya.sharma@example.com', phone: '9000033333' })).toBe(priya);
    expect(await found('Priya')).toEqual([priya]);
    expect(await found('P. Sharma')).toEqual([priya]);
    expect(await found('priya sharma')).toEqual([priya]);
    // The list still shows the newest gift's name.
    const response = await callProcedure(t.app, 'staff.donors.list', 'query', {
      token: clerk,
      input: { search: 'Priya' },
    });
    expect(response.json().result.data.rows[0].name).toBe('P. Sharma');
  });

  it("finds a merged record's names on the record it was merged into, and loses them on undo", async () => {
    const into = await cash({ name: 'Lakshmi Venkat', email: 'lakshmi.v@example.com', phone: '9000044444' });
    const from = await cash({ name: 'Lakshmi Venkataraman', email: 'lv.office@example.org', phone: '9000055555' });
    expect(await found('Venkataraman')).toEqual([from]);
    const merge = async (path: string, input: unknown) => {
      const response = await callProcedure(t.app, `staff.donors.${path}`, 'mutation', { token: clerk, input });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().result.data;
    };
    const merged = await merge('merge', { intoId: into, fromId: from });
    expect(await found('Venkataraman')).toEqual([into]);
    expect(await found('lv.office')).toEqual([into]);
    expect(await found('Lakshmi Venkat')).toEqual([into]);
    await merge('undoMerge', { mergeId: merged.mergeId });
    expect(await found('Venkataraman')).toEqual([from]);
    expect((await found('Lakshmi Venkat')).sort()).toEqual([into, from].sort());
  });

  it('escapes % and _ so they match themselves', async () => {
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
  });
});
