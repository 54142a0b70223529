import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../../shared/offline-gift.schema';
import { donorEmail, mailTo } from '../../test/mail-fixtures';
import { createTestApp, SITE, type TestApp } from '../../test/test-app';

/**
 * The office's spreadsheet of gifts: previewed row by row with each problem on its line, written on
 * confirmation in one go, and a second import of the same file writing nothing.
 */
let t: TestApp;
let clerk: string;
const TODAY = indiaToday();

beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('clerk', 'staff');
  clerk = await t.signIn('clerk');
});
afterAll(() => t.close());

const post = (csv: string, confirm: boolean, contentType = 'text/csv', origin = SITE) =>
  t.app.inject({
    method: 'POST',
    url: `/staff/api/offline-gifts/import${confirm ? '?confirm=1' : ''}`,
    headers: { cookie: `staff_session=${clerk}`, 'content-type': contentType, origin },
    payload: csv,
  });

const HEADER =
  'name,email,phone,amount_rupees,mode,received_on,purpose,reference,bank,instrument_date,kind_description,pan,address';
const MEENA = donorEmail('import-meena');
const RAVI = donorEmail('import-ravi');
const dd = (iso: string) => iso.split('-').reverse().join('/');
const FILE = [
  HEADER,
  `Meena Raman,${MEENA},9876543210,"5,000.50",cheque,${TODAY},medical,004600,Indian Bank,${TODAY},,ABCDE1234F,"12 Gandhi Street, Adyar, Chennai 600020"`,
  `Ravi Kumar,${RAVI},9876543211,3000,NEFT,${dd(TODAY)},,SBIN0000000001AB,,,,,`,
  `Walk-in visitor,,,500,cash,${TODAY},food,,,,,,`,
  `Lakshmi,,9876543212,12000,kind,${TODAY},,,,,"Rice, 50 kg",,`,
  `Bad amount,,9876543213,five hundred,cash,${TODAY},,,,,,,`,
  `Bad cheque,,9876543214,100,cheque,${TODAY},,12,,,,,`,
  `Twice,,9876543215,3000,upi,${TODAY},,SBIN0000000001AB,,,,,`,
  'Future,,9876543216,100,cash,2999-01-01,,,,,,,',
].join('\n');

const countOf = async (sql: string) => Number((await t.db.orm.em.execute<{ n: string }[]>(sql))[0]?.n);

describe('importing gifts from a CSV', () => {
  it('offers a template whose header is the columns it reads', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/staff/api/offline-gifts/template.csv',
      headers: { cookie: `staff_session=${clerk}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('gifts-received-template.csv');
    const [header, example] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header).toContain('name,email,phone,amount_rupees,mode,received_on');
    // The template's example row is itself a valid row.
    const preview = await post(`${header}\n${example}`, false);
    expect(preview.json().counts).toMatchObject({ rows: 1, new: 1, refused: 0 });
  });

  it('previews every row with its problems on its line and writes nothing; confirmed, writes the valid rows once', async () => {
    const donationsBefore = await countOf('select count(*) as n from donations');
    const preview = await post(FILE, false);
    expect(preview.statusCode, preview.body).toBe(200);
    const outcome = preview.json();
    expect(outcome.confirmed).toBe(false);
    expect(outcome.counts).toEqual({ rows: 8, new: 4, recorded: 0, refused: 4, written: 0 });
    const problems = outcome.rows.flatMap((row: { problems: unknown[] }) => row.problems);
    expect(problems).toEqual([
      { line: 6, column: 'amount_rupees', message: 'must be an amount in rupees like 1500 or 1,500.50' },
      { line: 7, column: 'bank', message: 'is required for a gift by cheque' },
      { line: 7, column: 'instrument_date', message: 'is required for a gift by cheque' },
      { line: 7, column: 'reference', message: 'must be the 6-digit number printed on the cheque' },
      { line: 8, column: 'reference', message: 'is the same gift as line 3' },
      { line: 9, column: 'received_on', message: 'must not be in the future' },
    ]);
    expect(outcome.rows[0]).toMatchObject({ line: 2, result: 'new', amount: 500_050, mode: 'cheque' });
    expect(await countOf('select count(*) as n from donations')).toBe(donationsBefore);

    const confirmed = (await post(FILE, true)).json();
    expect(confirmed.counts).toEqual({ rows: 8, new: 4, recorded: 0, refused: 4, written: 4 });
    const written = confirmed.rows.filter((row: { result: string }) => row.result === 'new');
    expect(written.map((row: { receiptNumber: string }) => row.receiptNumber)).toEqual([
      expect.stringMatching(/^CART\//),
      expect.stringMatching(/^CART\//),
      expect.stringMatching(/^CART\//),
      expect.stringMatching(/^CART\//),
    ]);
    expect(await countOf('select count(*) as n from donations')).toBe(donationsBefore + 4);
    const [meena] = await t.db.orm.em.execute(
      `select d.mode, d.amount, d.tax_id_kind, d.tax_id_masked, d.recorded_by, r.mode as receipt_mode
         from donations d join receipts r on r.donation_id = d.id where d.email = ?`,
      [MEENA],
    );
    expect(meena).toMatchObject({
      mode: 'cheque',
      amount: 500_050,
      tax_id_kind: 'pan',
      recorded_by: 'clerk',
      receipt_mode: 'cheque',
    });
    expect(meena?.tax_id_masked).not.toContain('ABCDE1234F');
    expect(await mailTo(t, RAVI)).toHaveLength(1);
    const [entry] = await t.db.orm.em.execute(
      `select username, details from staff_audit where action = 'offline_gifts_imported' order by id desc limit 1`,
    );
    expect(entry).toMatchObject({ username: 'clerk', details: { rows: 8, written: 4 } });

    const again = (await post(FILE, true)).json();
    expect(again.counts).toEqual({ rows: 8, new: 0, recorded: 4, refused: 4, written: 0 });
    expect(again.rows[0]).toMatchObject({ result: 'recorded', receiptNumber: written[0].receiptNumber });
    expect(await countOf('select count(*) as n from donations')).toBe(donationsBefore + 4);
    expect(await mailTo(t, RAVI)).toHaveLength(1);
  });

  it('says what is wrong with a file it cannot use, and refuses anything but CSV', async () => {
    const unknown = (await post('name,amount,mode\nA,1,cash', false)).json();
    expect(unknown.fileProblems).toEqual([
      { line: 1, column: 'amount', message: expect.stringContaining('is not a column of the template') },
      { line: 1, column: 'amount_rupees', message: 'is missing: every file needs it' },
      { line: 1, column: 'received_on', message: 'is missing: every file needs it' },
    ]);
    const unclosed = (await post(`${HEADER}\n"Meena,1,cash`, false)).json();
    expect(unclosed.fileProblems[0]).toMatchObject({
      line: 2,
      message: expect.stringContaining('cannot be read as CSV'),
    });
    expect((await post('', false)).statusCode).toBe(400);
    expect((await post(FILE, false, 'application/octet-stream')).statusCode).toBe(415);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/staff/api/offline-gifts/import',
      headers: { 'content-type': 'text/csv', origin: SITE },
      payload: FILE,
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it("takes a file from the console's own pages only: another site's form is refused and nothing is written", async () => {
    const donationsBefore = await countOf('select count(*) as n from donations');
    const elsewhere = await post(FILE, true, 'text/csv', 'https://attacker.example');
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe('Refused: the request did not come from the console');
    expect(await countOf('select count(*) as n from donations')).toBe(donationsBefore);
  });
});
