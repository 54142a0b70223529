import { createHash, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DecryptError, type OpenedKey, openSealedKey } from './offsite-encryption';

/**
 * Each copy's proof that this trust's server wrote it. age does not say who encrypted a file:
 * anyone can encrypt to the recipient, so a copy alone proves nothing. Beside each copy
 * `X.age` the server writes `X.age.sig`, a short text:
 *
 *     rescue off-site copy v2
 *     object: rescue-20261129-023000-nightly.backup.gz.age
 *     sha256: <the copy's SHA-256, hex>
 *     bytes: <its size>
 *     signature: <Ed25519 over the lines above, base64>
 *     -----BEGIN AGE ENCRYPTED FILE-----  (the sealed key, offsite-encryption.ts)
 *
 * The restore opens the sealed key with the passphrase, which gives the identity and the public
 * half of the signing key; then it checks the signature and the copy's hash before decrypting.
 * Someone who can write to the bucket has neither the passphrase (to seal a key of their own) nor
 * the signing key (kept encrypted in the database): any copy of theirs is refused. The sealed key
 * rides in every signature file, so a copy made before a change of passphrase restores with the
 * passphrase it was made for.
 */

const HEADING = 'rescue off-site copy v2';
const STATEMENT = /^rescue off-site copy v2\nobject: ([^\n]+)\nsha256: ([0-9a-f]{64})\nbytes: ([0-9]+)\n$/;
/** A signature file is well under this; a larger one is not ours. */
const MAX_SIGNATURE_FILE = 16 * 1024;
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** The signature file's text for the encrypted copy `file`, to be stored as `object`.sig. */
export async function signCopy(
  file: string,
  object: string,
  keys: { signingKey: string; sealedKey: string },
): Promise<string> {
  const statement = `${HEADING}\nobject: ${object}\nsha256: ${await sha256Of(file)}\nbytes: ${(await stat(file)).size}\n`;
  const key = createPrivateKey({ key: Buffer.from(keys.signingKey, 'base64'), format: 'der', type: 'pkcs8' });
  const signature = sign(null, Buffer.from(statement), key).toString('base64');
  return `${statement}signature: ${signature}\n${keys.sealedKey.trim()}\n`;
}

async function readSignatureFile(file: string): Promise<string> {
  const handle = await open(file, 'r').catch(() => {
    throw new DecryptError(
      `the copy's signature file ${basename(file)} is missing: download it from the bucket too, beside the copy (each copy has one)`,
    );
  });
  try {
    const buffer = Buffer.alloc(MAX_SIGNATURE_FILE + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_SIGNATURE_FILE) throw new DecryptError(`${basename(file)} is not a copy's signature file`);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Checks the copy `file` against its signature file with the passphrase: the copy's identity and
 * the name it was stored under, or DecryptError saying what is wrong (nothing decrypted yet).
 */
export async function verifyCopy(
  file: string,
  signatureFile: string,
  passphrase: string,
): Promise<OpenedKey & { object: string }> {
  const text = await readSignatureFile(signatureFile);
  const match = /^([\s\S]*?)signature: ([A-Za-z0-9+/]{86}==)\n([\s\S]*)$/.exec(text);
  const statement = match?.[1] ?? '';
  const fields = STATEMENT.exec(statement);
  if (!match || !fields)
    throw new DecryptError(`${basename(signatureFile)} is not a copy's signature file of this site`);
  const opened = await openSealedKey(match[3] as string, passphrase);
  const verifyKey = createPublicKey({
    key: Buffer.concat([SPKI_ED25519, Buffer.from(opened.verifyKey, 'base64')]),
    format: 'der',
    type: 'spki',
  });
  if (!verify(null, Buffer.from(statement), verifyKey, Buffer.from(match[2] as string, 'base64'))) {
    throw new DecryptError(
      "this copy's signature is not the trust's server's: it was not written by this trust's server (refused; use another copy)",
    );
  }
  const [, object, sha256, bytes] = fields;
  if ((await stat(file)).size !== Number(bytes) || (await sha256Of(file)) !== sha256) {
    throw new DecryptError(
      `this file is not the copy its signature file was made for (${object}): it was altered, cut short, or is another copy; refused`,
    );
  }
  return { ...opened, object: object as string };
}
