import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// The create path's round trips to PostgreSQL are most of its cost under load (issue 34): the
// budgets and the row go in one statement, the order id in another, and nothing else of the
// donation's or the limits' is sent. (The sandbox's own write stands in for Razorpay's servers.)
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

/** The statements about donations and limits sent while `work` runs, in order. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    if (/donations|spend_limits|rate_limit_counters/.test(text)) sent.push(text.replace(/\s+/g, ' '));
    return (query as (...given: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent;
}

const budgetRows = async () =>
  Number((await t.db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from rate_limit_counters'))[0]?.n);

describe('a create', () => {
  it.each([
    ['REST', '/api/donations'],
    ['tRPC', '/trpc/donation.create'],
  ])('over %s sends its budgets and its row in one statement, then its order id', async (_transport, url) => {
    const create = (ip: string, email: string) =>
      t.app.inject({ method: 'POST', url, headers: { 'x-forwarded-for': ip }, payload: donationBody({ email }) });
    // The first create of a pool also sweeps old limit windows: not part of every create.
    expect((await create('198.51.100.1', 'warm@example.com')).statusCode).toBe(200);
    const before = await budgetRows();

    let status = 0;
    const statements = await statementsOf(async () => {
      status = (await create(`198.51.100.${url.length}`, `${url.length}@example.com`)).statusCode;
    });

    expect(status).toBe(200);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/spend_limits\(.*insert into "donations"/);
    expect(statements[1]).toMatch(/^update "donations"/);
    // Both budgets were spent: a new client address and a new e-mail each got a window.
    expect(await budgetRows()).toBe(before + 2);
  });
});
