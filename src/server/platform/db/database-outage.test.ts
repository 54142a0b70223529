import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { donationBody } from '../../test/donation-fixtures';
import { buildDependencies, type ServerDependencies } from '../../wiring/composition-root';
import { ENTITIES } from '../../wiring/entities';
import { loadConfig } from '../core/config';
import { DATABASE_UNAVAILABLE_MESSAGE, RETRY_AFTER_SECONDS } from './database-unavailable';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';
import { type Orm, openDatabase } from './orm';

/** A database of its own, so stopping it leaves the other test files alone. */
const dataDir = join(tmpdir(), `outage-test-postgres-${process.pid}`);
let postgres: EmbeddedPostgres;
let orm: Orm;
let deps: ServerDependencies;
let app: FastifyInstance;

beforeAll(async () => {
  postgres = await startEmbeddedPostgres({ dataDir, ephemeral: true });
  orm = await openDatabase(postgres.url, ENTITIES);
  const config = loadConfig({
    NODE_ENV: 'test',
    RATE_LIMIT_PER_MINUTE: '1000000',
    DONATION_EMAIL_LIMIT_PER_HOUR: '1000000',
  });
  deps = await buildDependencies(config, orm);
  app = await buildApp({ config, deps });
});
afterAll(async () => {
  await app?.close();
  await deps?.close();
  await orm?.close();
  await postgres?.stop();
  await rm(postgres?.dataDir ?? dataDir, { recursive: true, force: true });
});

interface Outcome {
  sentAt: number;
  doneAt: number;
  status: number;
  retryAfter: unknown;
  message: unknown;
  orderId?: string;
}

/** One create, alternately through REST and tRPC, as donors' browsers and callers send them. */
async function createDonation(n: number): Promise<Outcome> {
  const sentAt = performance.now();
  const viaRest = n % 2 === 0;
  const response = await app.inject({
    method: 'POST',
    url: viaRest ? '/api/donations' : '/trpc/donation.create',
    payload: donationBody(),
  });
  const body = response.json();
  const data = viaRest ? body : body.result?.data;
  return {
    sentAt,
    doneAt: performance.now(),
    status: response.statusCode,
    retryAfter: response.headers['retry-after'],
    message: viaRest ? body.message : body.error?.message,
    orderId: data?.order?.id,
  };
}

describe('a database outage under load', () => {
  it('answers 503 with Retry-After while it lasts, then succeeds at once, losing and doubling nothing', async () => {
    const outcomes: Outcome[] = [];
    let sent = 0;
    let stopAt = Number.POSITIVE_INFINITY;
    let backAt = Number.POSITIVE_INFINITY;
    const afterRecovery = () => outcomes.filter((outcome) => outcome.sentAt >= backAt).length;
    const workers = Array.from({ length: 16 }, async () => {
      while (afterRecovery() < 200) outcomes.push(await createDonation(sent++));
    });

    while (outcomes.length < 100) await sleep(10);
    stopAt = performance.now();
    await postgres.stop();
    await sleep(2_000);
    await postgres.restart();
    backAt = performance.now();
    await Promise.all(workers);

    const failures = outcomes.filter((outcome) => outcome.status >= 300);
    const outsideOutage = outcomes.filter((outcome) => outcome.doneAt < stopAt || outcome.sentAt >= backAt);
    expect(failures.length).toBeGreaterThan(0);
    expect(outsideOutage.filter((outcome) => outcome.status >= 500)).toEqual([]);
    for (const failure of failures) {
      expect(failure).toMatchObject({
        status: 503,
        retryAfter: String(RETRY_AFTER_SECONDS),
        message: DATABASE_UNAVAILABLE_MESSAGE,
      });
    }

    const answered = outcomes.filter((outcome) => outcome.status === 200).map((outcome) => outcome.orderId);
    const rows = await orm.em.getConnection().execute<{ razorpay_order_id: string; copies: string }[]>(
      `select razorpay_order_id, count(*) as copies from donations
          where razorpay_order_id in (select jsonb_array_elements_text(?::jsonb)) group by 1`,
      [JSON.stringify(answered)],
    );
    expect(rows).toHaveLength(answered.length);
    expect(rows.filter((row) => Number(row.copies) > 1)).toEqual([]);
  }, 120_000);
});
