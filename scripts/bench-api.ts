// `npm run bench:api`: load on POST /api/donations and its tRPC twin, with the sandbox's Razorpay
// answering at once and after 250 ms (as the real one does), at 20 and 200 connections. In the same
// run, two floors give what this machine and database allow right now: the same-work floor
// (scripts/lib/same-work-fastify.ts: a bare Fastify server doing the create's work in sandbox mode,
// its INSERT … RETURNING, the order asked over HTTP of the sandbox started in its process, which
// writes its own row, and the UPDATE, with the sandbox's latency) and, for reference, the bare floor
// (scripts/lib/bare-fastify.ts: the INSERT and the UPDATE alone, no provider). Each create path is
// printed as a share of both (of the bare floor at 250 ms: of the smaller of it and connections ÷
// 0.25 s, the most a provider that slow allows), with PASS/FAIL against issue 44's goal where it
// applies (0 ms, 20 connections: ≥ 0.5 of the same-work floor, p99 ≤ 50 ms, no non-2xx). Prints requests per second, p50/p99,
// the TCP connections the server's HTTP agents opened per 1,000 donations (to the provider: each is
// a TLS handshake in production; in the warm-up, which opens the pool, and in the measured runs) and the most database connections in use, as medians of runs.
//
// It starts its own embedded PostgreSQL and the compiled server (`node dist/server/main.js`, as
// production runs it: `npm run build` first; sandbox mode, rate limits lifted). Each row starts with
// a warm-up run (BENCH_WARMUP_SECONDS, 3) that opens the pools and lets the JIT settle; it is not in
// the medians, only in the provider-connections column of the first run.
// The table is measured once per Node: the one running this script and, when that is older,
// Node 24 LTS, the runtime the README recommends for production (Node 20 reached its end of life in
// April 2026). Node 24 comes from the registry's `node` package (`npx -y node@24`), as in CI.
// Knobs: BENCH_RUNS (3), BENCH_SECONDS (5), BENCH_CONNECTIONS (a list: "20,200"), BENCH_NODES (a
// list of "current", major versions or paths: "current,24"), BENCH_LATENCIES ("0,250"),
// BENCH_DURABLE=1 (PostgreSQL with fsync, as in production; off by default: the shared disk's
// fsyncs would be measured), BENCH_BASE=<directory of another build> (its `dist/`, built: measured
// in the same runs on a database of its own with floors of its own, its rows printed beneath
// today's, each build's against its own floors of the same run).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/platform/db/embedded-postgres';
import { freePort } from '../src/server/platform/net/free-port';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const ENTRY = 'dist/server/main.js';
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '20,200').split(',').map(Number);
const LATENCIES_MS = (process.env.BENCH_LATENCIES ?? '0,250').split(',').map(Number);
/** Production's recommended Node (README); measured too when this script runs on an older one. */
const PRODUCTION_NODE_MAJOR = 24;

/** A Node binary to run the servers with, and its version. */
interface NodeRuntime {
  path: string;
  version: string;
}

/** "current", a major version (fetched as the registry's `node` package, as CI does) or a path. */
function resolveNode(wanted: string): NodeRuntime | undefined {
  if (wanted === 'current') return { path: process.execPath, version: process.version };
  try {
    const path = /^\d+$/.test(wanted)
      ? execFileSync('npx', ['-y', `node@${wanted}`, '-p', 'process.execPath'], { encoding: 'utf8' }).trim()
      : wanted;
    return { path, version: execFileSync(path, ['--version'], { encoding: 'utf8' }).trim() };
  } catch (error) {
    console.warn(`bench:api: Node ${wanted} is not available here, its rows are left out (${String(error)})`);
    return undefined;
  }
}

function nodesToMeasure(): NodeRuntime[] {
  const currentMajor = Number(process.versions.node.split('.')[0]);
  const fallback = currentMajor < PRODUCTION_NODE_MAJOR ? `current,${PRODUCTION_NODE_MAJOR}` : 'current';
  const wanted = (process.env.BENCH_NODES ?? fallback).split(',').map((one) => one.trim());
  return wanted.map(resolveNode).filter((node): node is NodeRuntime => node !== undefined);
}

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
  /** TCP connections the server's HTTP agents opened during the run, and the calls answered 2xx. */
  sockets: number;
  answered: number;
  dbActive: number;
  dbOpen: number;
}

/** A server under test: its base URL, its process and where its agents' socket count is written. */
interface Server {
  url: string;
  child: ChildProcess;
  socketCountFile?: string;
}

/**
 * A row's warm-up run opens the agent's sockets (a bounded pool, gifts/payments/keep-alive.ts); the
 * measured runs show whether they are reused, so they are counted apart.
 */
const socketsPer1000 = (runs: Figures[]) => {
  const answered = runs.reduce((sum, run) => sum + run.answered, 0);
  return answered > 0 ? ((runs.reduce((sum, run) => sum + run.sockets, 0) * 1000) / answered).toFixed(1) : '–';
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Samples the server's connections: open ones (the pool's size) and those running a query. Client
 * backends only: an autovacuum worker busy on the same database is PostgreSQL's, not the server's.
 */
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
           from pg_stat_activity
          where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()`,
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

async function socketsOpened(server: Server): Promise<number> {
  if (!server.socketCountFile) return 0;
  return Number(await readFile(server.socketCountFile, 'utf8').catch(() => '0'));
}

async function measure(
  server: Server,
  path: string,
  connections: number,
  databaseUrl?: string,
  seconds = SECONDS,
): Promise<Figures> {
  const watcher = watchConnections(databaseUrl);
  const socketsBefore = await socketsOpened(server);
  const result = await autocannon({
    url: `${server.url}${path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections,
    duration: seconds,
  });
  const db = await watcher.stop();
  // The counter is written every 50 ms.
  await new Promise((resolve) => setTimeout(resolve, 120));
  const sockets = (await socketsOpened(server)) - socketsBefore;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    sockets,
    answered: result['2xx'],
    ...db,
  };
}

async function waitUntilUp(url: string, healthPath: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const health = await fetch(`${url}${healthPath}`, { method: 'HEAD' }).catch(() => undefined);
    if (health) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start within a minute');
}

/** A build to measure: its directory (holding `dist/`) and the database it runs on. */
interface Build {
  label: string;
  dir: string;
  databaseUrl: string;
}

/** tsx from this tree: the count-agent-sockets preload is TypeScript, and a base build may have no tsx. */
const TSX = import.meta.resolve('tsx');
const COUNT_SOCKETS = resolve('scripts/lib/count-agent-sockets.ts');

async function startServer(node: NodeRuntime, build: Build, latencyMs: number): Promise<Server> {
  const port = await freePort();
  const socketCountFile = join(tmpdir(), `bench-api-sockets-${process.pid}-${build.label}-${latencyMs}`);
  const child = spawn(node.path, ['--import', TSX, '--import', COUNT_SOCKETS, ENTRY], {
    cwd: build.dir,
    env: {
      ...process.env,
      // Not production: production refuses the sandbox. 'test' logs JSON as production does.
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATABASE_URL: build.databaseUrl,
      PAYMENT_PROVIDER: 'sandbox',
      DATA_ENCRYPTION_KEY: '0123456789abcdef'.repeat(4),
      SANDBOX_LATENCY_MS: String(latencyMs),
      RATE_LIMIT_PER_MINUTE: '1000000000',
      DONATION_EMAIL_LIMIT_PER_HOUR: '1000000000',
      BENCH_SOCKET_COUNT_FILE: socketCountFile,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url, '/api/health', child);
  return { url, child, socketCountFile };
}

/**
 * A floor on a build's database (already migrated by that build's server, which starts first):
 * `script` is bare-fastify.ts or same-work-fastify.ts; the latter starts the sandbox with this latency.
 */
async function startFloor(node: NodeRuntime, script: string, databaseUrl: string, latencyMs: number): Promise<Server> {
  const port = await freePort();
  const child = spawn(node.path, ['--import', TSX, script], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, SANDBOX_LATENCY_MS: String(latencyMs) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url, '/', child);
  return { url, child };
}

async function stop(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
  if (server.socketCountFile) await rm(server.socketCountFile, { force: true });
}

const FLOOR_PATH = '/api/donations';
const FLOORS = {
  sameWork: {
    label: 'floor: same work (INSERT, sandbox order over HTTP, UPDATE)',
    script: 'scripts/lib/same-work-fastify.ts',
  },
  bare: { label: 'floor: bare Fastify INSERT + UPDATE', script: 'scripts/lib/bare-fastify.ts' },
} as const;
type FloorKind = keyof typeof FLOORS;
const CREATE_PATHS = [
  ['REST POST /api/donations', '/api/donations'],
  ['tRPC donation.create', '/trpc/donation.create'],
] as const;

/** Issue 44's goal for the create path, at 0 ms and 20 connections: a share of the same-work floor. */
const GOAL = { connections: 20, latencyMs: 0, shareOfFloor: 0.5, p99Ms: 50, non2xx: 0 };

/** One measured target of a row: one of a build's floors or one of its create paths. */
interface Target {
  build: Build;
  label: string;
  server: Server;
  path: string;
  floor?: FloorKind;
}

/**
 * The whole table (both latencies, every connection count, each build's paths) with the servers on
 * `node`. Each build has its floors on its own database (the floors' rows and autovacuum weigh on
 * that database as the build's own do), and its rows are shares of them.
 */
async function measureOn(node: NodeRuntime, builds: Build[]): Promise<string[][]> {
  const rows: string[][] = [];
  for (const latencyMs of LATENCIES_MS) {
    const started: Server[] = [];
    try {
      const targets: Target[] = [];
      for (const build of builds) {
        const server = await startServer(node, build, latencyMs);
        started.push(server);
        for (const floor of ['sameWork', 'bare'] as const) {
          const floorServer = await startFloor(node, FLOORS[floor].script, build.databaseUrl, latencyMs);
          started.push(floorServer);
          targets.push({ build, label: FLOORS[floor].label, server: floorServer, path: FLOOR_PATH, floor });
        }
        for (const [label, path] of CREATE_PATHS) targets.push({ build, label, server, path });
      }
      for (const connections of CONNECTIONS) {
        const measureTarget = (target: Target, seconds: number) =>
          measure(
            target.server,
            target.path,
            connections,
            target.floor ? undefined : target.build.databaseUrl,
            seconds,
          );
        const warmUps: Figures[] = [];
        for (const target of targets) warmUps.push(await measureTarget(target, WARMUP_SECONDS));
        // Each run measures every floor and path back to back, so they share the machine's load.
        const runs = targets.map((): Figures[] => []);
        for (let run = 0; run < RUNS; run++) {
          for (const [index, target] of targets.entries()) runs[index]?.push(await measureTarget(target, SECONDS));
        }
        const judged = connections === GOAL.connections && latencyMs === GOAL.latencyMs;
        const floorRps = (build: Build, floor: FloorKind) => {
          const index = targets.findIndex((one) => one.floor === floor && one.build === build);
          return median((runs[index] ?? []).map((one) => one.rps));
        };
        for (const [index, target] of targets.entries()) {
          const figures = runs[index] ?? [];
          const pick = (key: keyof Figures) => median(figures.map((one) => one[key]));
          const non2xx = Math.max(...figures.map((one) => one.errors));
          // The same-work floor waits for the sandbox's latency as the create does: its req/s is the bound.
          const ofSameWork = pick('rps') / floorRps(target.build, 'sameWork');
          // The bare floor has no provider: with it answering after `latencyMs`, a connection completes at most 1000/latency calls a second.
          const bare = floorRps(target.build, 'bare');
          const ofBare = pick('rps') / (latencyMs > 0 ? Math.min(bare, (connections * 1000) / latencyMs) : bare);
          const verdict =
            ofSameWork >= GOAL.shareOfFloor && pick('p99') <= GOAL.p99Ms && non2xx <= GOAL.non2xx ? 'PASS' : 'FAIL';
          const isCreate = target.floor === undefined;
          rows.push([
            node.version,
            target.build.label,
            `${latencyMs} ms`,
            String(connections),
            target.label,
            pick('rps').toFixed(0),
            isCreate ? ofSameWork.toFixed(2) : '',
            target.floor === 'bare' ? '' : ofBare.toFixed(2),
            `${pick('p50')} ms`,
            `${pick('p99')} ms`,
            isCreate && judged ? verdict : '',
            String(non2xx),
            isCreate ? socketsPer1000(warmUps.slice(index, index + 1)) : '',
            isCreate ? socketsPer1000(figures) : '',
            isCreate ? String(Math.max(...figures.map((one) => one.dbActive))) : '',
            isCreate ? String(Math.max(...figures.map((one) => one.dbOpen))) : '',
          ]);
        }
      }
    } finally {
      for (const server of started) await stop(server);
    }
  }
  return rows;
}

async function main() {
  const base = process.env.BENCH_BASE ? resolve(process.env.BENCH_BASE) : undefined;
  for (const dir of ['.', ...(base ? [base] : [])]) {
    if (!existsSync(join(dir, ENTRY))) throw new Error(`${join(dir, ENTRY)} is missing: run npm run build there first`);
  }
  const nodes = nodesToMeasure();
  const rows: string[][] = [];
  const loadBefore = loadavg();
  // The server is measured, not this machine's shared disk: fsync off unless BENCH_DURABLE=1.
  const durable = process.env.BENCH_DURABLE === '1';
  // Each build on a database of its own: one's rows never slow the other's statements.
  const databases = await Promise.all(
    ['today', ...(base ? ['base'] : [])].map(async (label) => {
      const dataDir = join(tmpdir(), `bench-api-postgres-${process.pid}-${label}`);
      return { label, dataDir, embedded: await startEmbeddedPostgres({ dataDir, ephemeral: !durable }) };
    }),
  );
  try {
    const builds = databases.map(({ label, embedded }) => ({
      label,
      dir: label === 'base' && base ? base : process.cwd(),
      databaseUrl: embedded.url,
    }));
    for (const node of nodes) rows.push(...(await measureOn(node, builds)));
  } finally {
    for (const { embedded, dataDir } of databases) {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  const header = [
    'node',
    'build',
    'razorpay latency',
    'conns',
    'path',
    'req/s',
    'of same-work floor',
    'of bare floor',
    'p50',
    'p99',
    'goal',
    'non-2xx',
    'provider conns / 1000: warm-up',
    'measured runs',
    'db in use (max)',
    'db open (max)',
  ];
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  console.log(
    `\nbench:api — PostgreSQL ${durable ? 'durable (fsync on)' : 'ephemeral (fsync off)'}, ${SECONDS} s per run, median of ${RUNS} runs (non-2xx and db: max); load average ${load(loadBefore)} before, ${load(loadavg())} after`,
  );
  console.log(
    `of … floor: req/s over the build's floor (on its database) in the same run; the same-work floor waits for the sandbox's latency as the create does; the bare one has no provider (at 250 ms, over the smaller of it and connections ÷ 0.25 s)`,
  );
  console.log(
    `goal at ${GOAL.latencyMs} ms, ${GOAL.connections} connections: ≥ ${GOAL.shareOfFloor} of the same-work floor, p99 ≤ ${GOAL.p99Ms} ms, ${GOAL.non2xx} non-2xx${base ? `; base: ${base}` : ''}\n`,
  );
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  for (const row of [header, ...rows])
    console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
}

await main();
