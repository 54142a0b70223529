import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../../migrations';
import { migrate } from '../../platform/db/orm';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';

/**
 * The donor records' migration on a database with gifts already: every paid or refunded online gift
 * and every gift recorded by staff gets its donor by e-mail key (the key of email-key.ts, in SQL);
 * a gift recorded without an e-mail is a donor of its own; an attempt never paid has none.
 */
let db: TestDatabase;
const BEFORE = migrations.map((migration) => migration.name).filter((name) => name < 'Migration20261128030000');

beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
  await migrate(db.orm, db.url, { only: BEFORE });
});
afterAll(() => db.drop());

const sql = <T>(text: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(text, params);

describe('the backfill', () => {
  it('joins old gifts by e-mail key, and rolls them up', async () => {
    const gift = async (email: string, status: string, mode = 'online', amount = 100_000) => {
      const [row] = await sql<{ id: number }>(
        `insert into donations (name, email, phone, amount, donation_type, status, mode, received_on, created_at)
         values ('Asha', ?, '9876543210', ?, 'one-time', ?, ?, case when ? <> 'online' then date '2026-05-01' end,
                 timestamptz '2026-05-01T06:00:00Z') returning id`,
        [email, amount, status, mode, mode],
      );
      return Number(row?.id);
    };
    const ids = {
      online: await gift(' A.Sha@Gmail.com', 'paid'),
      tagged: await gift('asha+rescue@googlemail.com', 'paid', 'online', 50_000),
      cheque: await gift('ASHA@gmail.com', 'paid', 'cheque', 500_000),
      refunded: await gift('asha@gmail.com', 'refunded'),
      attempt: await gift('asha@gmail.com', 'pending'),
      failed: await gift('asha@gmail.com', 'failed'),
      walkIn: await gift('', 'paid', 'cash', 20_000),
      walkIn2: await gift('', 'paid', 'cash', 30_000),
      other: await gift('ravi@example.com', 'paid'),
    };
    await migrate(db.orm, db.url);

    const donors = await sql<{ id: number; donor_id: number | null }>('select id, donor_id from donations');
    const donorOf = (id: number) => donors.find((row) => row.id === id)?.donor_id ?? null;
    const asha = donorOf(ids.online);
    expect(asha).not.toBeNull();
    expect([ids.tagged, ids.cheque, ids.refunded].map(donorOf)).toEqual([asha, asha, asha]);
    expect([ids.attempt, ids.failed].map(donorOf)).toEqual([null, null]);
    expect(new Set([asha, donorOf(ids.walkIn), donorOf(ids.walkIn2), donorOf(ids.other)]).size).toBe(4);

    const [rollup] = await sql<{ email_key: string; gift_count: number; lifetime_total: string; largest_gift: number }>(
      'select email_key, gift_count, lifetime_total, largest_gift from donors where id = ?',
      [asha],
    );
    expect(rollup).toEqual({
      email_key: 'asha@gmail.com',
      gift_count: 3,
      lifetime_total: String(100_000 + 50_000 + 500_000),
      largest_gift: 500_000,
    });
    const [walkIn] = await sql<{ email_key: string | null; lifetime_total: string }>(
      'select email_key, lifetime_total from donors where id = ?',
      [donorOf(ids.walkIn)],
    );
    expect(walkIn).toEqual({ email_key: null, lifetime_total: '20000' });
    // New donors after the backfill take ids past the ones it gave.
    const [next] = await sql<{ id: number }>(`insert into donors (email_key) values ('new@example.com') returning id`);
    expect(Number(next?.id)).toBeGreaterThan(Math.max(...donors.map((row) => row.donor_id ?? 0)));
  });
});
