import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { donationBody } from '../../test/donation-fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { paymentEntity, postWebhook, razorpayEvent } from '../../test/webhook-fixtures';
import { buildDependencies, type ServerDependencies } from '../../wiring/composition-root';
import { loadConfig } from './config';
import { createLogger } from './logger';

/** What a donor typed, and what a payment carries, none of which may reach a log line. */
const PERSONAL = ['Asha', 'asha@example.com', '9876543210'];

const lines: string[] = [];
let db: TestDatabase;
let deps: ServerDependencies;
let app: FastifyInstance;

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '100000',
    DONATION_EMAIL_LIMIT_PER_HOUR: '100000',
  });
  const logger = createLogger(config, { write: (line: string) => lines.push(line) });
  db = await createTestDatabase();
  deps = await buildDependencies(config, db.orm);
  app = await buildApp({ config, deps, logger });
  // Inserts that fail the way a constraint or a dying database does, quoting the row's values
  // in PostgreSQL's `detail`, as a unique violation would.
  await db.orm.em.execute(`
    create function refuse_row() returns trigger language plpgsql as $$
    begin
      raise exception 'refused by test' using detail = row_to_json(new)::text;
    end $$;
    create trigger refuse_donation before insert on donations for each row execute function refuse_row();
    create trigger refuse_event before insert on webhook_events for each row execute function refuse_row();
  `);
});
afterAll(async () => {
  await app?.close();
  await deps?.close();
  await db?.drop();
});

function expectNoPersonalData(extra: string[] = []) {
  const log = lines.join('');
  for (const value of [...PERSONAL, ...extra]) expect(log).not.toContain(value);
}

describe('the log under failures', () => {
  it('a database error mid-insert logs the error, never the donor (REST and tRPC)', async () => {
    const rest = await app.inject({ method: 'POST', url: '/api/donations', payload: donationBody() });
    const trpc = await app.inject({ method: 'POST', url: '/trpc/donation.create', payload: donationBody() });
    expect(rest.statusCode).toBe(500);
    expect(trpc.statusCode).toBe(500);
    expect(lines.filter((line) => line.includes('refused by test'))).toHaveLength(2);
    expectNoPersonalData();
  });

  it('a failing webhook logs its id and the error, never its payload or signature', async () => {
    const event = razorpayEvent('payment.captured', { payment: paymentEntity({ amount: 100000, orderId: 'order_X' }) });
    const signature = createHmac('sha256', deps.razorpay.webhookSecret).update(JSON.stringify(event)).digest('hex');
    const response = await postWebhook(app, deps.razorpay.webhookSecret, event, { signature });
    expect(response.statusCode).toBe(500);
    expect(lines.filter((line) => line.includes('refused by test'))).toHaveLength(3);
    expectNoPersonalData([signature, deps.razorpay.webhookSecret, '+919876543210']);
  });

  it("a GET's query string (a search for a donor) never reaches the request log", async () => {
    const input = encodeURIComponent(JSON.stringify({ filter: { search: 'asha@example.com' } }));
    const response = await app.inject({ method: 'GET', url: `/trpc/staff.donations.list?input=${input}` });
    expect(response.statusCode).toBe(401);
    expect(lines.some((line) => line.includes('/trpc/staff.donations.list'))).toBe(true);
    expectNoPersonalData();
  });
});
