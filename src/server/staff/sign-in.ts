import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { SignInInput } from '../../shared/staff.schema';
import { User } from '../users/user.entity';
import { audit } from './audit';
import { verifyPassword } from './passwords';
import { type SignedInStaff, startSession } from './sessions';
import { clearFailures, isLocked, recentFailures, recordFailure, slowDownMs } from './throttle';

/** One message for an unknown name, a wrong password and a disabled account: none is revealed. */
export const WRONG_CREDENTIALS = 'Wrong username or password';
export const LOCKED_OUT = 'Too many failed sign-ins: wait 15 minutes and try again';

export type SignInResult =
  | { ok: true; token: string; staff: Omit<SignedInStaff, 'sessionId'> }
  | { ok: false; reason: 'wrong' | 'locked' };

export async function signIn(
  em: EntityManager,
  input: SignInInput,
  ip: string,
  log: FastifyBaseLogger,
): Promise<SignInResult> {
  const counts = await recentFailures(em, input.username, ip);
  if (isLocked(counts)) {
    const user = await em.findOne(User, { username: input.username });
    await audit(em, { userId: user?.id ?? null, username: input.username, ip }, 'sign_in_locked');
    log.warn({ userId: user?.id ?? null, counts }, 'staff sign-in refused: locked out');
    return { ok: false, reason: 'locked' };
  }
  await sleep(slowDownMs(counts));

  const user = await em.findOne(User, { username: input.username });
  const passwordMatches = await verifyPassword(user ? await passwordHashOf(em, user.id) : undefined, input.password);
  if (!user || !passwordMatches || user.disabled) {
    await recordFailure(em, input.username, ip);
    await audit(em, { userId: user?.id ?? null, username: input.username, ip }, 'sign_in_failed', {
      reason: !user ? 'unknown_username' : user.disabled && passwordMatches ? 'disabled' : 'wrong_password',
    });
    log.warn({ userId: user?.id ?? null, failures: counts.account + 1 }, 'staff sign-in failed');
    return { ok: false, reason: 'wrong' };
  }

  await clearFailures(em, input.username);
  await em.nativeUpdate(User, { id: user.id }, { lastSignInAt: new Date() });
  const token = await startSession(em, user.id, ip);
  await audit(em, { userId: user.id, username: user.username, ip }, 'sign_in');
  log.info({ userId: user.id }, 'staff signed in');
  return {
    ok: true,
    token,
    staff: { id: user.id, username: user.username, displayName: user.displayName, role: user.role },
  };
}

/** The hash is a lazy, hidden property: read only here, never serialised with the account. */
export async function passwordHashOf(em: EntityManager, userId: number): Promise<string | undefined> {
  const [row] = await em
    .getConnection()
    .execute<{ password: string }[]>('select password from users where id = ?', [userId]);
  return row?.password;
}
