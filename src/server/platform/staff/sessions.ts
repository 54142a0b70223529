import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { StaffRole } from '../../../shared/staff.schema';

export const SESSION_COOKIE = 'staff_session';
/** Signed out after 12 hours without a call, and 7 days after signing in whatever happens. */
export const IDLE_LIMIT = '12 hours';
export const ABSOLUTE_LIMIT = '7 days';
export const ABSOLUTE_LIMIT_SECONDS = 7 * 24 * 60 * 60;

/** The signed-in staff member a call acts for. */
export interface SignedInStaff {
  id: number;
  username: string;
  displayName: string;
  role: StaffRole;
  sessionId: number;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new session; returns the token for the cookie. Only its hash reaches the database. */
export async function startSession(em: EntityManager, userId: number, ip: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // The user's expired sessions are dead weight; this is the natural moment to drop them.
  await em.execute(
    `delete from staff_sessions where user_id = ?
        and (last_seen_at < now() - interval '${IDLE_LIMIT}' or created_at < now() - interval '${ABSOLUTE_LIMIT}')`,
    [userId],
  );
  await em.execute('insert into staff_sessions (user_id, token_hash, ip) values (?, ?, ?)', [
    userId,
    hashToken(token),
    ip,
  ]);
  return token;
}

/**
 * The staff member behind a cookie's token, or null when the session is unknown, ended, idle or
 * too old, or the account is disabled. A valid session's idle clock restarts.
 */
export async function findSession(em: EntityManager, token: string | undefined): Promise<SignedInStaff | null> {
  if (!token) return null;
  const [row] = await em.execute<
    { session_id: number; id: number; username: string; display_name: string; role: StaffRole }[]
  >(
    `update staff_sessions s set last_seen_at = now()
       from users u
      where s.token_hash = ? and u.id = s.user_id and not u.disabled
        and s.last_seen_at > now() - interval '${IDLE_LIMIT}' and s.created_at > now() - interval '${ABSOLUTE_LIMIT}'
     returning s.id as session_id, u.id, u.username, u.display_name, u.role`,
    [hashToken(token)],
  );
  if (!row) return null;
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    role: row.role,
    sessionId: row.session_id,
  };
}

export async function endSession(em: EntityManager, sessionId: number): Promise<void> {
  await em.execute('delete from staff_sessions where id = ?', [sessionId]);
}

/** Disabling an account or resetting its password signs it out everywhere at once. */
export async function endSessionsOf(em: EntityManager, userId: number): Promise<void> {
  await em.execute('delete from staff_sessions where user_id = ?', [userId]);
}
