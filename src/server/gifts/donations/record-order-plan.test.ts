import type { Knex } from '@mikro-orm/knex';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { donationRows } from './donation-rows';

// The UPDATE that gives donations their order ids finds each row by its primary key, whatever the
// table's statistics say: with statistics from when hardly a row was pending (a table grown since
// its last ANALYZE), the planner read every pending row through the status index instead, a cost
// that grew with the table (issue 34: most of PostgreSQL's time per create under load).
let db: TestDatabase;
let knex: Knex;
beforeAll(async () => {
  db = await createTestDatabase();
  knex = db.orm.em.getConnection().getKnex();
  // The statistics stay as this test leaves them.
  await knex.raw('alter table donations set (autovacuum_enabled = false)');
});
afterAll(() => db.drop());

const NO_TAX = { address: null, taxIdKind: null, taxIdMasked: null, taxIdEncrypted: null };
const insertPending = (count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, index) =>
      donationRows(knex).insert({ input: donationBody({ email: `d${index}@example.com` }), tax: NO_TAX }),
    ),
  );

/** The statement `work` sends to PostgreSQL about donations, with its values. */
async function statementOf(work: () => Promise<unknown>): Promise<{ text: string; values: unknown[] }> {
  const sent: { text: string; values: unknown[] }[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (typeof args[0] === 'string' && args[0].includes('"donations"')) {
      sent.push({ text: args[0], values: args[1] as unknown[] });
    }
    return (query as (...given: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  expect(sent).toHaveLength(1);
  return sent[0] as { text: string; values: unknown[] };
}

it('finds the donations it gives order ids by their primary key, even when the statistics say none is pending', async () => {
  // Statistics from a table whose every row had moved on; then donors arrive.
  await insertPending(200);
  await knex.raw(`update donations set status = 'failed'`);
  await knex.raw('analyze donations');
  const ids = (await insertPending(400)) as number[];

  const rows = donationRows(knex);
  const { text, values } = await statementOf(() =>
    Promise.all([
      rows.recordOrder(ids[0] as number, 'order_Plan000001'),
      rows.recordOrder(ids[1] as number, 'order_Plan000002'),
    ]),
  );
  const client = new pg.Client(db.url);
  await client.connect();
  try {
    const { rows: plan } = await client.query(`explain (format json) ${text}`, values);
    const indexes = JSON.stringify(plan).match(/"Index Name": ?"[a-z_]+"/g) ?? [];
    expect(indexes.map((found) => found.split('"')[3])).toEqual(['donations_pkey']);
  } finally {
    await client.end();
  }
});
