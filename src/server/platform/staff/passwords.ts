import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with OWASP's recommended cost: 19 MiB, 2 passes.
 * Verifying takes the same time whether or not the account exists: unknown names are checked
 * against a hash of a password nobody has.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** `storedHash` undefined (an unknown or passwordless account) still costs one verification, and fails. */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not the password of any account');
  const target = storedHash ?? (await dummyHash);
  const matches = await verify(target, password).catch(() => false);
  return matches && storedHash !== undefined;
}
