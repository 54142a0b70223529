import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { donationBody } from '../../test/donation-fixtures';

/**
 * A new user's two terminals: the server on the embedded PostgreSQL, then each command-line tool
 * beside it. The tools use the server's running cluster and leave it running; the server still
 * takes a donation after each. And a cluster killed under the server is started again.
 */
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const MAIN = source('../../main.ts');
const TOOLS = {
  'staff:create': [source('../../cli/create-staff-cli.ts'), '--username', 'asha', '--role', 'admin'],
  'db:migrate': [source('../../cli/migrate.ts')],
  reconcile: [source('../../cli/reconcile-cli.ts')],
} as const;

let home: string;
let env: NodeJS.ProcessEnv;
let server: ChildProcess;
let output = '';
let origin = '';

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'shared-embedded-'));
  env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? home,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    PAYMENT_PROVIDER: 'sandbox',
    PORT: '0',
    EMBEDDED_POSTGRES_DIR: join(home, 'postgres'),
    DATA_ENCRYPTION_KEY: '0123456789abcdef'.repeat(4),
  };
  server = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await vi.waitFor(() => expect(output).toMatch(/Server listening at http:\/\/127\.0\.0\.1:\d+/), {
    timeout: 90_000,
    interval: 100,
  });
  origin = `http://127.0.0.1:${/Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]}`;
}, 120_000);

afterAll(async () => {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  await rm(home, { recursive: true, force: true });
});

function runTool(args: readonly string[]): Promise<{ code: number | null; text: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.stderr.on('data', (chunk) => {
      text += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, text }));
    child.stdin.end('correct horse battery staple\n');
  });
}

const donate = () =>
  fetch(`${origin}/api/donations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(donationBody()),
  });
const health = async () => (await fetch(`${origin}/api/health`).catch(() => undefined))?.status;

describe('the embedded PostgreSQL, shared by the server and the tools', () => {
  it.each(Object.entries(TOOLS))(
    'runs %s beside the server, which still takes a donation after it',
    async (_name, args) => {
      const tool = await runTool(args);
      expect(tool.code, tool.text).toBe(0);
      expect(tool.text).not.toMatch(/stopping PostgreSQL left running/);
      expect((await donate()).status).toBe(200);
      expect(await health()).toBe(200);
    },
    60_000,
  );

  it('starts its PostgreSQL again when it dies under the server, and says so in one line', async () => {
    // Where the cluster lives, as the start said (as root it may be moved out of a private folder).
    const dataDir = /data in (\S+?)"/.exec(output)?.[1] ?? (env.EMBEDDED_POSTGRES_DIR as string);
    const postmaster = Number((await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');
    await vi.waitFor(() => expect(output).toMatch(/the embedded PostgreSQL stopped under the server/), {
      timeout: 20_000,
      interval: 100,
    });
    await vi.waitFor(async () => expect(await health()).toBe(200), { timeout: 60_000, interval: 250 });
    expect((await donate()).status).toBe(200);
  }, 90_000);
});
