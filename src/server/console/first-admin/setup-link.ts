import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { hashToken } from '../../platform/staff/sessions';

/** How long a setup link works; the log line says it in words. */
const LIFETIME = '24 hours';

/** Why a setup link cannot create the first admin now: `replaced` when a later start printed a newer one. */
export type SetupRefusal = 'done' | 'used' | 'expired' | 'replaced' | 'unknown';

/** What the printed line starts with: the guide finds it with `grep 'setup link'`. */
export const SETUP_LINK_LINE = `setup link (create the first admin; works once, for ${LIFETIME}):`;

/** Writes one plain line where the operator reads the server's output (stderr, beside the JSON log). */
export type LinePrinter = (line: string) => void;
export const printToStderr: LinePrinter = (line) => {
  process.stderr.write(`${line}\n`);
};

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
 * The one place a secret is printed, on purpose: the trustee copies the link. Not into the JSON
 * log (copied "to the end of the line" from there, it ends in `"}`; and log collectors keep it):
 * on a plain line of its own on stderr, the link last, so the whole rest of the line is the link.
 * The JSON log says, at `warn` (a quiet LOG_LEVEL still shows it), that the line was printed. A
 * failure is logged, never fatal: donations go on.
 */
export async function announceSetupLink(
  em: EntityManager,
  siteUrl: string,
  log: FastifyBaseLogger,
  print: LinePrinter = printToStderr,
): Promise<void> {
  try {
    const link = await issueSetupLink(em, siteUrl);
    if (!link) return;
    print(`${SETUP_LINK_LINE} ${link}`);
    log.warn(`No admin yet: the first admin's setup link is printed on its own line, starting "setup link"`);
  } catch (error) {
    log.error({ err: error }, 'could not make the first admin setup link');
  }
}

/**
 * Why `token` cannot create the first admin now, or null when it can. A link that died before its
 * 24 hours were up was cut short by a later start (or by a setup, then `done` unless that admin was
 * disabled since): `replaced`, so the page can say to use the newest link.
 */
export async function setupRefusal(em: EntityManager, token: string): Promise<SetupRefusal | null> {
  if (await hasEnabledAdmin(em)) return 'done';
  const [row] = await em.execute<{ used: boolean; expired: boolean; cut_short: boolean }[]>(
    `select used_at is not null as used, expires_at <= now() as expired,
       expires_at < created_at + interval '${LIFETIME}' as cut_short
     from staff_setup_tokens where token_hash = ?`,
    [hashToken(token)],
  );
  if (!row) return 'unknown';
  if (row.used) return 'used';
  if (!row.expired) return null;
  return row.cut_short ? 'replaced' : 'expired';
}
