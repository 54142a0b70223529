import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
  scrypt,
} from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The encryption of the copies sent off the machine. The server must encrypt every night without
 * the passphrase, and a stolen server or bucket must not read the copies, so it is public-key:
 *
 * - set-up (the console): the admin types a passphrase; scrypt(passphrase, salt) is an X25519
 *   private key; the server keeps only its public key and the salt. The passphrase and the private
 *   key are never stored.
 * - each copy: a fresh (ephemeral) X25519 key pair; its agreement with the public key, through
 *   HKDF-SHA256, is the copy's AES-256-GCM key; the file is sealed in 64 KiB chunks, each with its
 *   own nonce (its number) and tag, the last one marked, so a cut or reordered file fails.
 * - restoring: the passphrase and the salt in the file's header give the private key again.
 *
 * File: MAGIC, a JSON header line (salt, scrypt's cost, the two public keys), then chunks
 * `[4-byte length][ciphertext][16-byte tag]`. The header is the chunks' associated data: changing
 * it fails the first chunk.
 */

export const ENCRYPTED_MAGIC = Buffer.from('RESCUE-ENCRYPTED-BACKUP-1\n');
const CHUNK = 64 * 1024;
const TAG = 16;
/** scrypt's cost: about 0.3 s and 128 MiB, paid once at set-up and once per restore. */
export const SCRYPT_COST = { N: 2 ** 17, r: 8, p: 1 };
const HKDF_INFO = 'rescue-offsite-backup v1';

/** What the server keeps to encrypt: the public key and the salt it was derived with (base64). */
export interface BackupPublicKey {
  publicKey: string;
  salt: string;
}

interface EncryptedHeader extends BackupPublicKey {
  scrypt: typeof SCRYPT_COST;
  ephemeralPublicKey: string;
}

/** The passphrase is wrong, or the file is not an encrypted backup, or it is damaged. */
export class DecryptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecryptError';
  }
}

// DER prefixes of an X25519 key in PKCS#8 (private) and SPKI (public): the raw 32 bytes follow.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b656e032100', 'hex');

const privateKeyOf = (raw: Buffer) =>
  createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, raw]), format: 'der', type: 'pkcs8' });
const publicKeyOf = (raw: Buffer) =>
  createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
const rawPublicKey = (key: KeyObject) => (key.export({ format: 'der', type: 'spki' }) as Buffer).subarray(-32);

function derivePrivateKey(passphrase: string, salt: Buffer, cost = SCRYPT_COST): Promise<KeyObject> {
  return new Promise((resolve, reject) => {
    scrypt(passphrase.normalize('NFC'), salt, 32, { ...cost, maxmem: 256 * 1024 * 1024 }, (error, seed) =>
      error ? reject(error) : resolve(privateKeyOf(seed)),
    );
  });
}

/** Set-up: the public key of a new passphrase (a fresh salt each time). */
export async function publicKeyFromPassphrase(passphrase: string): Promise<BackupPublicKey> {
  const salt = randomBytes(16);
  const privateKey = await derivePrivateKey(passphrase, salt);
  return { publicKey: rawPublicKey(createPublicKey(privateKey)).toString('base64'), salt: salt.toString('base64') };
}

const contentKey = (shared: Buffer, ephemeral: Buffer, recipient: Buffer) =>
  Buffer.from(hkdfSync('sha256', shared, Buffer.concat([ephemeral, recipient]), HKDF_INFO, 32));

const nonceOf = (index: number, last: boolean) => {
  const nonce = Buffer.alloc(12);
  nonce.writeUIntBE(index, 4, 6);
  nonce[11] = last ? 1 : 0;
  return nonce;
};

/** Encrypts `source` into `target` (created; removed again on failure) for the holder of the passphrase. */
export async function encryptBackupFile(source: string, target: string, recipient: BackupPublicKey): Promise<void> {
  const recipientRaw = Buffer.from(recipient.publicKey, 'base64');
  const ephemeral = generateKeyPairSync('x25519');
  const ephemeralRaw = rawPublicKey(ephemeral.publicKey);
  const key = contentKey(
    diffieHellman({ privateKey: ephemeral.privateKey, publicKey: publicKeyOf(recipientRaw) }),
    ephemeralRaw,
    recipientRaw,
  );
  const header: EncryptedHeader = {
    ...recipient,
    scrypt: SCRYPT_COST,
    ephemeralPublicKey: ephemeralRaw.toString('base64'),
  };
  const headerBytes = Buffer.concat([ENCRYPTED_MAGIC, Buffer.from(`${JSON.stringify(header)}\n`)]);
  let pending = Buffer.alloc(0);
  let index = 0;
  const seal = (plain: Buffer, last: boolean) => {
    const cipher = createCipheriv('aes-256-gcm', key, nonceOf(index, last));
    cipher.setAAD(headerBytes);
    const sealed = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    index += 1;
    const length = Buffer.alloc(4);
    length.writeUInt32BE(sealed.length);
    return Buffer.concat([length, sealed]);
  };
  const sealer = new Transform({
    construct(done) {
      this.push(headerBytes);
      done();
    },
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      pending = Buffer.concat([pending, chunk]);
      // Keep at least one byte back: the last chunk is sealed as the last in flush.
      while (pending.length > CHUNK) {
        this.push(seal(pending.subarray(0, CHUNK), false));
        pending = pending.subarray(CHUNK);
      }
      done();
    },
    flush(done) {
      this.push(seal(pending, true));
      done();
    },
  });
  try {
    await pipeline(createReadStream(source), sealer, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
}

/**
 * Decrypts an encrypted backup into `target` (created; removed again on failure). A wrong
 * passphrase is refused before any of it is decrypted; a damaged or cut file fails with DecryptError.
 */
export async function decryptBackupFile(source: string, target: string, passphrase: string): Promise<void> {
  let key: Buffer | undefined;
  let headerBytes = Buffer.alloc(0);
  let buffered = Buffer.alloc(0);
  let index = 0;
  let sawLast = false;

  const readHeader = async (): Promise<boolean> => {
    const end = buffered.indexOf(10, ENCRYPTED_MAGIC.length);
    if (buffered.length < ENCRYPTED_MAGIC.length || end === -1) {
      if (buffered.length > 64 * 1024) throw new DecryptError('this is not an encrypted backup (no header)');
      return false;
    }
    if (!buffered.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC)) {
      throw new DecryptError('this is not an encrypted backup of this site (it does not start as one)');
    }
    headerBytes = Buffer.from(buffered.subarray(0, end + 1));
    let header: EncryptedHeader;
    try {
      header = JSON.parse(headerBytes.subarray(ENCRYPTED_MAGIC.length).toString('utf8')) as EncryptedHeader;
    } catch {
      throw new DecryptError('the encrypted backup is damaged (its header is not readable)');
    }
    const privateKey = await derivePrivateKey(passphrase, Buffer.from(header.salt, 'base64'), header.scrypt);
    const recipientRaw = Buffer.from(header.publicKey, 'base64');
    if (!rawPublicKey(createPublicKey(privateKey)).equals(recipientRaw)) {
      throw new DecryptError(
        'wrong passphrase: it is not the one this copy was encrypted for (the passphrase set in the console when this copy was made)',
      );
    }
    const ephemeralRaw = Buffer.from(header.ephemeralPublicKey, 'base64');
    key = contentKey(diffieHellman({ privateKey, publicKey: publicKeyOf(ephemeralRaw) }), ephemeralRaw, recipientRaw);
    buffered = buffered.subarray(end + 1);
    return true;
  };

  const open = (sealed: Buffer, last: boolean): Buffer | undefined => {
    const decipher = createDecipheriv('aes-256-gcm', key as Buffer, nonceOf(index, last));
    decipher.setAAD(headerBytes);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
    try {
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG)), decipher.final()]);
    } catch {
      return undefined;
    }
  };

  const opener = new Transform({
    async transform(chunk: Buffer, _encoding, done: TransformCallback) {
      try {
        buffered = Buffer.concat([buffered, chunk]);
        if (!key && !(await readHeader())) return done();
        while (buffered.length >= 4) {
          const length = buffered.readUInt32BE(0);
          if (length < TAG || length > CHUNK + TAG) throw new DecryptError('the encrypted backup is damaged');
          if (buffered.length < 4 + length) break;
          if (sawLast) throw new DecryptError('the encrypted backup has data after its end: it is damaged');
          const sealed = buffered.subarray(4, 4 + length);
          buffered = buffered.subarray(4 + length);
          let plain = open(sealed, false);
          if (!plain) {
            plain = open(sealed, true);
            sawLast = plain !== undefined;
          }
          if (!plain)
            throw new DecryptError('the encrypted backup is damaged or was altered (a chunk fails its check)');
          index += 1;
          this.push(plain);
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      if (!key) return done(new DecryptError('this is not an encrypted backup (it ends before its header does)'));
      if (!sawLast || buffered.length > 0) return done(new DecryptError('the encrypted backup is cut short'));
      done();
    },
  });
  try {
    await pipeline(createReadStream(source), opener, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
}

/** Whether a file starts as an encrypted backup (the restore decrypts it first). */
export function isEncryptedBackup(firstBytes: Buffer): boolean {
  return firstBytes.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC);
}
