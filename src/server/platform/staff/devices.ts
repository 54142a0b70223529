import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { hashToken } from './sessions';

/** The browser's device cookie: set at each sign-in, it lets its account's people in during a lockout. */
export const DEVICE_COOKIE = 'staff_device';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Whether the cookie's device has signed in to this account before. */
export async function isKnownDevice(em: EntityManager, deviceHash: string | null, username: string): Promise<boolean> {
  if (!deviceHash) return false;
  const rows = await em.execute(
    'select 1 from staff_devices d join users u on u.id = d.user_id where d.token_hash = ? and u.username = ?',
    [deviceHash, username],
  );
  return rows.length > 0;
}

/**
 * After a sign-in: the browser's device, remembered for the account (the same cookie when it
 * already was one of its devices, a new one otherwise). Answers the cookie's value.
 */
export async function rememberDevice(
  em: EntityManager,
  userId: number,
  presented: string | undefined,
): Promise<string> {
  if (presented) {
    const touched = await em.execute(
      'update staff_devices set last_used_at = now() where token_hash = ? and user_id = ? returning 1',
      [hashToken(presented), userId],
    );
    if (touched.length > 0) return presented;
  }
  const token = randomBytes(32).toString('base64url');
  await em.execute('insert into staff_devices (token_hash, user_id) values (?, ?)', [hashToken(token), userId]);
  return token;
}
