import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../../shared/offline-gift.schema';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';

/** The donors list's search finds a phone however it was typed, on any of the donor's gifts. */
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
    const spaced = await cash({ name: 'Priya Sharma', email: 'priya.s@example.com', phone: '+91 98400 12345' });
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
