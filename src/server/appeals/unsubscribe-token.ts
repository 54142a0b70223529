import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { normaliseEmail } from '../donors/donor-link';

/**
 * One-click unsubscribe from appeal updates. The table keeps a keyed hash of the normalised e-mail,
 * never the address; the link carries that hash and its signature, so it names nobody in a log
 * and cannot be made for another address. It does not expire: an unsubscribe link must keep
 * working. Keys are derived from DATA_ENCRYPTION_KEY, as the donor links' are.
 */

/** The path of the unsubscribe page (GET) and of the mail client's one-click POST (RFC 8058). */
export const UNSUBSCRIBE_PATH = '/unsubscribe/appeal-updates';

function keys(personalDataKey: Buffer) {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', personalDataKey, '', purpose, 32));
  return { hash: derive('appeal-updates-email-hash'), mac: derive('appeal-updates-unsubscribe-signature') };
}

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url');

/** The e-mail's hash as the unsubscribe table keeps it. */
export function emailHash(email: string, personalDataKey: Buffer): string {
  return hmac(keys(personalDataKey).hash, normaliseEmail(email));
}

export function unsubscribeToken(email: string, personalDataKey: Buffer): string {
  const hash = emailHash(email, personalDataKey);
  return `${hash}.${hmac(keys(personalDataKey).mac, hash)}`;
}

export function unsubscribeUrl(siteUrl: string, email: string, personalDataKey: Buffer): string {
  return `${siteUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(email, personalDataKey)}`;
}

/** The e-mail hash a token was signed for, or null when it was altered or made up. */
export function verifyUnsubscribeToken(token: string, personalDataKey: Buffer): string | null {
  const [hash, signature, extra] = token.split('.');
  if (!hash || !signature || extra !== undefined) return null;
  const expected = Buffer.from(hmac(keys(personalDataKey).mac, hash));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? hash : null;
}

/** Records the unsubscribe; doing it again changes nothing. */
export async function recordUnsubscribe(em: EntityManager, hash: string): Promise<void> {
  await em.execute(
    'insert into appeal_update_unsubscribes (email_hash) values (?) on conflict do nothing',
    [hash],
    'run',
  );
}
