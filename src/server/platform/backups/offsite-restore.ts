import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { AGE_MAGIC, DecryptError, decryptBackupFile, LEGACY_MAGIC } from './offsite-encryption';
import { verifyCopy } from './offsite-signature';

/** What a file given to the restore is: a copy from the bucket, one in the first format, or a backup. */
export type CopyFormat = 'age' | 'legacy' | 'plain';

export async function copyFormat(file: string): Promise<CopyFormat> {
  const handle = await open(file, 'r');
  try {
    const start = Buffer.alloc(Math.max(AGE_MAGIC.length, LEGACY_MAGIC.length));
    await handle.read(start, 0, start.length, 0);
    if (start.subarray(0, AGE_MAGIC.length).equals(AGE_MAGIC)) return 'age';
    if (start.subarray(0, LEGACY_MAGIC.length).equals(LEGACY_MAGIC)) return 'legacy';
    return 'plain';
  } finally {
    await handle.close();
  }
}

/**
 * Why a copy in the first format (`….backup.gz.enc`, before issue 40) is refused: it carries no
 * signature, so anyone who could write to the bucket could have made it, and its scrypt cost was
 * read from the file. Copies in that format were made for two days before any site went live.
 */
export const LEGACY_REFUSAL =
  "this copy is in the first format (….enc), which cannot show it was written by this trust's server: it is not restored. Restore a newer copy (….age with its ….age.sig), or a backup from the server's own backups folder";

/**
 * An encrypted copy downloaded from the bucket (`rescue-…backup.gz.age`, with
 * `rescue-…backup.gz.age.sig` beside it), checked against its signature and decrypted with the
 * passphrase into a fresh private folder as the backup it was (`rescue-…backup.gz`), for the
 * restore. The signature checked the copy's every byte, and age its decryption, so the restore
 * needs no `.sha256` beside it. The name the server stored the copy under is returned too.
 */
export async function decryptCopyForRestore(
  file: string,
  passphrase: string,
  signatureFile = `${file}.sig`,
): Promise<{ file: string; object: string }> {
  if ((await copyFormat(file)) === 'legacy') throw new DecryptError(LEGACY_REFUSAL);
  const { identity, object } = await verifyCopy(file, signatureFile, passphrase);
  const dir = await mkdtemp(join(tmpdir(), 'rescue-restore-'));
  const target = join(dir, basename(object).replace(/\.age$/, '') || 'backup.gz');
  try {
    await decryptBackupFile(file, target, identity);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { file: target, object };
}
