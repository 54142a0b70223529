import { mkdtemp, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { decryptBackupFile, ENCRYPTED_MAGIC, isEncryptedBackup } from './offsite-encryption';

/** Whether a file is an encrypted copy from the off-site bucket (rather than a backup as written here). */
export async function isEncryptedCopy(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const start = Buffer.alloc(ENCRYPTED_MAGIC.length);
    await handle.read(start, 0, start.length, 0);
    return isEncryptedBackup(start);
  } finally {
    await handle.close();
  }
}

/**
 * An encrypted copy downloaded from the bucket (`rescue-…backup.gz.enc`), decrypted with the
 * passphrase into a fresh private folder as the backup it was (`rescue-…backup.gz`), for the
 * restore. AES-GCM checked every byte, so the restore needs no `.sha256` beside it.
 */
export async function decryptCopyForRestore(file: string, passphrase: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'rescue-restore-'));
  const target = join(dir, basename(file).replace(/\.enc$/, '') || 'backup.gz');
  await decryptBackupFile(file, target, passphrase);
  return target;
}
