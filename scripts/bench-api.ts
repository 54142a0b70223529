// `npm run bench:api`: load on POST /api/donations and its tRPC twin, with the sandbox's Razorpay
// answering at once and after 250 ms (as the real one does). Prints requests per second, p50/p99
// latency and the most database connections in use, as medians of several runs.
//
// It starts its own embedded PostgreSQL and server (sandbox mode, rate limit lifted), or drives
// BENCH_URL if given (then connection figures need BENCH_DATABASE_URL).
// Knobs: BENCH_RUNS (3), BENCH_SECONDS (10), BENCH_CONNECTIONS (20).
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres';
import { freePort } from '../src/server/net/free-port';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const body = JSON.stringify({
  name: 'Bench Donor',
  email: 'bench@example.com',
  phone: '9876543210',
  amount: 100000,
  donationType: 'one-time',
  purpose: 'general',
});

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  dbActive: number;
  dbOpen: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Samples the server's connections: open ones (the pool's size) and those running a query. */
function watchConnections(databaseUrl: string | undefined) {
  let dbActive = 0;
  let dbOpen = 0;
  if (!databaseUrl) return { stop: async () => ({ dbActive: Number.NaN, dbOpen: Number.NaN }) };
  const client = new pg.Client(databaseUrl);
  let running = true;
  const loop = (async () => {
    await client.connect();
    const database = new URL(databaseUrl).pathname.slice(1);
    while (running) {
      const { rows } = await client.query<{ open: string; active: string }>(
        `select count(*) as open, count(*) filter (where state <> 'idle') as active
           from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [database],
      );
      dbOpen = Math.max(dbOpen, Number(rows[0]?.open));
      dbActive = Math.max(dbActive, Number(rows[0]?.active));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.end();
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { dbActive, dbOpen };
    },
  };
}

async function measure(url: string, databaseUrl: string | undefined): Promise<Figures> {
  const watcher = watchConnections(databaseUrl);
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const db = await watcher.stop();
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    ...db,
  };
}

async function startServer(databaseUrl: string, latencyMs: number): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      PAYMENT_PROVIDER: 'sandbox',
      DATA_ENCRYPTION_KEY: '0123456789abcdef'.repeat(4),
      SANDBOX_LATENCY_MS: String(latencyMs),
      RATE_LIMIT_PER_MINUTE: '1000000000',
      DONATION_EMAIL_LIMIT_PER_HOUR: '1000000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    const health = await fetch(`${url}/api/health`).catch(() => undefined);
    if (health?.ok) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start within a minute');
}

async function main() {
  const rows: string[][] = [];
  const dataDir = join(tmpdir(), `bench-api-postgres-${process.pid}`);
  const embedded = process.env.BENCH_URL ? undefined : await startEmbeddedPostgres({ dataDir });
  try {
    for (const latencyMs of [0, 250]) {
      let server: { url: string; child: ChildProcess } | undefined;
      let baseUrl = process.env.BENCH_URL;
      const databaseUrl = process.env.BENCH_DATABASE_URL ?? embedded?.url;
      if (!baseUrl && embedded) {
        server = await startServer(embedded.url, latencyMs);
        baseUrl = server.url;
      }
      for (const [label, path] of [
        ['REST POST /api/donations', '/api/donations'],
        ['tRPC donation.create', '/trpc/donation.create'],
      ] as const) {
        const runs: Figures[] = [];
        for (let run = 0; run < RUNS; run++) runs.push(await measure(`${baseUrl}${path}`, databaseUrl));
        const pick = (key: keyof Figures) => median(runs.map((figures) => figures[key]));
        rows.push([
          `${latencyMs} ms`,
          label,
          pick('rps').toFixed(0),
          `${pick('p50')} ms`,
          `${pick('p99')} ms`,
          String(Math.max(...runs.map((figures) => figures.errors))),
          String(Math.max(...runs.map((figures) => figures.dbActive))),
          String(Math.max(...runs.map((figures) => figures.dbOpen))),
        ]);
      }
      if (server) {
        server.child.kill('SIGTERM');
        await once(server.child, 'exit');
      }
      if (process.env.BENCH_URL) break;
    }
  } finally {
    await embedded?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }

  const header = ['razorpay latency', 'path', 'req/s', 'p50', 'p99', 'non-2xx', 'db in use (max)', 'db open (max)'];
  console.log(
    `\nbench:api — ${CONNECTIONS} connections, ${SECONDS} s per run, median of ${RUNS} runs (non-2xx and db: max)\n`,
  );
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  for (const row of [header, ...rows])
    console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
}

await main();
