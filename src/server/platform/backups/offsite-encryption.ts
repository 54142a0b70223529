import { createCipheriv, createDecipheriv, generateKeyPairSync, randomBytes, scrypt } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import {
  armor,
  Decrypter,
  Encrypter,
  generateX25519Identity,
  type Identity,
  identityToRecipient,
  type Recipient,
  Stanza,
} from 'age-encryption';

/**
 * The encryption of the copies sent off the machine, in the age format (age-encryption.org/v1,
 * the `age-encryption` package; the `age` command opens the files too). The server must encrypt
 * every night without the passphrase, and a stolen server or bucket must not read the copies:
 *
 * - set-up (the console): the admin types a passphrase; the server makes an age X25519 key (the
 *   "identity") and an Ed25519 signing key, and seals the identity, with the signing key's public
 *   half written in it, with the passphrase (age's own scrypt recipient): the "sealed key", a small
 *   armored age file that is also an age identity file. The server keeps the recipient (public),
 *   the signing key (encrypted with DATA_ENCRYPTION_KEY) and the sealed key; never the passphrase
 *   or the identity.
 * - each copy: encrypted to the recipient, and signed (offsite-signature.ts).
 * - restoring: the passphrase opens the sealed key (only its holder, or our server at set-up, can
 *   make one that opens so), which gives the identity and the key the copy's signature must check
 *   against.
 *
 * scrypt's cost is ours: written at 2^18 (age's default, about 256 MiB), and a sealed key asking
 * for more is refused before any work (the `age` command accepts up to 2^22, the package 2^20).
 * scrypt runs in Node's native code here, not the package's JavaScript one (ten times slower).
 */

export const OFFSITE_SCRYPT_LOG_N = 18;
const SCRYPT_LABEL = 'age-encryption.org/v1/scrypt';
/** How every age file starts (binary form); the armored one starts with the armor's line. */
export const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n');
/** The first format (before issue 40): unsigned, its scrypt cost read from the file. Refused. */
export const LEGACY_MAGIC = Buffer.from('RESCUE-ENCRYPTED-BACKUP-1\n');

/** The passphrase is wrong, or the file is not an encrypted backup, or it is damaged or forged. */
export class DecryptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecryptError';
  }
}

/** What the server keeps of a passphrase's set-up. */
export interface OffsiteKeys {
  /** The age recipient (`age1…`) the copies are encrypted to. */
  recipient: string;
  /** The Ed25519 signing key, PKCS#8 DER in base64: secret (stored encrypted). */
  signingKey: string;
  /** The identity and the signing key's public half, sealed with the passphrase (armored age). */
  sealedKey: string;
}

/** What the sealed key gives back with the right passphrase. */
export interface OpenedKey {
  /** `AGE-SECRET-KEY-1…`: decrypts the copies. */
  identity: string;
  /** The Ed25519 public key (raw, base64) the copies' signatures must check against. */
  verifyKey: string;
}

// NFC: the same words typed on another keyboard give the same key here (the `age` command takes
// the bytes as typed, the same for every passphrase in plain ASCII).
const scryptKey = (passphrase: string, salt: Buffer, logN: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const N = 2 ** logN;
    scrypt(
      passphrase.normalize('NFC'),
      Buffer.concat([Buffer.from(SCRYPT_LABEL), salt]),
      32,
      { N, r: 8, p: 1, maxmem: 128 * N * 8 + 16 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });

// A stanza's file key is sealed with ChaCha20-Poly1305 under a zero nonce (the key is single-use).
const ZERO_NONCE = Buffer.alloc(12);
function sealFileKey(fileKey: Uint8Array, key: Buffer): Uint8Array {
  const cipher = createCipheriv('chacha20-poly1305', key, ZERO_NONCE, { authTagLength: 16 });
  return Buffer.concat([cipher.update(fileKey), cipher.final(), cipher.getAuthTag()]);
}
function openFileKey(body: Uint8Array, key: Buffer): Uint8Array | null {
  if (body.length !== 32) throw new DecryptError('the sealed key is damaged (its scrypt stanza is not age’s)');
  const decipher = createDecipheriv('chacha20-poly1305', key, ZERO_NONCE, { authTagLength: 16 });
  decipher.setAuthTag(body.subarray(16));
  try {
    return Buffer.concat([decipher.update(body.subarray(0, 16)), decipher.final()]);
  } catch {
    return null;
  }
}

/** age's scrypt recipient (a passphrase), with Node's scrypt. */
class PassphraseRecipient implements Recipient {
  constructor(private readonly passphrase: string) {}
  async wrapFileKey(fileKey: Uint8Array): Promise<Stanza[]> {
    const salt = randomBytes(16);
    const key = await scryptKey(this.passphrase, salt, OFFSITE_SCRYPT_LOG_N);
    const args = ['scrypt', salt.toString('base64').replace(/=+$/, ''), String(OFFSITE_SCRYPT_LOG_N)];
    return [new Stanza(args, sealFileKey(fileKey, key))];
  }
}

/** age's scrypt identity (a passphrase), with Node's scrypt and our bound on its cost. */
class PassphraseIdentity implements Identity {
  constructor(private readonly passphrase: string) {}
  async unwrapFileKey(stanzas: Stanza[]): Promise<Uint8Array | null> {
    const [stanza, ...others] = stanzas;
    if (stanza?.args[0] !== 'scrypt' || others.length > 0) {
      throw new DecryptError('the sealed key is not sealed with a passphrase alone: it was not made by this site');
    }
    const [, salt, logN] = stanza.args;
    if (
      stanza.args.length !== 3 ||
      !/^[1-9][0-9]?$/.test(logN ?? '') ||
      Buffer.from(salt ?? '', 'base64').length !== 16
    ) {
      throw new DecryptError('the sealed key is damaged (its scrypt stanza is not age’s)');
    }
    if (Number(logN) > OFFSITE_SCRYPT_LOG_N) {
      throw new DecryptError(
        `the sealed key asks for a passphrase cost of 2^${logN}, above this site's 2^${OFFSITE_SCRYPT_LOG_N}: it was not made by this site (refused without trying it)`,
      );
    }
    return openFileKey(
      stanza.body,
      await scryptKey(this.passphrase, Buffer.from(salt as string, 'base64'), Number(logN)),
    );
  }
}

const ed25519Raw = (der: Buffer) => der.subarray(-32).toString('base64');
const VERIFY_LINE = /^# Copies are signed by the server's key: ed25519 ([A-Za-z0-9+/]{43}=)$/m;
const IDENTITY_LINE = /^(AGE-SECRET-KEY-1[0-9A-Z]+)$/m;

/** Set-up: a new identity and signing key for a passphrase. */
export async function makeOffsiteKeys(passphrase: string, now = new Date()): Promise<OffsiteKeys> {
  const identity = await generateX25519Identity();
  const signing = generateKeyPairSync('ed25519');
  const verifyKey = ed25519Raw(signing.publicKey.export({ format: 'der', type: 'spki' }));
  const identityFile = [
    `# The animal rescue trust's key to its off-site backups (an age identity), made ${now.toISOString()}.`,
    `# Copies are signed by the server's key: ed25519 ${verifyKey}`,
    identity,
    '',
  ].join('\n');
  const encrypter = new Encrypter();
  encrypter.addRecipient(new PassphraseRecipient(passphrase));
  return {
    recipient: await identityToRecipient(identity),
    signingKey: signing.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    sealedKey: armor.encode(await encrypter.encrypt(identityFile)),
  };
}

/** Restore: the sealed key opened with the passphrase (a wrong one or a forged key: DecryptError). */
export async function openSealedKey(sealedKey: string, passphrase: string): Promise<OpenedKey> {
  let sealed: Uint8Array;
  try {
    sealed = armor.decode(sealedKey);
  } catch {
    throw new DecryptError('the sealed key in the signature file is damaged (not an armored age file)');
  }
  const decrypter = new Decrypter();
  decrypter.addIdentity(new PassphraseIdentity(passphrase));
  let text: string;
  try {
    text = await decrypter.decrypt(sealed, 'text');
  } catch (error) {
    if (error instanceof DecryptError) throw error;
    if (/no identity matched/i.test((error as Error).message)) {
      throw new DecryptError(
        'wrong passphrase: it does not open this copy’s key. Type the passphrase set on the console’s Backups page when this copy was made; if it is right, this copy was not written by this trust’s server',
      );
    }
    throw new DecryptError(`the sealed key in the signature file is damaged (${(error as Error).message})`);
  }
  const identity = IDENTITY_LINE.exec(text)?.[1];
  const verifyKey = VERIFY_LINE.exec(text)?.[1];
  if (!identity || !verifyKey) throw new DecryptError('the sealed key does not hold this site’s keys');
  return { identity, verifyKey };
}

const toWeb = (file: string) => Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>;
const fromWeb = (stream: ReadableStream<Uint8Array>) => Readable.fromWeb(stream as unknown as NodeReadableStream);

/** Writes `target` (created, private; removed again on failure) with what `produce` streams. */
async function writeThrough(target: string, produce: () => Promise<ReadableStream<Uint8Array>>) {
  // Opened first, so a failure's removal cannot run before the file is created.
  const handle = await open(target, 'wx', 0o600);
  try {
    await pipeline(fromWeb(await produce()), handle.createWriteStream());
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(target, { force: true });
    throw error;
  }
}

/** Encrypts `source` into `target` (a binary age file) for the recipient `age1…`. */
export async function encryptBackupFile(source: string, target: string, recipient: string): Promise<void> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  await writeThrough(target, () => encrypter.encrypt(toWeb(source)));
}

/**
 * Decrypts an age file into `target` (created; removed again on failure) with the identity. Every
 * byte is checked (age's STREAM: a cut, reordered or altered file fails with DecryptError).
 */
export async function decryptBackupFile(source: string, target: string, identity: string): Promise<void> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(identity);
  try {
    await writeThrough(target, () => decrypter.decrypt(toWeb(source)));
  } catch (error) {
    const message = (error as Error).message;
    if (/no identity matched/i.test(message)) {
      throw new DecryptError('the copy is not encrypted to the key its signature file holds');
    }
    throw new DecryptError(`the encrypted copy is damaged or cut short (${message})`);
  }
}
