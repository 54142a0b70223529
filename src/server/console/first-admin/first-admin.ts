import type { EntityManager } from '@mikro-orm/postgresql';
import type { FirstAdminInput } from '../../../shared/staff.schema';
import { audit } from '../../platform/audit/audit';
import { rememberDevice } from '../../platform/staff/devices';
import { hashToken, startSession } from '../../platform/staff/sessions';
import { createAccount } from '../../platform/staff/staff-accounts';
import { User } from '../../platform/staff/user.entity';
import { hasEnabledAdmin, type SetupRefusal, setupRefusal } from './setup-link';

export type FirstAdminResult =
  | {
      ok: true;
      token: string;
      deviceToken: string;
      staff: { id: number; username: string; displayName: string; role: 'admin' };
    }
  | { ok: false; reason: SetupRefusal };

/**
 * The setup link's page: creates the first admin and signs them in, in one transaction with the
 * link's use. The link is spent by one conditional UPDATE, so two requests with it create one
 * admin; the advisory lock makes setups take turns, so two links (two servers' starts) cannot make
 * two first admins either. A refused account (its username taken) rolls back and leaves the link alive.
 */
export async function createFirstAdmin(
  em: EntityManager,
  input: FirstAdminInput,
  ip: string,
): Promise<FirstAdminResult> {
  return em.transactional(async (tx): Promise<FirstAdminResult> => {
    await tx.execute(`select pg_advisory_xact_lock(hashtext('staff_setup_tokens.use'))`);
    if (await hasEnabledAdmin(tx)) return { ok: false, reason: 'done' };
    const spent = await tx.execute(
      `update staff_setup_tokens set used_at = now()
        where token_hash = ? and used_at is null and expires_at > now() returning id`,
      [hashToken(input.token)],
    );
    if (spent.length === 0) return { ok: false, reason: (await setupRefusal(tx, input.token)) ?? 'expired' };
    // Setup is done: every other link (another server's) dies with this one.
    await tx.execute('update staff_setup_tokens set expires_at = now() where used_at is null and expires_at > now()');

    const account = await createAccount(tx, {
      username: input.username,
      displayName: input.displayName,
      role: 'admin',
      password: input.password,
      email: input.email,
    });
    await tx.nativeUpdate(User, { id: account.id }, { lastSignInAt: new Date() });
    const token = await startSession(tx, account.id, ip);
    const deviceToken = await rememberDevice(tx, account.id, undefined);
    await audit(tx, { userId: account.id, username: account.username, ip }, 'first_admin_created', {
      userId: account.id,
    });
    return {
      ok: true,
      token,
      deviceToken,
      staff: { id: account.id, username: account.username, displayName: account.displayName, role: 'admin' },
    };
  });
}
