// `npm run bench:start`: how long the compiled server (`node dist/server/main.js`, built by
// `npm run build`) takes from its process starting to answering GET /api/health with 200, on an
// already migrated database, as a production start does. Median of BENCH_RUNS (7) runs, in
// razorpay mode (as in production; keys set, no call to Razorpay at start) and in sandbox mode.
// Starts its own embedded PostgreSQL (migrated once, before the runs). BENCH_START_ENTRY picks
// another compiled entry (dist/server/main.js by default), e.g. to compare two builds.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../src/server/platform/db/embedded-postgres';
import { openDatabase } from '../src/server/platform/db/orm';
import { freePort } from '../src/server/platform/net/free-port';
import { ENTITIES } from '../src/server/wiring/entities';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ENTRY = process.env.BENCH_START_ENTRY ?? 'dist/server/main.js';

const MODES: Record<string, NodeJS.ProcessEnv> = {
  razorpay: {
    NODE_ENV: 'production',
    RAZORPAY_KEY_ID: 'rzp_test_BenchStart0001',
    RAZORPAY_KEY_SECRET: 'bench-start-secret',
    RAZORPAY_WEBHOOK_SECRET: 'bench-start-webhook-secret',
  },
  // Production refuses the sandbox; 'test' starts the same compiled server with JSON logs.
  sandbox: { NODE_ENV: 'test', PAYMENT_PROVIDER: 'sandbox' },
};

/** Milliseconds from spawning the server to its first 200 on /api/health. */
async function startToHealthy(databaseUrl: string, modeEnv: NodeJS.ProcessEnv): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [ENTRY], {
    env: {
      ...process.env,
      ...modeEnv,
      LOG_LEVEL: 'error',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_ENCRYPTION_KEY: '0123456789abcdef'.repeat(4),
      SITE_URL: 'https://bench.example.org',
      SMTP_URL: 'smtp://127.0.0.1:9',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was healthy`)));
  });
  try {
    for (;;) {
      const healthy = await Promise.race([
        fetch(`http://127.0.0.1:${port}/api/health`).then(
          (response) => response.ok,
          () => false,
        ),
        exited,
      ]);
      if (healthy) return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error('the server was not healthy within a minute');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.removeAllListeners('exit');
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run npm run build first`);
  const loadBefore = loadavg();
  const dataDir = join(tmpdir(), `bench-start-postgres-${process.pid}`);
  const embedded = await startEmbeddedPostgres({ dataDir, ephemeral: true });
  const lines: string[] = [];
  try {
    // Migrated once here, so each start finds the schema up to date, as a restart in production does.
    await (await openDatabase(embedded.url, ENTITIES)).close();
    for (const [mode, env] of Object.entries(MODES)) {
      const runs: number[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await startToHealthy(embedded.url, env));
      const all = runs.map((ms) => (ms / 1000).toFixed(2)).join(' ');
      lines.push(`${mode.padEnd(8)}  median ${(median(runs) / 1000).toFixed(2)} s  (runs: ${all})`);
    }
  } finally {
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  console.log(
    `\nbench:start — node ${process.version}, ${ENTRY}, start to healthy (GET /api/health 200) on a migrated database, ` +
      `median of ${RUNS} runs; load average ${load(loadBefore)} before, ${load(loadavg())} after\n`,
  );
  for (const line of lines) console.log(line);
}

await main();
