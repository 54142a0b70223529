import type { Knex } from '@mikro-orm/knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnstorableText } from '../../platform/db/unstorable-text';
import type { TaxReceiptColumns } from '../../platform/personal-data/tax-receipt-columns';
import { donationBody } from '../../test/donation-fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { Donation } from './donation.entity';
import { donationRows } from './donation-rows';

let db: TestDatabase;
let knex: Knex;
beforeAll(async () => {
  db = await createTestDatabase();
  knex = db.orm.em.getConnection().getKnex();
});
afterAll(() => db.drop());

const NO_TAX: TaxReceiptColumns = { address: null, taxIdKind: null, taxIdMasked: null, taxIdEncrypted: null };
const taxFor = (index: number): TaxReceiptColumns => ({
  address: `${index} Beach Road, Chennai`,
  taxIdKind: 'pan',
  taxIdMasked: `XXXXXX${String(index).padStart(3, '0')}F`,
  taxIdEncrypted: `sealed-${index}`,
});
const stored = (id: number | null) => db.orm.em.fork().findOneOrFail(Donation, id as number);

/** Counts the connections borrowed from the pool while `work` runs: one per statement sent. */
async function statementsSentBy<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const lender = knex.client as { acquireConnection: () => Promise<unknown> };
  const acquire = lender.acquireConnection;
  let statements = 0;
  lender.acquireConnection = function (this: unknown) {
    statements += 1;
    return acquire.call(this);
  };
  try {
    return { result: await work(), statements };
  } finally {
    lender.acquireConnection = acquire;
  }
}

describe('donation rows of donors starting together', () => {
  it('go in one INSERT, and each donor gets the id of the row holding their own details', async () => {
    const donors = Array.from({ length: 30 }, (_, index) => ({
      input: donationBody({ name: `Donor ${index}`, email: `donor${index}@example.com`, amount: 10000 + index }),
      tax: taxFor(index),
    }));

    const { result: ids, statements } = await statementsSentBy(() =>
      Promise.all(donors.map((donor) => donationRows(knex).insert(donor))),
    );

    expect(statements).toBe(1);
    expect(new Set(ids).size).toBe(30);
    for (const [index, id] of ids.entries()) {
      expect(await stored(id)).toMatchObject({
        name: `Donor ${index}`,
        email: `donor${index}@example.com`,
        amount: 10000 + index,
        status: 'pending',
        address: `${index} Beach Road, Chennai`,
        taxIdEncrypted: `sealed-${index}`,
      });
    }
  });

  it('fail only the donor whose row PostgreSQL refuses; the others of the same turn are stored', async () => {
    const count = () => db.orm.em.fork().count(Donation);
    const before = await count();

    const { result: results, statements } = await statementsSentBy(() =>
      Promise.allSettled(
        ['Before', 'Refused\u0000Donor', 'After'].map((name) =>
          donationRows(knex).insert({ input: donationBody({ name }), tax: NO_TAX }),
        ),
      ),
    );

    // The batch, then each row alone.
    expect(statements).toBe(4);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const [, refused] = results;
    // What the app's error handlers answer 400 for.
    expect(refused?.status === 'rejected' && isUnstorableText(refused.reason)).toBe(true);
    expect(await count()).toBe(before + 2);
    const [first, , last] = results;
    if (first?.status !== 'fulfilled' || last?.status !== 'fulfilled') throw new Error('unreachable');
    expect((await stored(first.value)).name).toBe('Before');
    expect((await stored(last.value)).name).toBe('After');
  });

  it('take their order ids in one UPDATE, which leaves alone a row that has moved on', async () => {
    const insert = (name: string) => donationRows(knex).insert({ input: donationBody({ name }), tax: NO_TAX });
    const [waiting, failedMeanwhile, ordered, alsoWaiting] = await Promise.all(
      ['Waiting', 'Failed', 'Ordered', 'Also waiting'].map(insert),
    );
    const em = db.orm.em.fork();
    await em.nativeUpdate(Donation, { id: failedMeanwhile }, { status: 'failed' });
    await em.nativeUpdate(Donation, { id: ordered }, { razorpayOrderId: 'order_first' });

    const { result, statements } = await statementsSentBy(() =>
      Promise.all([
        donationRows(knex).recordOrder(waiting as number, 'order_a'),
        donationRows(knex).recordOrder(failedMeanwhile as number, 'order_b'),
        donationRows(knex).recordOrder(ordered as number, 'order_c'),
        donationRows(knex).recordOrder(alsoWaiting as number, 'order_d'),
      ]),
    );

    expect(statements).toBe(1);
    expect(result).toEqual([true, false, false, true]);
    expect((await stored(waiting as number)).razorpayOrderId).toBe('order_a');
    expect(await stored(failedMeanwhile as number)).toMatchObject({ status: 'failed', razorpayOrderId: null });
    expect((await stored(ordered as number)).razorpayOrderId).toBe('order_first');
    expect((await stored(alsoWaiting as number)).razorpayOrderId).toBe('order_d');
  });

  it('answer only the one call whose order id a row took, when two give one row an order in the same turn', async () => {
    const id = (await donationRows(knex).insert({
      input: donationBody({ name: 'Asked twice' }),
      tax: NO_TAX,
    })) as number;

    const results = await Promise.all([
      donationRows(knex).recordOrder(id, 'order_one'),
      donationRows(knex).recordOrder(id, 'order_two'),
    ]);

    const stored = (await db.orm.em.fork().findOneOrFail(Donation, id)).razorpayOrderId;
    expect(results).toEqual([stored === 'order_one', stored === 'order_two']);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('with an appeal among them, still go in one statement: a row for an appeal that takes no gifts is not written', async () => {
    const appeal = async (slug: string, status: string, endsOn: string | null = null) => {
      const [row] = await db.orm.em.fork().execute<{ id: number }[]>(
        `insert into appeals (slug, title, story, goal, status, ends_on, created_by, updated_by)
         values (?, ?, 'A story of one animal.', 4500000, ?, ?, 'asha', 'asha') returning id`,
        [slug, slug, status, endsOn],
      );
      return (row as { id: number }).id;
    };
    const open = await appeal('bruno', 'published');
    const closed = await appeal('rani', 'closed');
    const ended = await appeal('moti', 'published', '2020-01-01');
    const draft = await appeal('kittu', 'draft');
    const gifts = [
      { name: 'To Bruno', appealId: open, tribute: { kind: 'memory', of: 'animal', name: 'Tommy' } },
      { name: 'To nobody', appealId: undefined },
      { name: 'To Rani', appealId: closed },
      { name: 'To Moti', appealId: ended },
      { name: 'To Kittu', appealId: draft },
      { name: 'To no appeal at all', appealId: 999_999 },
      { name: 'To Bruno again', appealId: open },
    ];
    const count = () => db.orm.em.fork().count(Donation);
    const before = await count();

    const { result: ids, statements } = await statementsSentBy(() =>
      Promise.all(
        gifts.map(({ name, appealId, tribute }) =>
          donationRows(knex).insert({ input: donationBody({ name, appealId, tribute }), tax: NO_TAX }),
        ),
      ),
    );

    expect(statements).toBe(1);
    expect(ids.map((id) => id !== null)).toEqual([true, true, false, false, false, false, true]);
    expect(await count()).toBe(before + 3);
    const bruno = await stored(ids[0] as number);
    expect(bruno).toMatchObject({ name: 'To Bruno', status: 'pending' });
    expect(bruno.appeal?.id).toBe(open);
    expect(bruno.tribute).toEqual({ kind: 'memory', of: 'animal', name: 'Tommy' });
    expect((await stored(ids[1] as number)).appeal).toBeNull();
    expect((await stored(ids[6] as number)).name).toBe('To Bruno again');
  });
});
