import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_LINK_LINE } from './console/first-admin/setup-link';
import { createTestDatabase, type TestDatabase } from './test/test-database';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

const REPORT_LOADED_PACKAGES = fileURLToPath(new URL('./test/report-loaded-packages.ts', import.meta.url));

function startServer(
  env: Record<string, string>,
  preload: string[] = [],
): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload.flatMap((file) => ['--import', file]), MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      // Production takes real payments only (the sandbox is refused there): test keys nothing calls.
      RAZORPAY_KEY_ID: 'rzp_test_MainTest000001',
      RAZORPAY_KEY_SECRET: 'main-test-key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'main-test-webhook-secret',
      SITE_URL: 'https://rescue.example.org',
      // Production refuses to start without it (platform/personal-data/data-encryption-key.ts).
      DATA_ENCRYPTION_KEY: '0123456789abcdef'.repeat(4),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

async function waitFor(predicate: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the server process', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('starts on DATABASE_URL, answers health, and exits cleanly on SIGTERM', async () => {
    const server = startServer({ DATABASE_URL: db.url, PORT: '0' });
    await waitFor(() => /Server listening at http:\/\/127\.0\.0\.1:\d+/.test(server.output()), 'listening');
    const port = server.output().match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/)?.[1];

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    server.child.kill('SIGTERM');
    const [code] = await once(server.child, 'exit');
    expect(code).toBe(0);
    // Production logs are JSON lines, one object each; the one plain line is the first admin's setup
    // link (no admin yet), printed apart so that a trustee can copy it whole.
    const lines = server.output().trim().split('\n');
    const [setupLink, ...others] = lines.filter((line) => line.startsWith(SETUP_LINK_LINE));
    expect(setupLink).toMatch(/ https?:\/\/\S+\/staff\/setup\?token=[\w-]+$/);
    expect(others).toEqual([]);
    const logLines = lines.filter((line) => !line.startsWith(SETUP_LINK_LINE));
    expect(logLines.every((line) => JSON.parse(line))).toBe(true);
    expect(logLines.some((line) => JSON.parse(line).msg === 'shutting down')).toBe(true);
  });

  it('answers health without loading what only some requests need (PDFs, mail, the OpenAPI generator, the migrator)', async () => {
    const server = startServer({ DATABASE_URL: db.url, PORT: '0', SMTP_URL: 'smtp://127.0.0.1:9' }, [
      REPORT_LOADED_PACKAGES,
    ]);
    await waitFor(() => /Server listening at http:\/\/127\.0\.0\.1:\d+/.test(server.output()), 'listening');
    const port = server.output().match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/)?.[1];
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    server.child.kill('SIGTERM');
    await once(server.child, 'exit');
    // The logger may flush its last lines after the report: find it among them.
    const report =
      server
        .output()
        .split('\n')
        .find((line) => line.startsWith('{"loadedPackages"')) ?? '{}';
    const { loadedPackages } = JSON.parse(report) as { loadedPackages: string[] };
    expect(loadedPackages).toContain('fastify');
    // The test database is migrated already, so the migrator is not needed either.
    const onDemand = [
      'pdfkit',
      'fontkit',
      'qrcode',
      'nodemailer',
      'mailparser',
      'smtp-server',
      'trpc-to-openapi',
      'umzug',
    ];
    for (const name of [...onDemand, '@mikro-orm/migrations']) {
      expect(loadedPackages).not.toContain(name);
    }
  });

  it('refuses to start with a bad setting and says which', async () => {
    const server = startServer({ PORT: 'not-a-port' });
    const [code] = await once(server.child, 'exit');
    expect(code).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration:\n {2}- PORT:/);
  });

  it('refuses to start in production without DATA_ENCRYPTION_KEY, and says why', async () => {
    const server = startServer({ DATABASE_URL: db.url, PORT: '0', DATA_ENCRYPTION_KEY: '' });
    const [code] = await once(server.child, 'exit');
    expect(code).toBe(1);
    expect(server.output()).toMatch(/DATA_ENCRYPTION_KEY: required in production/);
  });

  it('refuses to start in production without SITE_URL, or with the sandbox, and says why', async () => {
    for (const [env, reason] of [
      [{ SITE_URL: '' }, /SITE_URL: required in production/],
      [{ PAYMENT_PROVIDER: 'sandbox' }, /PAYMENT_PROVIDER: the sandbox cannot run with NODE_ENV=production/],
    ] as const) {
      const server = startServer({ DATABASE_URL: db.url, PORT: '0', ...env });
      const [code] = await once(server.child, 'exit');
      expect(code).toBe(1);
      expect(server.output()).toMatch(reason);
      expect(server.output()).not.toMatch(/\n\s+at /);
    }
  });

  it('stops with one readable line, no stack trace, when the database cannot be reached', async () => {
    const server = startServer({
      DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/none',
      PORT: '0',
      SITE_URL: 'https://example.org',
    });
    const [code] = await once(server.child, 'exit');
    expect(code).toBe(1);
    expect(server.output().trim().split('\n')).toEqual([
      expect.stringMatching(/^The database cannot be reached \(.*ECONNREFUSED.*\): check DATABASE_URL/),
    ]);
  });
});
