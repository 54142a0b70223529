import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteContent } from '../../../shared/site-content';
import { resolveDataEncryptionKey } from '../../platform/personal-data/data-encryption-key';
import { createFieldCipher } from '../../platform/personal-data/field-cipher';
import {
  PART_B_HEADINGS,
  parseCsv as parse,
  type SeededOfflineGift,
  seedOfflineGift,
  seedReceipt,
} from '../../test/statement-fixtures';
import { callProcedure, createTestApp, type TestApp } from '../../test/test-app';
import { buildStatement } from './statement';
import { statementCsv, UNREPORTABLE_COLUMNS } from './statement-csv';
import { formNameFor, loadStatementLayout, sectionCodeFor } from './statement-layout';
import { statementYears } from './statement-summary';

let t: TestApp;
let token: string;
/** An admin's session: Part B (full PAN and Aadhaar) is theirs alone to download. */
let adminToken: string;
let key: Buffer;

const asha = { kind: 'pan' as const, value: 'ABCDE1234F' };
const ravi = { kind: 'aadhaar' as const, value: '234567890124' };
const meena = { kind: 'pan' as const, value: 'PQRSX6789K' };
const lata = { kind: 'pan' as const, value: 'LMNOP4321Q' };

beforeAll(async () => {
  t = await createTestApp();
  key = resolveDataEncryptionKey(t.config);
  await t.addAccount('accounts', 'staff');
  token = await t.signIn('accounts');
  await t.addAccount('treasurer', 'admin');
  adminToken = await t.signIn('treasurer');
  const seed = (gift: Parameters<typeof seedReceipt>[2]) => seedReceipt(t.db.orm, key, gift);
  // A monthly donor: twelve charges of ₹500, April 2025 to March 2026.
  for (let month = 0; month < 12; month++) {
    const at = new Date(Date.UTC(2025, 3 + month, 10, 5, 0));
    await seed({
      at: at.toISOString(),
      rupees: 500,
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      address: 'Flat 3, Anna Nagar, Chennai 600040',
      taxId: ravi,
    });
  }
  await seed({
    at: '2025-05-01T10:00:00+05:30',
    rupees: 1000,
    name: 'Asha Raman',
    email: 'asha@example.com',
    address: '12 Beach Road, Chennai 600001',
    taxId: asha,
  });
  await seed({
    at: '2025-06-01T10:00:00+05:30',
    rupees: 2000,
    name: 'Meena "Devi"',
    email: 'meena@example.com',
    taxId: meena,
  });
  await seed({
    at: '2025-07-01T10:00:00+05:30',
    rupees: 3000,
    name: 'Meena',
    email: 'meena@example.com',
    taxId: meena,
    refunded: true,
  });
  await seed({
    at: '2025-08-01T10:00:00+05:30',
    rupees: 10000,
    name: 'Asha Raman',
    email: 'asha@example.com',
    address: '12 Beach Road, Chennai 600001',
    taxId: asha,
    purpose: 'Shelter building fund',
  });
  await seed({
    at: '2025-09-10T10:00:00+05:30',
    rupees: 2500,
    name: 'Asha Raman',
    email: 'asha@example.com',
    address: '12 Beach Road, Chennai 600001',
    taxId: asha,
    purpose: 'Food',
  });
  await seed({ at: '2025-10-01T10:00:00+05:30', rupees: 750, name: 'Kumar', email: 'kumar@example.com' });
  // The same PAN, typed differently, with another e-mail and spelling: the same donor.
  await seed({
    at: '2026-01-05T10:00:00+05:30',
    rupees: 500,
    name: 'Asha R.',
    email: 'asha.r@work.example',
    address: '5 Park St; Chennai 600002',
    taxId: { kind: 'pan', value: 'abcde 1234f' },
  });
  await seed({ at: '2026-03-31T23:59:00+05:30', rupees: 100, name: 'Lata', email: 'lata@example.com', taxId: lata });
  await seed({ at: '2026-04-01T00:01:00+05:30', rupees: 200, name: 'Lata', email: 'lata@example.com', taxId: lata });
  await seedMixedYear();
  await seedPaiseYear();
  const set = await callProcedure(t.app, 'staff.statement.setPurpose', 'mutation', {
    token,
    input: { purpose: 'Shelter building fund', donationType: 'corpus' },
  });
  expect(set.statusCode).toBe(403); // only an admin classes purposes
  await t.addAccount('admin', 'admin');
  const admin = await t.signIn('admin');
  const classed = await callProcedure(t.app, 'staff.statement.setPurpose', 'mutation', {
    token: admin,
    input: { purpose: 'Shelter building fund', donationType: 'corpus' },
  });
  expect(classed.statusCode).toBe(200);
});
afterAll(() => t.close());

const gopal = { name: 'Gopal Iyer', email: 'gopal@example.com', address: '7 Lake View, Chennai 600017' };
const gopalPan = { kind: 'pan' as const, value: 'GHIJK5678L' };
const priya = { name: 'Priya Nair', email: 'priya@example.com', taxId: { kind: 'pan' as const, value: 'QRSTU2345V' } };
const offline = (gift: SeededOfflineGift) => seedOfflineGift(t.db.orm, key, gift);
/** The receipt numbers of the gifts 2024-25's statement must list beside Part B, and of the bounced cheque. */
const mixed: { cashAboveLimit: string; kind: string; noTaxId: string; bounced: string } = {
  cashAboveLimit: '',
  kind: '',
  noTaxId: '',
  bounced: '',
};

/**
 * 2024-25, a year of mixed gifts: Gopal gives online, by cheque, draft and transfer (electronic)
 * and in cash up to ₹2,000 (cash); a cheque of his bounces. Priya gives ₹2,000.01 in cash and
 * food in kind; a walk-in donor gives cash without an ID.
 */
async function seedMixedYear() {
  await seedReceipt(t.db.orm, key, { ...gopal, at: '2024-06-01T10:00:00+05:30', rupees: 1000, taxId: gopalPan });
  await offline({ ...gopal, taxId: gopalPan, mode: 'cash', receivedOn: '2024-07-01', rupees: 2000 });
  await offline({
    ...gopal,
    taxId: gopalPan,
    mode: 'cheque',
    receivedOn: '2024-08-01',
    rupees: 5000,
    reference: '123456',
  });
  const bounced = await offline({
    ...gopal,
    taxId: gopalPan,
    mode: 'cheque',
    receivedOn: '2024-08-15',
    rupees: 7000,
    reference: '123457',
    bounced: true,
  });
  mixed.bounced = bounced.receipt.number;
  await offline({
    ...gopal,
    taxId: gopalPan,
    mode: 'demand-draft',
    receivedOn: '2024-09-01',
    rupees: 300,
    reference: 'DD1',
  });
  await offline({
    ...gopal,
    taxId: gopalPan,
    mode: 'bank-transfer',
    receivedOn: '2024-10-01',
    rupees: 200,
    reference: 'UTR1',
  });
  mixed.cashAboveLimit = (
    await offline({ ...priya, mode: 'cash', receivedOn: '2024-11-01', rupees: 2000.01 })
  ).receipt.number;
  mixed.kind = (
    await offline({ ...priya, mode: 'kind', receivedOn: '2024-12-01', rupees: 3000, kindDescription: '50 kg rice' })
  ).receipt.number;
  mixed.noTaxId = (
    await offline({ name: 'Walk-in donor', email: '', mode: 'cash', receivedOn: '2025-03-31', rupees: 500 })
  ).receipt.number;
}

/**
 * 2023-24, amounts with paise: two PAN donors of ₹100.50 (one online, one in cash), one who gave
 * ₹99.25 twice, and ₹10.75 without an ID. Rounded once, the year is ₹399.50 → ₹400; row by row,
 * as filed, it is ₹101 + ₹101 + ₹199 = ₹401.
 */
async function seedPaiseYear() {
  await seedReceipt(t.db.orm, key, {
    at: '2023-05-01T10:00:00+05:30',
    rupees: 100.5,
    name: 'Anand',
    email: 'anand@example.com',
    taxId: { kind: 'pan', value: 'ANAND1234A' },
  });
  await offline({
    mode: 'cash',
    receivedOn: '2023-05-02',
    rupees: 100.5,
    name: 'Bala',
    email: 'bala@example.com',
    taxId: { kind: 'pan', value: 'BALAB1234B' },
  });
  for (const day of ['03', '04']) {
    await seedReceipt(t.db.orm, key, {
      at: `2023-05-${day}T10:00:00+05:30`,
      rupees: 99.25,
      name: 'Chitra',
      email: 'chitra@example.com',
      taxId: { kind: 'aadhaar', value: '345678901234' },
    });
  }
  await seedReceipt(t.db.orm, key, {
    at: '2023-05-05T10:00:00+05:30',
    rupees: 10.75,
    name: 'Devi',
    email: 'd@example.com',
  });
}

const download = (year: string, path = 'statement.csv', session: string | null = adminToken) =>
  t.app.inject({
    method: 'GET',
    url: `/staff/api/${path}?year=${year}`,
    headers: session ? { cookie: `staff_session=${session}` } : {},
  });

const ELECTRONIC = 'Electronic modes including account payee cheque/draft';
const urnDate = siteContent.legal.approvedOn.split('-').reverse().join('/');
const row = (
  serial: number,
  idCode: string,
  id: string,
  name: string,
  address: string,
  type: string,
  amount: number,
  mode = ELECTRONIC,
) => [
  String(serial),
  '',
  idCode,
  id,
  'Section 80G',
  siteContent.legal.registration80g,
  urnDate,
  name,
  address,
  type,
  mode,
  String(amount),
];

describe('the statement of donations (Part B)', () => {
  it('has one row per donor per donation type, as computed by hand from the receipts of 2025-26', async () => {
    const response = await download('2025-26');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    // Asha's PAN came with another name and e-mail too (rows 2 and 4): the file says so until staff choose.
    expect(response.headers['content-disposition']).toContain('Form10BD-2025-26-NEEDS-REVIEW.csv');
    expect(response.headers['x-rows-needing-review']).toBe('2,4');
    const body = response.body.replace(/^\uFEFF/, '');
    const [headings, ...rows] = parse(body) as string[][];
    expect(headings).toEqual(PART_B_HEADINGS);
    expect(rows).toEqual([
      row(1, 'Aadhaar Number', '234567890124', 'Ravi Kumar', 'Flat 3, Anna Nagar, Chennai 600040', 'Others', 6000),
      // 1000 + 2500 + 500 (the same PAN under another e-mail); named and addressed as on the latest gift
      // until staff say whose the PAN is.
      row(2, 'Permanent Account Number', 'ABCDE1234F', 'Asha R.', '5 Park St Chennai 600002', 'Others', 4000),
      // The refunded ₹3,000 is left out (its name too); the quotes the portal refuses are dropped.
      row(3, 'Permanent Account Number', 'PQRSX6789K', 'Meena Devi', '', 'Others', 2000),
      row(4, 'Permanent Account Number', 'ABCDE1234F', 'Asha R.', '5 Park St Chennai 600002', 'Corpus', 10000),
      // 31 March 23:59 India time is in 2025-26; 1 April 00:01 is not.
      row(5, 'Permanent Account Number', 'LMNOP4321Q', 'Lata', '', 'Others', 100),
    ]);
  });

  it('lists the gifts without PAN or Aadhaar beside it, and sums both in the summary', async () => {
    const response = await download('2025-26', 'statement-unreportable.csv');
    expect(response.statusCode).toBe(200);
    const [headings, ...rows] = parse(response.body.replace(/^\uFEFF/, '')) as string[][];
    expect(headings).toEqual([
      'Receipt number',
      'Date (India time)',
      'Name',
      'E-mail',
      'Mode',
      'Amount (₹)',
      'Why not in Part B',
    ]);
    expect(rows).toEqual([
      [
        expect.stringMatching(/\/2025-26\//),
        '2025-10-01 10:00',
        'Kumar',
        'kumar@example.com',
        'Online (Razorpay)',
        '750.00',
        'no PAN or Aadhaar',
      ],
    ]);

    const summary = await callProcedure(t.app, 'staff.statement.summary', 'query', {
      token,
      input: { year: '2025-26' },
    });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().result.data).toEqual({
      year: '2025-26',
      formName: 'Form 10BD',
      rows: 5,
      donors: 4,
      total: 22100,
      byType: [
        { donationType: 'Corpus', rows: 1, total: 10000 },
        { donationType: 'Others', rows: 4, total: 12100 },
      ],
      byMode: [{ modeOfReceipt: ELECTRONIC, rows: 5, total: 22100 }],
      reviews: [
        expect.objectContaining({
          idMasked: 'XXXXX1234F',
          serialNumbers: [2, 4],
          needsReview: true,
          chosenReceiptNumber: null,
        }),
      ],
      rowsNeedingReview: [2, 4],
      unreportable: {
        count: 1,
        totalPaise: 75000,
        byReason: [{ code: 'noTaxId', reason: 'no PAN or Aadhaar', count: 1, totalPaise: 75000 }],
        gifts: [
          {
            receiptNumber: expect.stringMatching(/\/2025-26\//),
            date: '2025-10-01 10:00',
            donorName: 'Kumar',
            mode: 'online',
            amountPaise: 75000,
            reason: 'no PAN or Aadhaar',
          },
        ],
      },
    });
    const next = await callProcedure(t.app, 'staff.statement.summary', 'query', { token, input: { year: '2026-27' } });
    expect(next.json().result.data).toMatchObject({ formName: 'Form 113', rows: 1, total: 200 });
  });

  it('offers every year with a receipt, the current one and the last closed one (the default)', async () => {
    const now = new Date('2026-05-01T10:00:00+05:30');
    expect(await statementYears(t.db.orm.em.fork(), now)).toEqual({
      years: ['2026-27', '2025-26', '2024-25', '2023-24'],
      lastClosed: '2025-26',
    });
    const later = await statementYears(t.db.orm.em.fork(), new Date('2028-04-01T00:01:00+05:30'));
    expect(later).toEqual({
      years: ['2028-29', '2027-28', '2026-27', '2025-26', '2024-25', '2023-24'],
      lastClosed: '2027-28',
    });
    const listed = await callProcedure(t.app, 'staff.statement.years', 'query', { token });
    expect(listed.json().result.data.years).toContain('2025-26');
  });

  it('is audited, needs a session, and refuses a malformed year with the field and the reason', async () => {
    expect((await download('2025-26', 'statement.csv', null)).statusCode).toBe(401);
    // Part B holds full PAN and Aadhaar: an admin's download. Staff keep the list without an ID.
    const refused = await download('2025-26', 'statement.csv', token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('PQRSX6789K');
    expect((await download('2025-26', 'statement-unreportable.csv', token)).statusCode).toBe(200);
    const bad = await download('2025-27');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: 'year', message: 'the two years must follow each other' }]);
    const [entry] = await t.db.orm.em.execute<{ action: string; details: Record<string, unknown> }[]>(
      `select action, details from staff_audit where action = 'statement_export' order by id limit 1`,
    );
    expect(entry).toEqual({
      action: 'statement_export',
      details: { year: '2025-26', part: 'statement', formName: 'Form 10BD', rows: 5, rowsNeedingReview: [2, 4] },
    });
  });

  it('names the form and the section code by year, as data: Form 10BD and 80G up to 2025-26, Form 113 after', () => {
    const layout = loadStatementLayout();
    expect([formNameFor(layout, '2025-26'), sectionCodeFor(layout, '2025-26')]).toEqual(['Form 10BD', 'Section 80G']);
    expect([formNameFor(layout, '2026-27'), sectionCodeFor(layout, '2026-27')]).toEqual(['Form 113', 'Section 133']);
  });

  it('follows a renamed template given as data, with no change of code', async () => {
    const layout = JSON.parse(readFileSync(new URL('./statement-layout.json', import.meta.url), 'utf8'));
    layout.formNames = [{ upToYear: null, name: 'Form 113' }];
    layout.columns = [
      { heading: 'Amount (INR)', field: 'amount' },
      { heading: 'Donor PAN / Aadhaar', field: 'idNumber' },
      { heading: 'Type of donor ID', field: 'idCode' },
    ];
    layout.idCodes.pan = 'PAN';
    const file = join(mkdtempSync(join(tmpdir(), 'layout-')), 'form-113.json');
    writeFileSync(file, JSON.stringify(layout));
    const renamed = loadStatementLayout(file);
    const statement = await buildStatement(t.db.orm.em.fork(), {
      cipher: createFieldCipher(key),
      layout: renamed,
      year: '2025-26',
    });
    expect(statement.formName).toBe('Form 113');
    const [headings, first, second] = parse(statementCsv(statement, renamed).replace(/^\uFEFF/, '')) as string[][];
    expect(headings).toEqual(['Amount (INR)', 'Donor PAN / Aadhaar', 'Type of donor ID']);
    expect(first).toEqual(['6000', '234567890124', 'Aadhaar Number']);
    expect(second).toEqual(['4000', 'ABCDE1234F', 'PAN']);
  });
});

const partB = async (year: string) => {
  const response = await download(year);
  expect(response.statusCode).toBe(200);
  const [headings, ...rows] = parse(response.body) as string[][];
  expect(headings).toEqual(PART_B_HEADINGS);
  return rows;
};
const summaryOf = async (year: string) =>
  (await callProcedure(t.app, 'staff.statement.summary', 'query', { token, input: { year } })).json().result.data;

describe('the statement by mode of receipt (Form 10BD has one mode per row)', () => {
  it('gives a donor who gave online and in cash up to ₹2,000 two rows: electronic (online, cheque, draft, transfer) and cash', async () => {
    expect(await partB('2024-25')).toEqual([
      // 1,000 online + 5,000 by cheque + 300 by draft + 200 by transfer; the bounced cheque's 7,000 is not counted.
      row(1, 'Permanent Account Number', 'GHIJK5678L', 'Gopal Iyer', '7 Lake View, Chennai 600017', 'Others', 6500),
      row(
        2,
        'Permanent Account Number',
        'GHIJK5678L',
        'Gopal Iyer',
        '7 Lake View, Chennai 600017',
        'Others',
        2000,
        'Cash',
      ),
    ]);
  });

  it('leaves cash of ₹2,000.01, gifts in kind and gifts without an ID out of Part B, listed with the reason; a bounced cheque nowhere', async () => {
    const response = await download('2024-25', 'statement-unreportable.csv');
    const [headings, ...rows] = parse(response.body) as string[][];
    expect(headings).toEqual(UNREPORTABLE_COLUMNS);
    expect(rows).toEqual([
      [
        mixed.cashAboveLimit,
        '2024-11-01',
        'Priya Nair',
        'priya@example.com',
        'Cash',
        '2000.01',
        'cash above ₹2,000 gives no deduction',
      ],
      [
        mixed.kind,
        '2024-12-01',
        'Priya Nair',
        'priya@example.com',
        'In kind',
        '3000.00',
        'a gift in kind gives no deduction',
      ],
      [mixed.noTaxId, '2025-03-31', 'Walk-in donor', '', 'Cash', '500.00', 'no PAN or Aadhaar'],
    ]);
    expect(response.body).not.toContain(mixed.bounced);

    const summary = await summaryOf('2024-25');
    expect(summary).toMatchObject({
      rows: 2,
      donors: 1,
      total: 8500,
      byMode: [
        { modeOfReceipt: 'Cash', rows: 1, total: 2000 },
        { modeOfReceipt: ELECTRONIC, rows: 1, total: 6500 },
      ],
      unreportable: {
        count: 3,
        totalPaise: 550001,
        byReason: [
          { code: 'cashAboveLimit', reason: 'cash above ₹2,000 gives no deduction', count: 1, totalPaise: 200001 },
          { code: 'kind', reason: 'a gift in kind gives no deduction', count: 1, totalPaise: 300000 },
          { code: 'noTaxId', reason: 'no PAN or Aadhaar', count: 1, totalPaise: 50000 },
        ],
      },
    });
    expect(summary.unreportable.gifts.map((gift: { mode: string }) => gift.mode)).toEqual(['cash', 'kind', 'cash']);

    // Every receipt of the year is accounted for: in Part B, in the list, or cancelled.
    const receipts = await t.db.orm.em
      .fork()
      .execute<{ status: string; count: string }[]>(
        `select status, count(*) from receipts where financial_year = '2024-25' group by status order by status`,
      );
    expect(receipts).toEqual([
      { status: 'cancelled', count: '1' },
      { status: 'issued', count: '8' }, // 5 in Part B's two rows, 3 listed
    ]);
  });

  it('names the modes as the layout does, by year', () => {
    const layout = loadStatementLayout();
    expect(layout.modesOfReceipt.map((entry) => entry.names)).toEqual([
      { cash: 'Cash', electronic: ELECTRONIC, others: 'Others' },
    ]);
  });
});

describe('the summary and the file agree to the rupee', () => {
  it('sums the rows the file carries, each rounded once: two ₹100.50 donors are ₹202, not ₹201', async () => {
    const rows = await partB('2023-24');
    expect(rows.map((cells) => [cells[3], cells[9], cells[10], cells[11]])).toEqual([
      ['ANAND1234A', 'Others', ELECTRONIC, '101'],
      ['BALAB1234B', 'Others', 'Cash', '101'],
      ['345678901234', 'Others', ELECTRONIC, '199'],
    ]);
    const summary = await summaryOf('2023-24');
    const amount = (cells: string[]) => Number(cells[11]);
    const sum = (list: string[][]) => list.reduce((total, cells) => total + amount(cells), 0);
    expect(summary.total).toBe(401);
    expect(summary.total).toBe(sum(rows));
    expect(summary.rows).toBe(rows.length);
    expect(summary.donors).toBe(new Set(rows.map((cells) => cells[3])).size);
    for (const type of summary.byType) {
      const ofType = rows.filter((cells) => cells[9] === type.donationType);
      expect([type.rows, type.total]).toEqual([ofType.length, sum(ofType)]);
    }
    for (const mode of summary.byMode) {
      const ofMode = rows.filter((cells) => cells[10] === mode.modeOfReceipt);
      expect([mode.rows, mode.total]).toEqual([ofMode.length, sum(ofMode)]);
    }
    expect(summary.byMode).toEqual([
      { modeOfReceipt: 'Cash', rows: 1, total: 101 },
      { modeOfReceipt: ELECTRONIC, rows: 2, total: 300 },
    ]);

    const [, ...listed] = parse((await download('2023-24', 'statement-unreportable.csv')).body) as string[][];
    expect(listed.map((cells) => cells[5])).toEqual(['10.75']);
    expect(summary.unreportable).toMatchObject({ count: 1, totalPaise: 1075 });
  });
});
