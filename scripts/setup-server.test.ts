import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * scripts/setup-server.sh as a non-engineer runs it: answers on its standard input, in a temporary
 * folder. The domain's and the machine's addresses are given through its environment (a test
 * cannot own a public domain), except where a name that resolves nowhere is the point.
 */
const script = join(process.cwd(), 'scripts/setup-server.sh');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'setup-server-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runSetup(answers: string[], env: Record<string, string> = {}, args: string[] = []): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [script, ...args], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', SETUP_DIR: dir, SETUP_PORTS: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(answers.map((answer) => `${answer}\n`).join(''));
  });
}

/** The domain resolves to this machine's address. */
const pointsHere = { SETUP_DOMAIN_ADDRESSES: '203.0.113.7', SETUP_MACHINE_ADDRESSES: '203.0.113.7 10.0.0.5' };

const readEnv = async () => {
  const text = await readFile(join(dir, '.env'), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
};
const envExists = () =>
  stat(join(dir, '.env')).then(
    () => true,
    () => false,
  );

describe('scripts/setup-server.sh', () => {
  it('writes .env with the domain, the e-mail and new secrets, readable by its owner only', async () => {
    const run = await runSetup(['https://Rescue.Example.org/', 'asha@example.org'], pointsHere);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const env = await readEnv();
    expect(env.SITE_URL).toBe('https://rescue.example.org');
    expect(env.ACME_EMAIL).toBe('asha@example.org');
    expect(env.DATA_ENCRYPTION_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(env.POSTGRES_PASSWORD).toMatch(/^[0-9a-f]{48}$/);
    expect((await stat(join(dir, '.env'))).mode & 0o777).toBe(0o600);
    // Every setting compose.yaml insists on (`${NAME:?…}`) is there.
    const required = [...(await readFile('compose.yaml', 'utf8')).matchAll(/\$\{([A-Z_]+):\?/g)].map((m) => m[1]);
    expect(required).toEqual(expect.arrayContaining(['POSTGRES_PASSWORD', 'SITE_URL', 'ACME_EMAIL']));
    for (const name of required) expect(env[name as string], name).toBeTruthy();
    // Where the key is, that it must be kept, and what to do next.
    expect(run.stdout).toContain(`DATA_ENCRYPTION_KEY in ${join(dir, '.env')}`);
    expect(run.stdout).toContain('KEEP THE ENCRYPTION KEY');
    expect(run.stdout).toContain('    sudo docker compose up -d\n');
    expect(run.stdout).toContain("open Settings in the console and enter the trust's Razorpay keys");
    // No empty key lines: an empty RAZORPAY_KEY_ID is a bad value that stops the start.
    expect(Object.keys(env)).not.toContain('RAZORPAY_KEY_ID');
    // The guide's own command (going-live.md, Part 3), word for word.
    expect(run.stdout).toContain("    sudo docker compose logs app | grep 'staff/setup?token=' | tail -n 1\n");
    expect(run.stdout).not.toContain(env.DATA_ENCRYPTION_KEY);
  });

  it('never replaces an existing .env unless told to, and then keeps its password and key', async () => {
    await runSetup(['rescue.example.org', 'asha@example.org'], pointsHere);
    const first = await readFile(join(dir, '.env'), 'utf8');

    const declined = await runSetup([''], pointsHere);
    expect(declined.code).toBe(0);
    expect(declined.stdout).toContain('Left as it is');
    expect(await readFile(join(dir, '.env'), 'utf8')).toBe(first);

    const replaced = await runSetup(['y', 'new.example.org', 'ravi@example.org'], pointsHere);
    expect(replaced.code).toBe(0);
    const before = Object.fromEntries(first.split('\n').map((line) => line.split('=', 2)));
    const after = await readEnv();
    expect(after.SITE_URL).toBe('https://new.example.org');
    expect(after.DATA_ENCRYPTION_KEY).toBe(before.DATA_ENCRYPTION_KEY);
    expect(after.POSTGRES_PASSWORD).toBe(before.POSTGRES_PASSWORD);
    expect(await readFile(join(dir, '.env.previous'), 'utf8')).toBe(first);
  });

  it('asks again for a domain or an e-mail it cannot use', async () => {
    const run = await runSetup(['rescue example', ' rescue.example.org\r', 'asha', 'asha@example.org'], pointsHere);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('"rescue example" is not a domain name');
    expect(run.stdout).toContain('"asha" is not an e-mail address');
    expect((await readEnv()).SITE_URL).toBe('https://rescue.example.org');
  });

  it('stops with a clear message when the domain resolves nowhere (a real lookup), writing nothing', async () => {
    const run = await runSetup(['rescue-site.invalid', 'asha@example.org']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('rescue-site.invalid does not resolve to any address here');
    expect(run.stderr).toContain('add an A record');
    expect(await envExists()).toBe(false);
  });

  it('stops when the domain points at another public address, writing nothing', async () => {
    const run = await runSetup(['rescue.example.org', 'asha@example.org'], {
      SETUP_DOMAIN_ADDRESSES: '198.51.100.9',
      SETUP_MACHINE_ADDRESSES: '203.0.113.7',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("this machine's public address is");
    expect(run.stderr).toContain('--public-address');
    expect(await envExists()).toBe(false);
  });

  it('goes on, saying it cannot tell, when the machine has only private addresses (NAT)', async () => {
    const run = await runSetup(['rescue.example.org', 'asha@example.org'], {
      SETUP_DOMAIN_ADDRESSES: '198.51.100.9',
      SETUP_MACHINE_ADDRESSES: '10.0.0.5 fd00::2',
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Cannot tell whether that is this machine');
    expect(await envExists()).toBe(true);
  });

  it('checks against an address given on the command line', async () => {
    const run = await runSetup(
      ['rescue.example.org', 'asha@example.org'],
      { SETUP_DOMAIN_ADDRESSES: '198.51.100.9', SETUP_MACHINE_ADDRESSES: '10.0.0.5' },
      ['--public-address', '198.51.100.9'],
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('That is this machine (198.51.100.9)');
  });

  describe('with a port already taken', () => {
    let server: Server;
    let port: number;
    beforeEach(async () => {
      server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });
    afterEach(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('stops and names the port (found by ss -ltn), writing nothing', async () => {
      const run = await runSetup(['rescue.example.org', 'asha@example.org'], {
        ...pointsHere,
        SETUP_PORTS: `${port}`,
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`Port ${port} is already in use`);
      expect(await envExists()).toBe(false);
    });
  });
});
