import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { neutralise } from './csv-export';

/** RFC 4180 as csv-stringify writes it: quoted fields double their quotes. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  const pattern = /("(?:[^"]|"")*"|[^,\r\n]*)(,|\r?\n|$)/g;
  let row: string[] = [];
  for (const match of text.matchAll(pattern)) {
    const [, cell = '', end] = match;
    row.push(cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell);
    if (end !== ',') {
      rows.push(row);
      row = [];
      if (end === '') break;
    }
  }
  return rows.filter((r) => r.length > 1 || r[0] !== '');
}

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.addAccount('anita', 'staff');
  token = await t.signIn('anita');
  const insert = (name: string, amount: number, status: string, createdAt: string, extra = '') =>
    t.db.orm.em.execute(
      `insert into donations (name, email, phone, amount, donation_type, status, created_at ${extra ? ', razorpay_order_id' : ''})
       values (?, 'x@example.com', '+919876543210', ?, 'one-time', ?, ? ${extra ? ', ?' : ''})`,
      extra ? [name, amount, status, createdAt, extra] : [name, amount, status, createdAt],
    );
  await insert('முருகன்', 150050, 'paid', '2027-03-31T18:29:00Z', 'order_A');
  await insert('=HYPERLINK("http://evil")', 100, 'paid', '2027-03-31T18:30:00Z');
  await insert('-2+3', 200000, 'failed', '2027-04-02T10:00:00Z');
});
afterAll(() => t.close());

const exportCsv = (filters?: unknown, cookie = `staff_session=${token}`) =>
  t.app.inject({
    method: 'GET',
    url: `/staff/api/donations.csv${filters === undefined ? '' : `?filters=${encodeURIComponent(JSON.stringify(filters))}`}`,
    headers: { cookie },
  });

describe('the CSV export', () => {
  it('refuses without a session', async () => {
    expect((await exportCsv({}, '')).statusCode).toBe(401);
  });

  it('starts with a UTF-8 BOM and writes amounts in rupees and dates in India time', async () => {
    const response = await exportCsv({ status: ['paid'] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="donations-/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(response.rawPayload.toString('utf8').slice(1)) as string[][];
    expect(rows[0]?.slice(0, 6)).toEqual(['Donation id', 'Date (India time)', 'Name', 'E-mail', 'Phone', 'Amount (₹)']);
    expect(rows).toHaveLength(3);
    const murugan = rows.find((row) => row[2] === 'முருகன்');
    expect(murugan?.slice(1, 6)).toEqual(['2027-03-31 23:59', 'முருகன்', 'x@example.com', "'+919876543210", '1500.50']);
    expect(murugan?.[9]).toBe('order_A');
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const text = (await exportCsv({})).rawPayload.toString('utf8');
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain("'-2+3");
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutralise(`${start}1`)).toBe(`'${start}1`);
    expect(neutralise('Asha')).toBe('Asha');
  });

  it('holds exactly what the filter shows, and records the export with its filter', async () => {
    const filters = { from: '2027-04-01', to: '2027-04-30' };
    const rows = parse((await exportCsv(filters)).rawPayload.toString('utf8').slice(1)) as string[][];
    expect(rows.slice(1).map((row) => row[2])).toEqual(["'-2+3", `'=HYPERLINK("http://evil")`]);
    const [audit] = await t.db.orm.em.execute(
      `select username, action, details from staff_audit where action = 'export' order by id desc limit 1`,
    );
    expect(audit).toMatchObject({ username: 'anita', action: 'export', details: { filters } });
  });

  it('answers 400 with the field for a bad filter', async () => {
    const response = await exportCsv({ status: ['lost'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('filters.status.0');
    const notJson = await t.app.inject({
      method: 'GET',
      url: '/staff/api/donations.csv?filters=%7B',
      headers: { cookie: `staff_session=${token}` },
    });
    expect(notJson.statusCode).toBe(400);
  });
});
