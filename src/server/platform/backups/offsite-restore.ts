import { access, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { AGE_MAGIC, DecryptError, decryptBackupFile, LEGACY_MAGIC } from './offsite-encryption';
import { verifyCopy } from './offsite-signature';

/** What a file given to the restore is: a copy from the bucket, one in the first format, or a backup. */
export type CopyFormat = 'age' | 'legacy' | 'plain';

/** What the file's first bytes say it is. */
async function leadingFormat(file: string): Promise<CopyFormat> {
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

/** The names the bucket's copies have (`….age`, `….enc` in the first format). */
const COPY_NAME = /\.(age|enc)$/i;

/**
 * What a file given to the restore is, by its name, the signature file beside it and its first
 * bytes. A file named as a copy from the bucket (`….age`, `….enc`) or with a signature file beside
 * it is a copy, whatever its first bytes: it must pass the signature check. A plain backup under
 * such a name is what someone who can write to the bucket would upload to get their own backup
 * restored without the signature (the server never stores a plain backup there): DecryptError.
 */
export async function copyFormat(file: string, signatureFile = `${file}.sig`): Promise<CopyFormat> {
  const format = await leadingFormat(file);
  if (format !== 'plain') return format;
  const signed = await access(signatureFile).then(
    () => true,
    () => false,
  );
  if (COPY_NAME.test(basename(file)) || signed) {
    throw new DecryptError(
      `${basename(file)} is ${signed ? `a plain backup with a signature file (${basename(signatureFile)}) beside it` : 'named as an encrypted copy from the off-site bucket but is a plain backup'}: the server never puts a plain backup in the bucket, so this file was not written by this trust's server; refused. Restore a copy as downloaded from the bucket (….age with its ….age.sig), or a backup from the server's own backups folder (….backup.gz with its .sha256, no signature file beside it)`,
    );
  }
  return 'plain';
}

/**
 * Why a copy in the first format (`….backup.gz.enc`, before issue 40) is refused: it carries no
 * signature, so anyone who could write to the bucket could have made it, and its scrypt cost was
 * read from the file. Copies in that format were made for two days before any site went live.
 */
export const LEGACY_REFUSAL =
  "this copy is in the first format (….enc), which cannot show it was written by this trust's server: it is not restored. Restore a newer copy (….age with its ….age.sig), or a backup from the server's own backups folder";

/** The refusal of a signed copy given under another name than the one it was signed for. */
export const renamedRefusal = (object: string, given: string) =>
  `this copy was signed by this trust's server as ${object}, but the file given is named ${given}: an older copy may have been passed off under a newer name; refused. Restore the copy named ${object}, or, if you renamed it yourself, add --force (which also empties a database that is not empty)`;

/**
 * An encrypted copy downloaded from the bucket (`rescue-…backup.gz.age`, with
 * `rescue-…backup.gz.age.sig` beside it), checked against its signature and decrypted with the
 * passphrase into a fresh private folder as the backup it was (`rescue-…backup.gz`), for the
 * restore. The signature checked the copy's every byte, and age its decryption, so the restore
 * needs no `.sha256` beside it. A copy whose file name is not the name it was signed for is
 * refused (DecryptError, nothing decrypted) unless `acceptOtherName`: the signature covers the
 * name, and a copy's name says when it was taken. The name it was signed for is returned too.
 */
export async function decryptCopyForRestore(
  file: string,
  passphrase: string,
  {
    signatureFile = `${file}.sig`,
    acceptOtherName = false,
  }: { signatureFile?: string; acceptOtherName?: boolean } = {},
): Promise<{ file: string; object: string }> {
  const format = await copyFormat(file, signatureFile);
  if (format === 'legacy') throw new DecryptError(LEGACY_REFUSAL);
  if (format === 'plain') throw new DecryptError(`${basename(file)} is not an encrypted copy from the bucket`);
  const { identity, object } = await verifyCopy(file, signatureFile, passphrase);
  if (object !== basename(file) && !acceptOtherName) throw new DecryptError(renamedRefusal(object, basename(file)));
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
