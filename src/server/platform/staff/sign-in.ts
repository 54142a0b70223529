import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { SignInInput } from '../../../shared/staff.schema';
import { audit } from '../audit/audit';
import { isKnownDevice, rememberDevice } from './devices';
import { verifyPassword } from './passwords';
import { hashToken, type SignedInStaff, startSession } from './sessions';
import { clearFailures, slowDownMs, takeAttempt } from './throttle';
import { User } from './user.entity';

/** One message for an unknown name, a wrong password and a disabled account: none is revealed. */
export const WRONG_CREDENTIALS = 'Wrong username or password';
export const LOCKED_OUT = 'Too many failed sign-ins: wait 15 minutes and try again';

export type SignInResult =
  | { ok: true; token: string; deviceToken: string; staff: Omit<SignedInStaff, 'sessionId'> }
  | { ok: false; reason: 'wrong' | 'locked' };

/**
 * Checks a username and password. The attempt is counted before the password is checked
 * (throttle.ts), so parallel guesses cannot outrun the lockout; a browser that signed in to the
 * account before (`deviceToken`, its cookie) is let through a lockout its own failures did not cause.
 */
export async function signIn(
  em: EntityManager,
  input: SignInInput,
  from: { ip: string; deviceToken: string | undefined },
  log: FastifyBaseLogger,
): Promise<SignInResult> {
  const { ip } = from;
  const deviceHash = from.deviceToken ? hashToken(from.deviceToken) : null;
  const knownDevice = await isKnownDevice(em, deviceHash, input.username);
  const attempt = await takeAttempt(em, { username: input.username, ip, deviceHash, knownDevice });
  if (!attempt.allowed) {
    const user = await em.findOne(User, { username: input.username });
    await audit(em, { userId: user?.id ?? null, username: input.username, ip }, 'sign_in_locked', { knownDevice });
    log.warn({ userId: user?.id ?? null, counts: attempt.counts, knownDevice }, 'staff sign-in refused: locked out');
    return { ok: false, reason: 'locked' };
  }
  await sleep(slowDownMs(attempt.counts));

  const user = await em.findOne(User, { username: input.username });
  const passwordMatches = await verifyPassword(user ? await passwordHashOf(em, user.id) : undefined, input.password);
  if (!user || !passwordMatches || user.disabled) {
    // The attempt is already recorded as a failure: it stays one.
    await audit(em, { userId: user?.id ?? null, username: input.username, ip }, 'sign_in_failed', {
      reason: !user ? 'unknown_username' : user.disabled && passwordMatches ? 'disabled' : 'wrong_password',
    });
    log.warn({ userId: user?.id ?? null, failures: attempt.counts.account + 1 }, 'staff sign-in failed');
    return { ok: false, reason: 'wrong' };
  }

  await clearFailures(em, input.username);
  await em.nativeUpdate(User, { id: user.id }, { lastSignInAt: new Date() });
  const token = await startSession(em, user.id, ip);
  const deviceToken = await rememberDevice(em, user.id, knownDevice ? from.deviceToken : undefined);
  await audit(em, { userId: user.id, username: user.username, ip }, 'sign_in');
  log.info({ userId: user.id }, 'staff signed in');
  return {
    ok: true,
    token,
    deviceToken,
    staff: { id: user.id, username: user.username, displayName: user.displayName, role: user.role },
  };
}

/** The hash is a lazy, hidden property: read only here, never serialised with the account. */
export async function passwordHashOf(em: EntityManager, userId: number): Promise<string | undefined> {
  const [row] = await em.execute<{ password: string }[]>('select password from users where id = ?', [userId]);
  return row?.password;
}
