import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptBackupFile, makeOffsiteKeys } from '../platform/backups/offsite-encryption';
import { signCopy } from '../platform/backups/offsite-signature';

/**
 * `npm run restore` given what someone who can write to the bucket could put there: refused before
 * any database is touched (DATABASE_URL points nowhere: a restore that went on would fail on it,
 * with another sentence).
 */
const CLI = fileURLToPath(new URL('./restore-cli.ts', import.meta.url));
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rescue-restore-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function restore(args: string[], input = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: {
        ...process.env,
        DATABASE_URL: 'postgres://nobody@127.0.0.1:9/nowhere',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
      },
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
    child.stdin.end(input);
  });
}

/** A plain gzip backup (an outsider's own, say) written as `name`, with a `.sha256` if asked. */
async function plainBackup(name: string, withChecksum: boolean): Promise<string> {
  const file = join(dir, name);
  const body = gzipSync(Buffer.from('{"format":"rescue-logical-backup","tables":[]}\n'));
  await writeFile(file, body);
  if (withChecksum) {
    await writeFile(`${file}.sha256`, `${createHash('sha256').update(body).digest('hex')}  ${name}\n`);
  }
  return file;
}

describe('npm run restore: a plain backup under a copy’s name', () => {
  it.each([
    ['with a .sha256 beside it', true, 'rescue-20261129-023000-nightly.backup.gz.age'],
    ['without a .sha256', false, 'rescue-20261128-023000-nightly.backup.gz.age'],
    ['named as a first-format copy', false, 'rescue-20261127-023000-nightly.backup.gz.enc'],
  ])(
    'named ….age/….enc, %s: refused, no passphrase asked, no --skip-checksum offered',
    async (_, withChecksum, name) => {
      const file = await plainBackup(name, withChecksum);
      const { code, stdout, stderr } = await restore([file]);
      expect(code).toBe(1);
      expect(stderr).toContain(
        `restore: refused: ${name} is named as an encrypted copy from the off-site bucket but is a plain backup`,
      );
      expect(stderr).toContain("this file was not written by this trust's server");
      expect(stderr).not.toContain('--skip-checksum');
      expect(stdout).not.toMatch(/Passphrase|signature/);
    },
  );

  it('any name, with a .sig beside it: refused the same', async () => {
    const file = await plainBackup('rescue-20261126-023000-nightly.backup.gz', true);
    await writeFile(`${file}.sig`, 'rescue off-site copy v2\n');
    const { code, stderr } = await restore([file, '--skip-checksum']);
    expect(code).toBe(1);
    expect(stderr).toContain(
      'is a plain backup with a signature file (rescue-20261126-023000-nightly.backup.gz.sig) beside it',
    );
  });
});

describe('npm run restore: a signed copy under another name', () => {
  it('an older copy passed off under a newer name is refused, naming both names; --force lets it through', async () => {
    const passphrase = 'kolam at the gate 2026';
    const keys = await makeOffsiteKeys(passphrase);
    const older = 'rescue-20261120-023000-nightly.backup.gz.age';
    const newer = 'rescue-20261129-023000-nightly.backup.gz.age';
    const folder = await mkdtemp(join(dir, 'renamed-'));
    const source = join(folder, 'rescue-20261120-023000-nightly.backup.gz');
    await writeFile(source, gzipSync(Buffer.from('{"format":"rescue-logical-backup","tables":[]}\n')));
    const copy = join(folder, newer);
    await encryptBackupFile(source, copy, keys.recipient);
    // Signed by the trust's server as the older copy, then renamed in the bucket.
    await writeFile(`${copy}.sig`, await signCopy(copy, older, keys));

    const refused = await restore([copy], `${passphrase}\n`);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `restore: refused: this copy was signed by this trust's server as ${older}, but the file given is named ${newer}`,
    );

    // With --force it is decrypted and goes on to the restore (which then fails on DATABASE_URL).
    const forced = await restore([copy, '--force'], `${passphrase}\n`);
    expect(forced.stdout).toContain(`signed by this trust's server as ${older}`);
    expect(forced.stdout).toContain(`(the file given is named ${newer}: restored under --force)`);
    expect(forced.stderr).not.toContain('was signed by this trust');
  });
});
