import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../core/config';
import { resolveDataEncryptionKey } from './data-encryption-key';
import { createFieldCipher, DecryptionError } from './field-cipher';
import { sealTaxId } from './sealed-tax-id';

const cipher = createFieldCipher(randomBytes(32));

describe('encrypting a field', () => {
  it('stores a versioned value that does not contain the number and decrypts back', () => {
    const stored = cipher.encrypt('ABCDE1234F');
    expect(stored).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain('ABCDE1234F');
    expect(stored).not.toContain('1234');
    expect(cipher.decrypt(stored)).toBe('ABCDE1234F');
  });

  it('never stores the same number the same way twice', () => {
    expect(cipher.encrypt('999941057058')).not.toBe(cipher.encrypt('999941057058'));
  });

  it('refuses an altered value, an altered tag and another key', () => {
    const [version, iv, tag, ciphertext] = cipher.encrypt('ABCDE1234F').split(':') as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => cipher.decrypt([version, iv, tag, flipped.toString('base64')].join(':'))).toThrow(DecryptionError);
    expect(() => cipher.decrypt([version, iv, Buffer.alloc(16).toString('base64'), ciphertext].join(':'))).toThrow(
      DecryptionError,
    );
    expect(() => createFieldCipher(randomBytes(32)).decrypt([version, iv, tag, ciphertext].join(':'))).toThrow(
      DecryptionError,
    );
    expect(() => cipher.decrypt('ABCDE1234F')).toThrow(DecryptionError);
  });

  it('seals an ID number as masked plus encrypted', () => {
    const sealed = sealTaxId(cipher, { kind: 'aadhaar', value: '999941057058' });
    expect(sealed.masked).toBe('XXXX XXXX 7058');
    expect(cipher.decrypt(sealed.encrypted)).toBe('999941057058');
  });
});

describe('the data encryption key', () => {
  const keyFile = () => join(mkdtempSync(join(tmpdir(), 'key-')), 'nested', 'data-encryption-key');

  it('is the configured one when DATA_ENCRYPTION_KEY is set', () => {
    const hex = randomBytes(32).toString('hex');
    expect(resolveDataEncryptionKey({ env: 'production', dataEncryptionKey: hex }).toString('hex')).toBe(hex);
  });

  it('is generated once in development, readable only by its owner, and the same on the next start', () => {
    const file = keyFile();
    const first = resolveDataEncryptionKey({ env: 'development', dataEncryptionKey: undefined }, file);
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
    expect(resolveDataEncryptionKey({ env: 'development', dataEncryptionKey: undefined }, file)).toEqual(first);
  });

  it('is refused in production when unset, with a readable reason', () => {
    expect(() => resolveDataEncryptionKey({ env: 'production', dataEncryptionKey: undefined }, keyFile())).toThrow(
      ConfigError,
    );
    expect(() => resolveDataEncryptionKey({ env: 'production', dataEncryptionKey: undefined }, keyFile())).toThrow(
      /DATA_ENCRYPTION_KEY: required in production/,
    );
  });
});
