import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Language } from '../../../shared/languages';
import { localizedPath } from '../../../shared/locale-paths';
import { linkAddress } from '../donor-keys/donor-link';

/**
 * Unsubscribing from appeal updates. The table keeps a keyed hash of the normalised e-mail, never
 * the address; the link carries that hash, the appeal whose update it came in, and their signature,
 * so it names nobody in a log and cannot be made for another address or appeal. It does not expire:
 * an unsubscribe link must keep working. Keys are derived from DATA_ENCRYPTION_KEY, as the donor
 * links' are.
 *
 * A token is `hash.appealId.signature`. Tokens mailed before the appeal was named in them are
 * `hash.signature`: they still work, and stand for every appeal (nothing tells which update's
 * mail they came in, and "all" is what they promised when they were sent).
 */

/** The path of the unsubscribe page (GET), its buttons and the mail client's one-click POST (RFC 8058). */
export const UNSUBSCRIBE_PATH = '/unsubscribe/appeal-updates';

function keys(personalDataKey: Buffer) {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', personalDataKey, '', purpose, 32));
  return { hash: derive('appeal-updates-email-hash'), mac: derive('appeal-updates-unsubscribe-signature') };
}

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url');

/** The e-mail's hash as the unsubscribe table keeps it. */
export function emailHash(email: string, personalDataKey: Buffer): string {
  return hmac(keys(personalDataKey).hash, linkAddress(email));
}

/** The token of an update's mail of the given appeal. */
export function unsubscribeToken(email: string, appealId: number, personalDataKey: Buffer): string {
  const signed = `${emailHash(email, personalDataKey)}.${appealId}`;
  return `${signed}.${hmac(keys(personalDataKey).mac, signed)}`;
}

/** The stop link of an update's mail, in the mail's language (`/ta/unsubscribe/…`): its page speaks it. */
export function unsubscribeUrl(
  siteUrl: string,
  email: string,
  appealId: number,
  personalDataKey: Buffer,
  language: Language = 'en',
): string {
  return `${siteUrl}${localizedPath(language, UNSUBSCRIBE_PATH)}?token=${unsubscribeToken(email, appealId, personalDataKey)}`;
}

/** Whom a token was signed for, and the appeal of the mail it came in (null: an old token, every appeal). */
export interface UnsubscribeTarget {
  hash: string;
  appealId: number | null;
}

/** What a token was signed for, or null when it was altered or made up. */
export function verifyUnsubscribeToken(token: string, personalDataKey: Buffer): UnsubscribeTarget | null {
  const parts = token.split('.');
  const signature = parts.pop();
  const [hash, appeal] = parts;
  if (!hash || !signature || parts.length > 2 || (appeal !== undefined && !/^[1-9]\d{0,9}$/.test(appeal))) {
    return null;
  }
  const expected = Buffer.from(hmac(keys(personalDataKey).mac, parts.join('.')));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { hash, appealId: appeal === undefined ? null : Number(appeal) };
}

/** Records the unsubscribe from one appeal's updates, or every appeal's (null); doing it again changes nothing. */
export async function recordUnsubscribe(em: EntityManager, hash: string, appealId: number | null): Promise<void> {
  await em.execute(
    'insert into appeal_update_unsubscribes (email_hash, appeal_id) values (?, ?) on conflict do nothing',
    [hash, appealId],
    'run',
  );
}

/** The link of a mail that is news but of no one appeal (a segment's update): it stops every appeal's updates. */
export function allUpdatesUnsubscribeUrl(
  siteUrl: string,
  email: string,
  personalDataKey: Buffer,
  language: Language = 'en',
): string {
  const hash = emailHash(email, personalDataKey);
  return `${siteUrl}${localizedPath(language, UNSUBSCRIBE_PATH)}?token=${hash}.${hmac(keys(personalDataKey).mac, hash)}`;
}
