import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../../shared/offline-gift.schema';
import { donationBody } from '../../test/donation-fixtures';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';

/**
 * One person under two e-mail addresses: proposed (by PAN, phone, or name and address), never
 * joined alone; merged by staff with every gift, receipt, monthly gift, certificate and consent
 * kept; undone exactly. A merge of records with different PANs says so first.
 */
let t: TestApp;
let clerk: string;
const TODAY = indiaToday();
const ADDRESS = '12 Gandhi Street, Adyar, Chennai 600020';

beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('clerk', 'staff');
  clerk = await t.signIn('clerk');
});
afterAll(() => t.close());

const sql = <T>(text: string, params: unknown[] = []) => t.db.orm.em.fork().execute<T[]>(text, params);
const call = async (path: string, type: 'query' | 'mutation', input: unknown) =>
  callProcedure(t.app, `staff.donors.${path}`, type, { token: clerk, input });
const ok = async (path: string, type: 'query' | 'mutation', input: unknown) => {
  const response = await call(path, type, input);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data;
};
let reference = 100;
async function cash(gift: Record<string, unknown>) {
  reference += 1;
  const response = await callProcedure(t.app, 'staff.offlineGifts.record', 'mutation', {
    token: clerk,
    input: {
      phone: '9876500000',
      amount: 100_000,
      mode: 'cash',
      receivedOn: TODAY,
      reference: `V${reference}`,
      ...gift,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const donationId = response.json().result.data.donationId as number;
  const [row] = await sql<{ donor_id: number }>('select donor_id from donations where id = ?', [donationId]);
  return { donationId, donorId: row?.donor_id as number };
}
const reasonsFor = async (donorId: number, otherId: number) => {
  const page = await ok('get', 'query', { id: donorId });
  return page.proposals.find((proposal: { donorId: number }) => proposal.donorId === otherId)?.reasons ?? null;
};

describe('proposals', () => {
  it('by PAN, by phone, by name and address: shown, never joined; dismissed stays dismissed', async () => {
    const pan = await cash({
      name: 'Priya Sharma',
      email: 'priya@example.com',
      phone: '9000000001',
      wants80g: true,
      pan: 'ABCDE1234F',
      address: ADDRESS,
    });
    const samePan = await cash({
      name: 'P Sharma',
      email: 'p.sharma@work.example',
      phone: '9000000002',
      wants80g: true,
      pan: 'ABCDE1234F',
      address: '4 Other Road, Mylapore, Chennai 600004',
    });
    expect(samePan.donorId).not.toBe(pan.donorId);
    expect(await reasonsFor(pan.donorId, samePan.donorId)).toEqual(['tax-id']);

    const phone = await cash({ name: 'Ravi Kumar', email: 'ravi@example.com', phone: '+91 98888-77777' });
    const samePhone = await cash({ name: 'Lakshmi Kumar', email: 'lakshmi@example.com', phone: '9888877777' });
    expect(samePhone.donorId).not.toBe(phone.donorId);
    expect(await reasonsFor(phone.donorId, samePhone.donorId)).toEqual(['phone']);

    const home = await cash({
      name: 'Meena Raman',
      email: 'meena@example.com',
      phone: '9000000003',
      wants80g: true,
      pan: 'PQRST6789K',
      address: ADDRESS.toUpperCase(),
    });
    const sameHome = await cash({
      name: 'MEENA  RAMAN',
      email: 'meena.r@example.org',
      phone: '9000000004',
      wants80g: true,
      pan: 'PQRST6789L',
      address: `${ADDRESS}.`,
    });
    // The same address under another name is a family, not a proposal.
    expect(await reasonsFor(home.donorId, pan.donorId)).toBeNull();
    expect(await reasonsFor(home.donorId, sameHome.donorId)).toEqual(['name-and-address']);

    await ok('dismissProposal', 'mutation', { donorId: sameHome.donorId, otherDonorId: home.donorId });
    expect(await reasonsFor(home.donorId, sameHome.donorId)).toBeNull();
    expect(await reasonsFor(sameHome.donorId, home.donorId)).toBeNull();
    const [entry] = await sql<{ action: string }>(
      `select action from staff_audit where action = 'donor_proposal_dismissed'`,
    );
    expect(entry).toBeDefined();
    // Nobody's PAN in the audit trail or the hashes: only keyed hashes are compared.
    const [leak] = await sql<{ n: number }>(
      `select count(*)::int as n from donations where tax_id_hash like '%ABCDE%' or tax_id_hash like '%1234F%'`,
    );
    expect(leak?.n).toBe(0);
  });
});

describe('a merge', () => {
  it('keeps every gift, receipt, monthly gift, certificate and consent; later gifts follow; undo restores exactly', async () => {
    // Asha gives monthly online as asha@example.com (with news consent), and by cash as asha.r@work.example.
    const created = await t.caller.subscription.create(
      donationBody({ email: 'asha@example.com', donationType: 'monthly', newsConsent: true }),
    );
    const success = await t.emulator.completePayment({ subscriptionId: created.subscription.id });
    await t.app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      payload: { ...success, donation_id: created.donation.id },
    });
    const online = (
      await sql<{ donor_id: number }>('select donor_id from donations where id = ?', [created.donation.id])
    )[0]?.donor_id as number;
    const offline = await cash({ name: 'Asha Raman', email: 'asha.r@work.example', phone: '9876543210' });
    expect(await reasonsFor(online, offline.donorId)).toEqual(['phone']);
    const before = await ok('get', 'query', { id: online });
    const receiptsBefore = await sql<{ id: number; number: string; donor_id_masked: string | null }>(
      'select id, number, donor_id_masked from receipts order by id',
    );

    const preview = await ok('mergePreview', 'query', { intoId: online, fromId: offline.donorId });
    expect(preview.differentIds).toBe(false);
    const merged = await ok('merge', 'mutation', { intoId: online, fromId: offline.donorId });
    expect(merged.movedGifts).toBe(1);
    // The preview asked again (a second tab, a reload) says it is done, with the merged result.
    const previewAgain = await ok('mergePreview', 'query', { intoId: online, fromId: offline.donorId });
    expect(previewAgain).toMatchObject({
      alreadyMerged: true,
      into: { id: online, giftCount: 2 },
      from: { giftCount: 0 },
    });
    expect(preview.alreadyMerged).toBe(false);
    const twice = await call('merge', 'mutation', { intoId: online, fromId: offline.donorId });
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain('already merged');

    const page = await ok('get', 'query', { id: online });
    expect(page.gifts.map((gift: { id: number }) => gift.id).sort()).toEqual(
      [created.donation.id, offline.donationId].sort(),
    );
    expect(page.rollups.giftCount).toBe(2);
    expect(page.rollups.lifetimeTotal).toBe(before.rollups.lifetimeTotal + 100_000);
    expect(page.monthly).toHaveLength(1);
    expect(page.newsConsent?.consented).toBe(true);
    expect(page.gifts.every((gift: { receiptNumber: string | null }) => gift.receiptNumber !== null)).toBe(true);
    expect(page.mails.length).toBeGreaterThan(before.mails.length);
    expect(page.merges).toHaveLength(1);
    // The merged record is no longer listed, and its page leads to the survivor.
    expect(await ok('get', 'query', { id: offline.donorId })).toEqual({ mergedIntoId: online });
    const listed = await ok('list', 'query', { search: 'asha' });
    expect(listed.rows.map((row: { id: number }) => row.id)).toEqual([online]);
    // Receipts are not touched by a merge.
    expect(await sql('select id, number, donor_id_masked from receipts order by id')).toEqual(receiptsBefore);

    // A later gift from the merged record's address joins the survivor.
    const later = await cash({ name: 'Asha Raman', email: 'Asha.R@work.example', phone: '9876543210' });
    expect(later.donorId).toBe(online);

    const [audit] = await sql<{ details: { mergeId: number; gifts: number } }>(
      `select details from staff_audit where action = 'donors_merged'`,
    );
    expect(audit?.details).toMatchObject({ mergeId: merged.mergeId, gifts: 1 });

    expect((await ok('undoMerge', 'mutation', { mergeId: merged.mergeId })).restoredGifts).toBe(1);
    const [restored] = await sql<{ donor_id: number }>('select donor_id from donations where id = ?', [
      offline.donationId,
    ]);
    expect(restored?.donor_id).toBe(offline.donorId);
    const [record] = await sql<{ merged_into_id: number | null; gift_count: number }>(
      'select merged_into_id, gift_count from donors where id = ?',
      [offline.donorId],
    );
    expect(record).toEqual({ merged_into_id: null, gift_count: 1 });
    // The gift that came while merged stays where it was given (an undo moves back only what was moved).
    expect((await ok('get', 'query', { id: online })).rollups.giftCount).toBe(2);
    const again = await call('undoMerge', 'mutation', { mergeId: merged.mergeId });
    expect(again.statusCode).toBe(409);
    const [undone] = await sql(`select 1 from staff_audit where action = 'donor_merge_undone'`);
    expect(undone).toBeDefined();
  });

  it('of records with different PANs: says so and what the statement will show, and waits for confirmation', async () => {
    const one = await cash({
      name: 'Kavya Nair',
      email: 'kavya@example.com',
      wants80g: true,
      pan: 'KLMNO1111A',
      address: ADDRESS,
    });
    const two = await cash({
      name: 'Kavya Nair',
      email: 'kavya.n@example.org',
      wants80g: true,
      pan: 'KLMNO2222B',
      address: ADDRESS,
    });
    const preview = await ok('mergePreview', 'query', { intoId: one.donorId, fromId: two.donorId });
    expect(preview.differentIds).toBe(true);
    expect(preview.into.ids).toEqual(['XXXXX1111A']);
    expect(preview.from.ids).toEqual(['XXXXX2222B']);
    expect(preview.statementNote).toMatch(/statement still lists each gift under the PAN or Aadhaar on its receipt/);

    const refused = await call('merge', 'mutation', { intoId: one.donorId, fromId: two.donorId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.data.issues).toEqual([
      { path: 'confirmDifferentIds', message: expect.stringContaining('XXXXX1111A, XXXXX2222B') },
    ]);
    const [unmoved] = await sql<{ donor_id: number }>('select donor_id from donations where id = ?', [two.donationId]);
    expect(unmoved?.donor_id).toBe(two.donorId);

    await ok('merge', 'mutation', { intoId: one.donorId, fromId: two.donorId, confirmDifferentIds: true });
    const receipts = await sql<{ donor_id_masked: string }>(
      'select donor_id_masked from receipts where donation_id in (?, ?) order by donation_id',
      [one.donationId, two.donationId],
    );
    expect(receipts.map((receipt) => receipt.donor_id_masked)).toEqual(['XXXXX1111A', 'XXXXX2222B']);
  });

  it('refuses bad input with the field and the reason', async () => {
    const same = await call('merge', 'mutation', { intoId: 5, fromId: 5 });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.data.issues).toEqual([{ path: 'fromId', message: 'Must be another donor' }]);
    expect((await call('merge', 'mutation', { intoId: 999_999, fromId: 999_998 })).statusCode).toBe(404);
    expect((await call('get', 'query', { id: 'x' })).statusCode).toBe(400);
    expect((await call('list', 'query', { sort: 'email' })).statusCode).toBe(400);
  });
});
