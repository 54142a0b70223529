import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachDonor } from '../../gifts/donor-keys/attach-donor';
import { recordNewsConsent } from '../../gifts/donor-keys/news-consent';
import { mailTo } from '../../test/mail-fixtures';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';
import { mergeDonors } from '../records/merge';
import { retentionFigures } from './retention-rates';
import { type SegmentList, segmentRows } from './segments';

/**
 * LYBUNT, SYBUNT, the retention rates and the segments on a fixture whose answers are worked out
 * by hand below. "Now" is 28 November 2026 (India), in financial year 2026-27; the years before it
 * are 2025-26, 2024-25 and 2023-24.
 *
 *   donor         gifts (India time, ₹ kept)                                      per year
 *   A Anand       10 Jun 2025 ₹1,000                                              25-26: 1,000
 *   B Bhavani     1 Jul 2024 ₹2,000 (en); 31 Mar 2026 23:30 ₹500 (ta)            24-25: 2,000; 25-26: 500
 *   C Chitra      5 May 2025 ₹300; 1 Apr 2026 00:30 ₹700 (hi, appeal X)          25-26: 300; 26-27: 700
 *                 (00:30 in India is 19:00 on 31 March in UTC: a UTC year would put it in 25-26)
 *   D Devi        cheque received 31 Mar 2026 ₹5,000, written down 2 Apr 2026    25-26: 5,000
 *   E Elango      two records (two e-mails), merged: 1 Sep 2025 ₹1,000 (record   25-26: 1,000; 26-27: 1,000
 *                 1), 1 May 2026 ₹1,000 (record 2): one donor, retained
 *   F Farida      1 Oct 2024 ₹1,000; 1 Oct 2025 ₹2,000 refunded (appeal X)        24-25: 1,000 (the refund counts for nothing)
 *   G Gopal       1 Dec 2022 ₹400; 1 Dec 2025 ₹3,000 with ₹1,000 refunded        before 23-24: 400; 25-26: 2,000
 *   H Hema        1 Sep 2023 ₹600; 1 Sep 2024 ₹600                                23-24: 600; 24-25: 600
 *   I Ilango      1 Jun 2026 ₹800                                                 26-27: 800
 *   J Jaya        15 Aug 2024, 15 Aug 2025, 15 Aug 2026 ₹1,500 each (monthly;    24-25, 25-26, 26-27: 1,500 each
 *                 the last to appeal X)
 *   K Kumar       1 Jul 2025 ₹900, failed                                        none
 *
 * LYBUNT 2026-27 (gave in 25-26, not in 26-27): A, B, D, G; largest giving first: D 5,000; B 2,500;
 *   G 2,400; A 1,000. Totals: 4 donors; 26-27 ₹0; 25-26 1,000 + 500 + 5,000 + 2,000 = ₹8,500;
 *   24-25 ₹2,000 (B); 23-24 ₹0; before ₹400 (G); last gifts 5,000 + 500 + 2,000 + 1,000 = ₹8,500.
 *   Not C (the 1 April gift is 26-27), not E (merged: one donor who gave again), not I, J.
 * SYBUNT 2026-27 (gave before 25-26, not in 25-26 or 26-27): H (₹1,200), F (₹1,000). Totals: 2 donors;
 *   24-25 600 + 1,000 = ₹1,600; 23-24 ₹600. F is in it only because the refunded gift does not count.
 *
 * Retention 2026-27 to date (cohort: 25-26's donors A, B, C, D, E, G, J = 7):
 *   overall: C, E, J gave again: 3 / 7.
 *   first-time (first gift in 25-26: A, C, D, E = 4): C, E: 2 / 4.
 *   repeat (gave before 25-26 too: B, G, J = 3): J: 1 / 3.
 * Retention 2025-26, whole (cohort: 24-25's donors B, F, H, J = 4): B, J gave again: 2 / 4;
 *   first-time (B, F, J: their first gift in 24-25): B, J: 2 / 3; repeat (H): 0 / 1.
 * Retention 2025-26 to 28 November 2025: only J had given again (B's gift came 31 March): 1 / 4;
 *   first-time 1 / 3; repeat 0 / 1.
 */
let t: TestApp;
let clerk: string;
const NOW = new Date('2026-11-28T06:00:00Z');
const X = { id: 0 };
const email = (name: string) => `${name.toLowerCase()}@example.com`;
const donorIds = new Map<string, number>();

interface Gift {
  donor: string;
  at: string;
  rupees: number;
  email?: string;
  status?: 'paid' | 'refunded' | 'failed';
  refundedRupees?: number;
  language?: 'en' | 'ta' | 'hi';
  appeal?: boolean;
  /** A cheque: received on this India day, written down at `at`. */
  receivedOn?: string;
  phone?: string;
}

async function seed(gift: Gift) {
  const em = t.db.orm.em.fork();
  const [row] = await em.execute<{ id: number }[]>(
    `insert into donations (name, email, phone, amount, refunded_amount, donation_type, status, created_at, language,
       appeal_id, mode, received_on, reference, bank, instrument_date, recorded_by, offline_key)
     values (?, ?, ?, ?, ?, 'one-time', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    [
      `${gift.donor} Test`,
      gift.email ?? email(gift.donor),
      gift.phone ?? '+91 98765 43210',
      gift.rupees * 100,
      (gift.refundedRupees ?? 0) * 100,
      gift.status ?? 'paid',
      new Date(gift.at),
      gift.language ?? 'en',
      gift.appeal ? X.id : null,
      gift.receivedOn ? 'cheque' : 'online',
      gift.receivedOn ?? null,
      gift.receivedOn ? `CHQ-${gift.donor}` : null,
      gift.receivedOn ? 'State Bank of India' : null,
      gift.receivedOn ?? null,
      gift.receivedOn ? 'accounts' : null,
      gift.receivedOn ? `cheque-${gift.donor}` : null,
    ],
  );
  const id = (row as { id: number }).id;
  // As settlement does for a gift it records (a failed attempt is no gift, and has no donor).
  if (gift.status !== 'failed') await attachDonor(em, id);
  const [donor] = await em.execute<{ donorId: number }[]>('select donor_id as "donorId" from donations where id = ?', [
    id,
  ]);
  if (donor?.donorId) donorIds.set(gift.email ?? gift.donor, donor.donorId);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('meena', 'staff');
  clerk = await t.signIn('meena');
  const [appeal] = await t.db.orm.em.execute<{ id: number }[]>(
    `insert into appeals (slug, title, story, goal, status, created_by, updated_by, published_at) values ('x-ray', 'An X-ray machine', 'For the shelter, an X-ray machine of its own.', 10000000, 'published', 'meena', 'meena', now()) returning id`,
  );
  X.id = (appeal as { id: number }).id;
  const gifts: Gift[] = [
    { donor: 'A', at: '2025-06-10T05:30:00Z', rupees: 1000 },
    { donor: 'B', at: '2024-07-01T06:00:00Z', rupees: 2000 },
    { donor: 'B', at: '2026-03-31T18:00:00Z', rupees: 500, language: 'ta', phone: '9840012345' },
    { donor: 'C', at: '2025-05-05T06:00:00Z', rupees: 300 },
    { donor: 'C', at: '2026-03-31T19:00:00Z', rupees: 700, language: 'hi', appeal: true },
    { donor: 'D', at: '2026-04-02T04:30:00Z', rupees: 5000, receivedOn: '2026-03-31' },
    { donor: 'E', at: '2025-09-01T06:00:00Z', rupees: 1000, email: 'elango@example.com' },
    { donor: 'E', at: '2026-05-01T06:00:00Z', rupees: 1000, email: 'elango.r@work.example.com' },
    { donor: 'F', at: '2024-10-01T06:00:00Z', rupees: 1000 },
    { donor: 'F', at: '2025-10-01T06:00:00Z', rupees: 2000, status: 'refunded', appeal: true },
    { donor: 'G', at: '2022-12-01T06:00:00Z', rupees: 400 },
    { donor: 'G', at: '2025-12-01T06:00:00Z', rupees: 3000, refundedRupees: 1000 },
    { donor: 'H', at: '2023-09-01T06:00:00Z', rupees: 600 },
    { donor: 'H', at: '2024-09-01T06:00:00Z', rupees: 600 },
    { donor: 'I', at: '2026-06-01T06:00:00Z', rupees: 800 },
    { donor: 'J', at: '2024-08-15T06:00:00Z', rupees: 1500 },
    { donor: 'J', at: '2025-08-15T06:00:00Z', rupees: 1500 },
    { donor: 'J', at: '2026-08-15T06:00:00Z', rupees: 1500, appeal: true },
    { donor: 'K', at: '2025-07-01T06:00:00Z', rupees: 900, status: 'failed' },
  ];
  for (const gift of gifts) await seed(gift);
  // Staff merge Elango's two records, the second into the first (donors/records/merge.ts: its gifts move).
  await mergeDonors(
    t.db.orm.em.fork(),
    { cipher: t.deps.cipher, actor: { userId: null, username: 'meena', ip: '127.0.0.1' } },
    {
      intoId: donorIds.get('elango@example.com') as number,
      fromId: donorIds.get('elango.r@work.example.com') as number,
      confirmDifferentIds: false,
    },
  );
});
afterAll(() => t.close());

const names = (list: SegmentList) => list.rows.map((row) => row.name[0]);
const rupees = (paise: number) => paise / 100;

describe('LYBUNT and SYBUNT', () => {
  it('lists who gave last year and not this year, across the India year’s edge, merged donors once, refunds not counted', async () => {
    const lybunt = await segmentRows(t.db.orm.em.fork(), { kind: 'lybunt', year: '2026-27' }, { now: NOW });
    expect(lybunt.years).toEqual(['2026-27', '2025-26', '2024-25', '2023-24']);
    expect(names(lybunt)).toEqual(['D', 'B', 'G', 'A']);
    const bhavani = lybunt.rows[1];
    expect(bhavani).toMatchObject({ email: 'b@example.com', phone: '9840012345', language: 'ta' });
    expect(bhavani?.lastGiftAt).toBe('2026-03-31T18:00:00.000Z');
    expect(rupees(bhavani?.lastGiftAmount ?? 0)).toBe(500);
    expect(bhavani?.yearTotals.map(rupees)).toEqual([0, 500, 2000, 0]);
    expect(lybunt.rows[2]?.yearTotals.map(rupees)).toEqual([0, 2000, 0, 0]);
    expect(rupees(lybunt.rows[2]?.earlier ?? 0)).toBe(400);
    // Devi's cheque counts on the day it came (31 March), not the day it was written down.
    expect(lybunt.rows[0]?.lastGiftAt).toBe('2026-03-30T18:30:00.000Z');
    expect(lybunt.totals.donors).toBe(4);
    expect(lybunt.totals.yearTotals.map(rupees)).toEqual([0, 8500, 2000, 0]);
    expect(rupees(lybunt.totals.earlier)).toBe(400);
    expect(rupees(lybunt.totals.lastGiftAmount)).toBe(8500);

    const sybunt = await segmentRows(t.db.orm.em.fork(), { kind: 'sybunt', year: '2026-27' }, { now: NOW });
    expect(names(sybunt)).toEqual(['H', 'F']);
    expect(sybunt.totals.donors).toBe(2);
    expect(sybunt.totals.yearTotals.map(rupees)).toEqual([0, 0, 1600, 600]);

    // A past year reads as it stood at its end: LYBUNT 2025-26 is who gave in 24-25 and not 25-26.
    const past = await segmentRows(t.db.orm.em.fork(), { kind: 'lybunt', year: '2025-26' }, { now: NOW });
    expect(names(past).sort()).toEqual(['F', 'H']);
    // The list shows its first rows; the totals are of every row.
    const first = await segmentRows(t.db.orm.em.fork(), { kind: 'lybunt', year: '2026-27' }, { now: NOW, limit: 1 });
    expect(names(first)).toEqual(['D']);
    expect(first.totals).toEqual(lybunt.totals);
  });

  it("SYBUNT's first page is the whole list's first rows with the same totals, whether its donors came back later or not", async () => {
    const em = t.db.orm.em.fork();
    const whole = async (year: string) => segmentRows(em, { kind: 'sybunt', year }, { now: NOW });
    // 2026-27: H and F gave nothing since (their last year of all); 2024-25: G gave again in 25-26.
    expect(names(await whole('2026-27'))).toEqual(['H', 'F']);
    for (const year of ['2023-24', '2024-25', '2025-26', '2026-27']) {
      const all = await whole(year);
      for (const limit of [1, 2, 5]) {
        const page = await segmentRows(em, { kind: 'sybunt', year }, { now: NOW, limit });
        expect(page, `${year}, first ${limit}`).toEqual({ ...all, rows: all.rows.slice(0, limit) });
      }
    }
  });

  it('segments by appeal, year and amount count what was kept, by donor', async () => {
    const em = t.db.orm.em.fork();
    // F's gift to the appeal was refunded: not a donor of it.
    expect(names(await segmentRows(em, { kind: 'appeal', appealId: X.id }, { now: NOW })).sort()).toEqual(['C', 'J']);
    const year = await segmentRows(em, { kind: 'year', year: '2025-26' }, { now: NOW });
    expect(names(year).sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'G', 'J']);
    // Every 25-26 donor's kept gifts of the year, E's once.
    expect(year.totals.yearTotals.map(rupees)[0]).toBe(1000 + 500 + 300 + 5000 + 1000 + 2000 + 1500);
    const amount = await segmentRows(
      em,
      { kind: 'amount', year: '2025-26', minRupees: 1000, maxRupees: 2000 },
      { now: NOW },
    );
    expect(names(amount).sort()).toEqual(['A', 'E', 'G', 'J']);
  });
});

describe('the rows LYBUNT, SYBUNT and retention read (one per member)', () => {
  it('carry what each donor kept in the years before and their next year, kept by the trigger through refunds and merges', async () => {
    const years = async (donor: string) =>
      t.db.orm.em.fork().execute<Record<string, unknown>[]>(
        `select start_year as year, kept::int, kept_before::int as before, kept_year_before::int as "yearBefore",
                kept_two_years_before::int as "twoBefore", next_start_year as next, to_char(next_first_gift_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as "nextFirst"
           from donor_years where donor_id = ? order by start_year`,
        [donorIds.get(donor)],
      );
    // Gopal: ₹400 in 22-23, then ₹3,000 less ₹1,000 refunded in 25-26 (nothing between).
    expect(await years('G')).toEqual([
      { year: 2022, kept: 40000, before: 0, yearBefore: 0, twoBefore: 0, next: 2025, nextFirst: '2025-12-01T06:00' },
      { year: 2025, kept: 200000, before: 40000, yearBefore: 0, twoBefore: 0, next: null, nextFirst: null },
    ]);
    // Jaya: ₹1,500 each year from 24-25.
    expect((await years('J')).map((row) => [row.year, row.before, row.yearBefore, row.twoBefore, row.next])).toEqual([
      [2024, 0, 0, 0, 2025],
      [2025, 150000, 150000, 0, 2026],
      [2026, 300000, 150000, 150000, null],
    ]);
    // Farida's refunded gift is no year of hers; Elango's second record's gift, merged, is his 26-27.
    expect((await years('F')).map((row) => [row.year, row.next])).toEqual([[2024, null]]);
    expect((await years('elango@example.com')).map((row) => [row.year, row.before, row.next])).toEqual([
      [2025, 0, 2026],
      [2026, 100000, null],
    ]);
  });

  it('read a past year as it stood then: SYBUNT 2024-25 has Gopal, who gave again only later', async () => {
    const em = t.db.orm.em.fork();
    const sybunt = await segmentRows(em, { kind: 'sybunt', year: '2024-25' }, { now: NOW });
    expect(names(sybunt)).toEqual(['G']);
    expect(sybunt.rows[0]?.yearTotals.map(rupees)).toEqual([0, 0, 400, 0]);
    expect(sybunt.rows[0]?.lastGiftAt).toBe('2022-12-01T06:00:00.000Z');
    expect(sybunt.totals).toEqual({ donors: 1, lastGiftAmount: 40000, yearTotals: [0, 0, 40000, 0], earlier: 0 });
    // LYBUNT 2025-26: Hema (₹600 in 24-25 and 23-24) before Farida (₹1,000 in 24-25).
    const lybunt = await segmentRows(em, { kind: 'lybunt', year: '2025-26' }, { now: NOW });
    expect(names(lybunt)).toEqual(['H', 'F']);
    expect(lybunt.rows.map((row) => row.yearTotals.map(rupees))).toEqual([
      [0, 600, 600, 0],
      [0, 1000, 0, 0],
    ]);
  });
});

describe('retention', () => {
  it('gives the three rates of this year to date against last year’s, as worked out by hand', async () => {
    const figures = await retentionFigures(t.db.orm.em.fork(), { now: NOW });
    expect(figures.thisYear).toMatchObject({
      year: '2026-27',
      cohortYear: '2025-26',
      upTo: NOW.toISOString(),
      overall: { donors: 7, retained: 3 },
      firstTime: { donors: 4, retained: 2, rate: 0.5 },
      repeat: { donors: 3, retained: 1 },
    });
    expect(figures.thisYear.overall.rate).toBeCloseTo(3 / 7);
    expect(figures.lastYear).toMatchObject({
      year: '2025-26',
      cohortYear: '2024-25',
      overall: { donors: 4, retained: 2, rate: 0.5 },
      firstTime: { donors: 3, retained: 2 },
      repeat: { donors: 1, retained: 0, rate: 0 },
    });
    expect(figures.lastYearToDate).toMatchObject({
      upTo: '2025-11-28T06:00:00.000Z',
      overall: { donors: 4, retained: 1, rate: 0.25 },
      firstTime: { donors: 3, retained: 1 },
      repeat: { donors: 1, retained: 0 },
    });
  });

  it('is staff.retention.figures, for staff only', async () => {
    const anonymous = await callProcedure(t.app, 'staff.retention.figures', 'query');
    expect(anonymous.statusCode).toBe(401);
    const response = await callProcedure(t.app, 'staff.retention.figures', 'query', {
      token: clerk,
      input: { year: '2026-27' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const bad = await callProcedure(t.app, 'staff.retention.figures', 'query', {
      token: clerk,
      input: { year: '2026' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('must be a financial year such as 2026-27');
  });
});

describe('a segment’s CSV', () => {
  const csv = (segment: unknown) =>
    t.app.inject({
      method: 'GET',
      url: `/staff/api/segment.csv?segment=${encodeURIComponent(JSON.stringify(segment))}`,
      headers: { cookie: `staff_session=${clerk}` },
    });

  it('has the list’s rows, phone numbers as text, each column summing to the list’s total; audited', async () => {
    const segment = { kind: 'lybunt', year: '2026-27' } as const;
    const response = await csv(segment);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('donors-lybunt-2026-27.csv');
    const records = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    const list = await segmentRows(t.db.orm.em.fork(), segment);
    expect(records.map((record) => Number(record['Donor id']))).toEqual(list.rows.map((row) => row.donorId));
    expect(records.map((record) => record.Phone)).toEqual(list.rows.map((row) => `'${row.phone}`));
    expect(records[0]).toMatchObject({ Name: 'D Test', 'Last gift (India time)': '2026-03-31 00:00' });
    const sum = (column: string) => records.reduce((total, record) => total + Number(record[column]) * 100, 0);
    expect(sum('2025-26 (₹)')).toBe(list.totals.yearTotals[1]);
    expect(sum('2024-25 (₹)')).toBe(list.totals.yearTotals[2]);
    expect(sum('Before 2023-24 (₹)')).toBe(list.totals.earlier);
    expect(sum('Last gift (₹)')).toBe(list.totals.lastGiftAmount);
    const [entry] = await t.db.orm.em.execute<{ details: unknown }[]>(
      `select details from staff_audit where action = 'export' order by id desc limit 1`,
    );
    expect(entry?.details).toEqual({ segment });
  });

  it('refuses a segment it cannot read with the field and the reason, and anyone not signed in', async () => {
    const bad = await csv({ kind: 'amount', year: '2026-27', minRupees: 500, maxRupees: 100 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: 'segment.maxRupees', message: 'must not be below the least amount' }]);
    const unknown = await csv({ kind: 'everyone' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues[0].path).toBe('segment.kind');
    const notJson = await t.app.inject({
      method: 'GET',
      url: '/staff/api/segment.csv?segment={',
      headers: { cookie: `staff_session=${clerk}` },
    });
    expect(notJson.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/staff/api/segment.csv?segment={}' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a segment’s mail', () => {
  it('goes only to donors who consented to news, each in their language, with the link that stops it; previewed and audited', async () => {
    const em = t.db.orm.em.fork();
    // LYBUNT 2026-27 is D, B, G, A. A and B consented; G consented then withdrew; D never did.
    for (const donor of ['a', 'b', 'g']) {
      await recordNewsConsent(em, { email: `${donor}@example.com`, consented: true, source: 'donate_form' });
    }
    await recordNewsConsent(em, { email: 'g@example.com', consented: false, source: 'donor_page' });
    const segment = { kind: 'lybunt', year: '2026-27' };
    const preview = await callProcedure(t.app, 'staff.retention.mailPreview', 'query', {
      token: clerk,
      input: { segment },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().result.data).toEqual({
      donors: 4,
      toMail: 2,
      noConsent: 2,
      noAddress: 0,
      unsubscribed: 0,
      byLanguage: { en: 1, ta: 1, hi: 0 },
    });

    const sent = await callProcedure(t.app, 'staff.retention.mail', 'mutation', {
      token: clerk,
      input: {
        segment,
        subject: 'We miss you at the shelter',
        text: 'Ruby had her puppies this week.\n\nCome and see them.',
        translations: { ta: { subject: 'காப்பகத்தில் உங்களை நினைக்கிறோம்', text: 'ரூபிக்கு இந்த வாரம் குட்டிகள் பிறந்தன.' } },
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().result.data).toMatchObject({ mailed: 2, noConsent: 2 });

    const [toAnand, ...moreToAnand] = await mailTo(t, 'a@example.com');
    expect(moreToAnand).toEqual([]);
    expect(toAnand?.subject).toBe('We miss you at the shelter');
    expect(toAnand?.text).toContain('Dear A Test,');
    expect(toAnand?.text).toContain('Come and see them.');
    const raw = (toAnand?.raw.toString('utf8') ?? '').replace(/\r\n[ \t]+/g, ' ');
    expect(raw).toMatch(/List-Unsubscribe: <https:\/\/rescue\.example\.org\/unsubscribe\/appeal-updates\?token=/);
    const [toBhavani] = await mailTo(t, 'b@example.com');
    expect(toBhavani?.subject).toBe('காப்பகத்தில் உங்களை நினைக்கிறோம்');
    expect(toBhavani?.text).toContain('அன்புள்ள B Test,');
    expect(toBhavani?.text).toContain('ரூபிக்கு இந்த வாரம் குட்டிகள் பிறந்தன.');
    expect(await mailTo(t, 'g@example.com')).toEqual([]);
    expect(await mailTo(t, 'd@example.com')).toEqual([]);

    const [entry] = await t.db.orm.em.execute<{ details: Record<string, unknown> }[]>(
      `select details from staff_audit where action = 'segment_mailed' order by id desc limit 1`,
    );
    expect(entry?.details).toMatchObject({ segment, mailed: 2, noConsent: 2, translated: ['ta'] });

    // The link in the mail stops every appeal's updates, and the next mailing leaves Anand out.
    const url = /https:\/\/rescue\.example\.org(\/unsubscribe\/appeal-updates\?token=[^\s>]+)/.exec(
      toAnand?.text ?? '',
    )?.[1];
    const stopped = await t.app.inject({
      method: 'POST',
      url: url as string,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode).toBe(200);
    const after = await callProcedure(t.app, 'staff.retention.mailPreview', 'query', {
      token: clerk,
      input: { segment },
    });
    expect(after.json().result.data).toMatchObject({ toMail: 1, unsubscribed: 1 });
  });

  it('refuses an empty subject with the field and the reason', async () => {
    const response = await callProcedure(t.app, 'staff.retention.mail', 'mutation', {
      token: clerk,
      input: { segment: { kind: 'lybunt', year: '2026-27' }, subject: ' ', text: 'Hello' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('subject');
    expect(response.body).toContain('must be at least 3 characters');
  });
});
