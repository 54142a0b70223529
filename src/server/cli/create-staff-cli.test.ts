import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

const CLI = fileURLToPath(new URL('./create-staff-cli.ts', import.meta.url));

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** Runs `npm run staff:create -- …` as a deployment script would, with the password piped in. */
function createStaff(
  args: string[],
  password: string,
  databaseUrl = db.url,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      stdio: ['pipe', 'pipe', 'pipe'],
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
    child.stdin.end(`${password}\n`);
  });
}

describe('npm run staff:create', () => {
  it('creates an admin with an argon2id hash of the piped password', async () => {
    const result = await createStaff(
      ['--username', 'Anita', '--role', 'admin', '--name', 'Anita R'],
      'a long enough passphrase',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Created admin account "anita"/);
    const [row] = await db.orm.em.execute<{ role: string; password: string; display_name: string }[]>(
      `select role, password, display_name from users where username = 'anita'`,
    );
    expect(row?.role).toBe('admin');
    expect(row?.display_name).toBe('Anita R');
    expect(row?.password).toMatch(/^\$argon2id\$/);
    expect(row?.password).not.toContain('a long enough passphrase');
  });

  it('refuses an existing username in one line, with a non-zero exit', async () => {
    const result = await createStaff(['--username', 'anita', '--role', 'staff'], 'another long passphrase');
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toEqual(['staff:create: The username anita is taken']);
  });

  it('refuses a password shorter than 12 characters', async () => {
    const result = await createStaff(['--username', 'ravi', '--role', 'staff'], 'short pass1');
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim()).toBe('staff:create: the password must be at least 12 characters');
    const [row] = await db.orm.em.execute<{ n: number }[]>(
      `select count(*)::int as n from users where username = 'ravi'`,
    );
    expect(row?.n).toBe(0);
  });

  it('refuses a role that does not exist', async () => {
    const result = await createStaff(['--username', 'ravi', '--role', 'owner'], 'a long enough passphrase');
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim()).toBe('staff:create: --role must be admin or staff');
  });

  it('says in one line, without a stack trace, when the database cannot be reached', async () => {
    const result = await createStaff(
      ['--username', 'ravi', '--role', 'staff'],
      'a long enough passphrase',
      'postgres://nobody@127.0.0.1:1/none',
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^The database cannot be reached \(.*\): check DATABASE_URL/),
    ]);
  });
});
