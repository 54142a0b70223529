import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPaidGift } from '../../test/donor-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Asking for a link tells no one who gives: a known and an unknown address get the same answer
 * after the same statements. Counted at node-postgres's client, where every statement passes.
 */
let t: TestApp;
let statements = 0;
const query = pg.Client.prototype.query;
beforeAll(async () => {
  t = await createTestApp();
  await seedPaidGift(t.db.orm, t.deps.personalDataKey, {
    name: 'Asha',
    email: 'asha@example.com',
    at: '2026-06-01T10:00:00+05:30',
    rupees: 500,
  });
  // The mail worker polls the outbox every 50 ms: its statements would be counted with a request's.
  await t.jobs.stop();
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    statements += 1;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
});
afterAll(async () => {
  pg.Client.prototype.query = query;
  await t.close();
});

async function ask(email: string, ip: string) {
  const before = statements;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/my-giving/link',
    payload: { email },
    remoteAddress: ip,
  });
  return { response, statements: statements - before };
}

describe('asking for a link to the donor page', () => {
  it('runs the same statements for a known and an unknown address, and mails only the known one', async () => {
    const known = await ask('Asha@Example.com', '10.1.0.1');
    const unknown = await ask('nobody@example.com', '10.1.0.2');
    expect([known.response.statusCode, unknown.response.statusCode]).toEqual([202, 202]);
    expect(known.response.body).toBe(unknown.response.body);
    expect(known.statements).toBeGreaterThan(0);
    expect(known.statements).toBe(unknown.statements);
    const queued = await t.db.orm.em.execute<{ recipient: string }[]>(
      `select recipient from mail_outbox where kind = 'donor-link'`,
    );
    expect(queued).toEqual([{ recipient: 'asha@example.com' }]);
  });
});
