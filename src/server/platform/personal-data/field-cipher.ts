import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts one text field for storage: AES-256-GCM with a fresh 96-bit IV each time, written as
 * `v1:<iv>:<tag>:<ciphertext>` (base64). The version prefix lets a later key or algorithm coexist
 * with rows already stored; the tag makes any change to a stored value fail to decrypt.
 */
export interface FieldCipher {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  /**
   * A keyed hash (HMAC-SHA256, base64url) of a value, for looking a row up by a personal datum
   * without storing it: the same value and purpose give the same hash; a key derived per purpose
   * from the same key, so the hashes of one purpose say nothing of another's.
   */
  keyedHash(purpose: string, plain: string): string;
}

export class DecryptionError extends Error {
  constructor() {
    super('A stored encrypted value could not be decrypted (wrong key or altered value)');
    this.name = 'DecryptionError';
  }
}

export function createFieldCipher(key: Buffer): FieldCipher {
  if (key.length !== 32) throw new Error('The data encryption key must be 32 bytes');
  const hashKeys = new Map<string, Buffer>();
  return {
    keyedHash(purpose, plain) {
      let hashKey = hashKeys.get(purpose);
      if (!hashKey) {
        hashKey = Buffer.from(hkdfSync('sha256', key, '', purpose, 32));
        hashKeys.set(purpose, hashKey);
      }
      return createHmac('sha256', hashKey).update(plain).digest('base64url');
    },
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64')).join(':');
    },
    decrypt(stored) {
      const [version, iv, tag, ciphertext] = stored.split(':');
      if (version !== 'v1' || iv === undefined || tag === undefined || ciphertext === undefined) {
        throw new DecryptionError();
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
        decipher.setAuthTag(Buffer.from(tag, 'base64'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8');
      } catch {
        throw new DecryptionError();
      }
    },
  };
}
