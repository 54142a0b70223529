import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { hashToken } from './sessions';

/** How long a setup link works; the log line says it in words. */
const LIFETIME = '24 hours';

/** Why a setup link cannot create the first admin now. */
export type SetupRefusal = 'done' | 'used' | 'expired' | 'unknown';

/** Whether an enabled admin exists: until one does, the console is set up through a link. */
export async function hasEnabledAdmin(em: EntityManager): Promise<boolean> {
  const rows = await em.execute(`select 1 from users where role = 'admin' and not disabled limit 1`);
  return rows.length > 0;
}

/**
 * A start with no enabled admin makes a new one-time link: a random token, of which only the
 * SHA-256 is stored, with its expiry. Links printed by earlier starts die, except those of the
 * last minute: servers started together each print one, and each works. Null when an admin exists.
 */
export async function issueSetupLink(em: EntityManager, siteUrl: string): Promise<string | null> {
  return em.transactional(async (tx) => {
    if (await hasEnabledAdmin(tx)) return null;
    await tx.execute(
      `update staff_setup_tokens set expires_at = now()
        where used_at is null and expires_at > now() and created_at < now() - interval '1 minute'`,
    );
    const token = randomBytes(32).toString('base64url');
    await tx.execute(
      `insert into staff_setup_tokens (token_hash, expires_at) values (?, now() + interval '${LIFETIME}')`,
      [hashToken(token)],
    );
    return `${siteUrl.replace(/\/+$/, '')}/staff/setup?token=${token}`;
  });
}

/**
 * The one place a secret goes to the log, on purpose: the trustee copies the link from it. In the
 * message itself (the logger redacts fields named `token`, never the message) and at `warn`, so a
 * quiet LOG_LEVEL (warn, error) still shows it. A failure is logged, never fatal: donations go on.
 */
export async function announceSetupLink(em: EntityManager, siteUrl: string, log: FastifyBaseLogger): Promise<void> {
  try {
    const link = await issueSetupLink(em, siteUrl);
    if (link) log.warn(`No admin yet: open this link to create the first one (valid ${LIFETIME}): ${link}`);
  } catch (error) {
    log.error({ err: error }, 'could not make the first admin setup link');
  }
}

/** Why `token` cannot create the first admin now, or null when it can. */
export async function setupRefusal(em: EntityManager, token: string): Promise<SetupRefusal | null> {
  if (await hasEnabledAdmin(em)) return 'done';
  const [row] = await em.execute<{ used: boolean; expired: boolean }[]>(
    'select used_at is not null as used, expires_at <= now() as expired from staff_setup_tokens where token_hash = ?',
    [hashToken(token)],
  );
  if (!row) return 'unknown';
  if (row.used) return 'used';
  return row.expired ? 'expired' : null;
}
