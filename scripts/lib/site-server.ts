/**
 * The built site on a real server, for the browser tests and `npm run bench:web`: a fresh build when
 * the sources are newer than it, and the server started as a child process (sandbox payments, the
 * given database).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/server/platform/net/free-port';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILT_PAGE = join(ROOT, 'dist/client/donate.html');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** Builds the client unless dist/client is newer than every source it is made from. */
export async function ensureClientBuilt(): Promise<void> {
  const lock = join(ROOT, 'dist/.build-lock');
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  // Test files run in parallel: one builds, the others wait for it.
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() - statSync(lock).mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    const sources = [
      'src/client',
      'src/shared',
      'public',
      'scripts/prerender.ts',
      // The build's page kit is made by the code the server renders with.
      'src/server/transports/web/page-documents.ts',
      'src/server/transports/web/page-kit.ts',
      'vite.config.ts',
      // The site's messages, compiled into the pages by the build (scripts/lib/messages-options.ts).
      'messages',
      'project.inlang/settings.json',
      'scripts/lib/messages-options.ts',
      'package-lock.json',
    ];
    const newestSource = Math.max(...sources.map((path) => newestMtime(join(ROOT, path))));
    if (existsSync(BUILT_PAGE) && statSync(BUILT_PAGE).mtimeMs > newestSource) return;
    execFileSync('npm', ['run', 'build'], {
      cwd: ROOT,
      stdio: 'pipe',
      timeout: 600_000,
      // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface RunningServer {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The real server (`src/server/main.ts`) on a free port, in sandbox mode, against `databaseUrl`;
 * `root` names another checkout to run instead of this one (`npm run bench:web`'s BENCH_BASE).
 */
export async function startServer(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
  root = ROOT,
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The sandbox's own dev keys: whatever Razorpay keys this shell has must not leak into the test.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('RAZORPAY_')));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...inherited,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PAYMENT_PROVIDER: 'sandbox',
      SITE_URL: url,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 60_000);
    const check = () => {
      if (/Server listening at/.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log}`));
    });
  });
  return {
    url,
    output: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
