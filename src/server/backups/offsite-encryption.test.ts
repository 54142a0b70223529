import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DecryptError, decryptBackupFile, encryptBackupFile, publicKeyFromPassphrase } from './offsite-encryption';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rescue-offsite-crypto-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the off-site copies encryption', () => {
  it('round-trips a file of several chunks with the passphrase alone, and hides its text', async () => {
    const key = await publicKeyFromPassphrase('tiger lily monsoon 2026');
    const plain = Buffer.concat([Buffer.from('Donor Meena Krishnan, meena@example.com\n'), randomBytes(200_000)]);
    await writeFile(join(dir, 'plain'), plain);
    await encryptBackupFile(join(dir, 'plain'), join(dir, 'sealed'), key);
    const sealed = await readFile(join(dir, 'sealed'));
    expect(sealed.includes('meena@example.com')).toBe(false);
    expect(sealed.length).toBeGreaterThan(plain.length);

    await decryptBackupFile(join(dir, 'sealed'), join(dir, 'opened'), 'tiger lily monsoon 2026');
    expect((await readFile(join(dir, 'opened'))).equals(plain)).toBe(true);
  });

  it('refuses a wrong passphrase, a cut file and an altered one, leaving no output', async () => {
    const key = await publicKeyFromPassphrase('right one');
    await writeFile(join(dir, 'small'), 'rows');
    await encryptBackupFile(join(dir, 'small'), join(dir, 'small.sealed'), key);
    const wrong = decryptBackupFile(join(dir, 'small.sealed'), join(dir, 'small.wrong'), 'wrong one');
    await expect(wrong).rejects.toThrow(DecryptError);
    await expect(wrong).rejects.toThrow(/wrong passphrase/);
    await expect(readFile(join(dir, 'small.wrong'))).rejects.toThrow(/ENOENT/);

    const sealed = await readFile(join(dir, 'small.sealed'));
    const altered = Buffer.from(sealed);
    altered[altered.length - 20] = (altered[altered.length - 20] ?? 0) ^ 1;
    await writeFile(join(dir, 'altered'), altered);
    await expect(decryptBackupFile(join(dir, 'altered'), join(dir, 'altered.out'), 'right one')).rejects.toThrow(
      /damaged or was altered/,
    );
    await writeFile(join(dir, 'cut'), sealed);
    await truncate(join(dir, 'cut'), sealed.length - 3);
    await expect(decryptBackupFile(join(dir, 'cut'), join(dir, 'cut.out'), 'right one')).rejects.toThrow(/cut short/);
    await expect(decryptBackupFile(join(dir, 'small'), join(dir, 'plain.out'), 'right one')).rejects.toThrow(
      /not an encrypted backup/,
    );
  });
});
