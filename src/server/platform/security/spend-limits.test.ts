import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { spendLimitsCall } from './shared-counters';

// The `spend_limits` function (Migration20261128100000) on its own: the order its spends are taken
// in, all or nothing for each request, and each counter row written once per batch.
let db: TestDatabase;
let client: pg.Client;
beforeAll(async () => {
  db = await createTestDatabase();
  client = new pg.Client(db.url);
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await db.drop();
});

const NOW = new Date('2026-11-28T10:00:00Z');
const HOUR_MS = 3_600_000;

/** Spends: one `[item, key, max]` each, every one with an hour's window at NOW; what each item was answered. */
async function spend(spends: [item: number, key: string, max: number][]) {
  const { rows } = await client.query<{ item: number; full_position: number | null; retry_ms: number | null }>(
    `select item, full_position, retry_ms from ${spendLimitsCall(1)} order by item`,
    [
      spends.map(([item]) => item),
      spends.map(([, key]) => key),
      spends.map(([, , max]) => max),
      spends.map(() => HOUR_MS),
      spends.map(() => NOW),
    ],
  );
  return rows.map((row) => [row.item, row.full_position, row.retry_ms]);
}

const counts = async (prefix: string) =>
  Object.fromEntries(
    (
      await client.query<{ key: string; count: number }>(
        'select key, count from rate_limit_counters where key like $1 order by key',
        [`${prefix}%`],
      )
    ).rows.map((row) => [row.key, row.count]),
  );

describe('spend_limits', () => {
  it('takes the spends in order, all or none of each request, and says which limit was full for how long', async () => {
    // Five requests from one address (at most 3), each with its own e-mail, but the fourth's e-mail is spent already.
    expect(await spend([[0, 'order:mail-3', 1]])).toEqual([[0, null, null]]);
    const answers = await spend(
      [0, 1, 2, 3, 4].flatMap((item): [number, string, number][] => [
        [item, 'order:ip', 3],
        [item, `order:mail-${item}`, 1],
      ]),
    );
    expect(answers).toEqual([
      [0, null, null],
      [1, null, null],
      [2, null, null],
      [3, 1, HOUR_MS],
      [4, 1, HOUR_MS],
    ]);
    // A request refused by its first limit spends none of its others.
    expect(await counts('order:')).toEqual({
      'order:ip': 3,
      'order:mail-0': 1,
      'order:mail-1': 1,
      'order:mail-2': 1,
      'order:mail-3': 1,
      'order:mail-4': 0,
    });
    // Refused by its second limit: its first is not spent either.
    expect(
      await spend([
        [0, 'order:other-ip', 5],
        [0, 'order:mail-0', 1],
      ]),
    ).toEqual([[0, 2, HOUR_MS]]);
    expect((await counts('order:other-ip'))['order:other-ip']).toBe(0);
  });

  it("writes each counter row once per batch, however many of the batch's requests spend it", async () => {
    // The table's row writes this connection has made, not yet all reported to the statistics.
    const writes = async () => {
      const { rows } = await client.query<{ inserted: string; updated: string }>(
        `select n_tup_ins as inserted, n_tup_upd as updated from pg_stat_xact_user_tables where relname = 'rate_limit_counters'`,
      );
      return { inserted: Number(rows[0]?.inserted), updated: Number(rows[0]?.updated) };
    };
    await client.query('begin');
    try {
      const before = await writes();
      const answers = await spend([0, 1, 2, 3, 4, 5].map((item): [number, string, number] => [item, 'once:ip', 10]));
      expect(answers.every(([, full]) => full === null)).toBe(true);
      // The new row, then one update of it for the six spends.
      const after = await writes();
      expect({ inserted: after.inserted - before.inserted, updated: after.updated - before.updated }).toEqual({
        inserted: 1,
        updated: 1,
      });
      expect(await counts('once:')).toEqual({ 'once:ip': 6 });
    } finally {
      await client.query('rollback');
    }
  });
});
