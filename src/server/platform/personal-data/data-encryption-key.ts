import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, ConfigError } from '../core/config';

/** Where development keeps its generated key, beside the embedded database (gitignored). */
export const DEVELOPMENT_KEY_FILE = join(
  fileURLToPath(new URL('../../../../.data', import.meta.url)),
  'data-encryption-key',
);

/**
 * The 32-byte key for donors' ID numbers. Production must bring its own: a key generated on one
 * machine would leave the numbers unreadable on the next. Development makes one once and keeps it,
 * so rows stored yesterday still decrypt today.
 */
export function resolveDataEncryptionKey(
  config: Pick<Config, 'env' | 'dataEncryptionKey'>,
  keyFile: string = DEVELOPMENT_KEY_FILE,
): Buffer {
  if (config.dataEncryptionKey) return Buffer.from(config.dataEncryptionKey, 'hex');
  if (config.env === 'production') {
    throw new ConfigError([
      'DATA_ENCRYPTION_KEY: required in production (64 hex characters, e.g. from `openssl rand -hex 32`); ' +
        'keep it safe: without it the stored PAN and Aadhaar numbers cannot be read',
    ]);
  }
  return readOrCreateKeyFile(keyFile);
}

function readOrCreateKeyFile(keyFile: string): Buffer {
  mkdirSync(join(keyFile, '..'), { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together never write two keys.
    writeFileSync(keyFile, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const hex = readFileSync(keyFile, 'utf8').trim();
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) {
    throw new ConfigError([`${keyFile}: not a 64-hex-character key; delete it only if no data was encrypted with it`]);
  }
  return Buffer.from(hex, 'hex');
}
