// `npm run bench:outage`: real HTTP load on the donation creates (REST and tRPC alternately) of a
// server on loopback with its own embedded PostgreSQL, which is stopped for 2 s in the middle of
// the run and started again. Prints what a database outage costs: sent, 2xx, lost (answered 2xx
// but no row), doubled (an order id stored twice), 5xx outside the outage, plain 500 during it,
// and the time to the first success once the database is back.
// Knobs: BENCH_REQUESTS (3000), BENCH_CONNECTIONS (64), BENCH_OUTAGE_MS (2000).
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/platform/db/embedded-postgres';
import { type RunningServer, startServer as startSiteServer } from './lib/site-server';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const OUTAGE_MS = Number(process.env.BENCH_OUTAGE_MS ?? 2000);

const body = JSON.stringify({
  name: 'Bench Donor',
  email: 'bench@example.com',
  phone: '9876543210',
  amount: 100000,
  donationType: 'one-time',
  purpose: 'general',
});

interface Outcome {
  sentAt: number;
  doneAt: number;
  status: number;
  retryAfter: string | null;
  orderId?: string;
}

async function create(baseUrl: string, n: number): Promise<Outcome> {
  const viaRest = n % 2 === 0;
  const sentAt = performance.now();
  try {
    const response = await fetch(`${baseUrl}${viaRest ? '/api/donations' : '/trpc/donation.create'}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    type Created = { order?: { id?: string } };
    const json = (await response.json().catch(() => ({}))) as Created & { result?: { data?: Created } };
    const data = viaRest ? json : json.result?.data;
    return {
      sentAt,
      doneAt: performance.now(),
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      orderId: data?.order?.id,
    };
  } catch {
    // No HTTP answer at all (connection reset): counted as a 5xx-class failure.
    return { sentAt, doneAt: performance.now(), status: 599, retryAfter: null };
  }
}

/** The real server in sandbox mode (refused in production), with limits no load here reaches (scripts/lib/site-server.ts). */
const startServer = (databaseUrl: string) =>
  startSiteServer(databaseUrl, {
    DATA_ENCRYPTION_KEY: '0123456789abcdef'.repeat(4),
    RATE_LIMIT_PER_MINUTE: '1000000000',
    DONATION_EMAIL_LIMIT_PER_HOUR: '1000000000',
  });

async function storedCopies(databaseUrl: string, orderIds: string[]): Promise<Map<string, number>> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; copies: string }>(
      `select razorpay_order_id as id, count(*) as copies from donations
        where razorpay_order_id = any($1::text[]) group by 1`,
      [orderIds],
    );
    return new Map(rows.map((row) => [row.id, Number(row.copies)]));
  } finally {
    await client.end();
  }
}

async function main() {
  const dataDir = join(tmpdir(), `bench-outage-postgres-${process.pid}`);
  const postgres = await startEmbeddedPostgres({ dataDir });
  let server: RunningServer | undefined;
  try {
    server = await startServer(postgres.url);
    const baseUrl = server.url;
    const outcomes: Outcome[] = [];
    let next = 0;
    let stopAt = Number.POSITIVE_INFINITY;
    let backAt = Number.POSITIVE_INFINITY;

    const outage = (async () => {
      while (next < REQUESTS / 3) await sleep(5);
      stopAt = performance.now();
      await postgres.stop();
      await sleep(OUTAGE_MS);
      await postgres.restart();
      backAt = performance.now();
    })();
    const workers = Array.from({ length: CONNECTIONS }, async () => {
      while (next < REQUESTS) outcomes.push(await create(baseUrl, next++));
    });
    await Promise.all([...workers, outage]);

    const ok = outcomes.filter((outcome) => outcome.status >= 200 && outcome.status < 300);
    const during = (outcome: Outcome) => outcome.doneAt >= stopAt && outcome.sentAt < backAt;
    const copies = await storedCopies(
      postgres.url,
      ok.map((outcome) => outcome.orderId ?? ''),
    );
    const before = outcomes.filter((o) => o.doneAt < stopAt).map((o) => o.doneAt - o.sentAt);
    const p50Before = before.sort((a, b) => a - b)[Math.floor(before.length / 2)] ?? Number.NaN;
    const firstSuccess = Math.min(...ok.filter((outcome) => outcome.doneAt >= backAt).map((o) => o.doneAt));
    const figures: [string, string | number][] = [
      ['sent', outcomes.length],
      ['2xx', ok.length],
      ['503 with Retry-After during the outage', outcomes.filter((o) => o.status === 503 && o.retryAfter).length],
      ['lost (2xx but no row)', ok.filter((outcome) => !copies.has(outcome.orderId ?? '')).length],
      ['doubled (order id stored twice)', [...copies.values()].filter((count) => count > 1).length],
      ['5xx outside the outage', outcomes.filter((o) => o.status >= 500 && !during(o)).length],
      ['plain 500 during the outage', outcomes.filter((o) => o.status === 500 && during(o)).length],
      ['other non-2xx', outcomes.filter((o) => (o.status < 200 || o.status >= 300) && o.status !== 503).length],
      ['database stopped for', `${(backAt - stopAt).toFixed(0)} ms (stop, ${OUTAGE_MS} ms down, start)`],
      ['first success after the database returned', `${(firstSuccess - backAt).toFixed(0)} ms`],
      ['(p50 latency of a create before the outage)', `${p50Before.toFixed(0)} ms`],
    ];
    console.log(`\nbench:outage — ${REQUESTS} creates, ${CONNECTIONS} concurrent, PostgreSQL stopped mid-run\n`);
    const width = Math.max(...figures.map(([label]) => label.length));
    for (const [label, value] of figures) console.log(`${label.padEnd(width)}  ${value}`);
  } finally {
    if (server) {
      await server.stop();
    }
    await postgres.stop();
    await rm(postgres.dataDir, { recursive: true, force: true });
  }
}

await main();
