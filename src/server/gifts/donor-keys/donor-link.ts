import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/languages';
import { localizedPath } from '../../../shared/locale-paths';
import { createFieldCipher } from '../../platform/personal-data/field-cipher';

/** The header the donor's page sends its link's token in (never the URL of a call: URLs are logged). */
export const DONOR_TOKEN_HEADER = 'x-donor-token';

export const EXPIRED_LINK = 'This link has expired or is not valid: ask for a new one on the My giving page';

/** How long a link in an e-mail opens the donor's page. */
export const DONOR_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The address a signed link is made for, as it was mailed: `Asha@Example.com ` is `asha@example.com`.
 * Only case and spaces: the link opens the page of that inbox, not of every address one donor used
 * (donors are joined by email-key.ts).
 */
export const linkAddress = (email: string) => email.trim().toLowerCase();

/** Keys of their own, derived from DATA_ENCRYPTION_KEY, so no new secret has to be configured. */
function linkKeys(personalDataKey: Buffer) {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', personalDataKey, '', purpose, 32));
  return { cipher: createFieldCipher(derive('donor-link-encryption')), mac: derive('donor-link-signature') };
}

const sign = (macKey: Buffer, body: string) => createHmac('sha256', macKey).update(body).digest('base64url');

/**
 * A token for the donor's page: the normalised e-mail and an expiry, encrypted (a URL must not
 * show the address in logs or browser history) and HMAC-signed; valid for a day.
 */
export function donorToken(email: string, personalDataKey: Buffer, now: Date = new Date()): string {
  const keys = linkKeys(personalDataKey);
  const payload = JSON.stringify({ e: linkAddress(email), x: now.getTime() + DONOR_LINK_LIFETIME_MS });
  const body = Buffer.from(keys.cipher.encrypt(payload)).toString('base64url');
  return `${body}.${sign(keys.mac, body)}`;
}

/**
 * The link every donor e-mail carries, relative to SITE_URL, to the page in the mail's language:
 * `/my-giving?token=…`, `/ta/my-giving?token=…`, `/hi/my-giving?token=…`.
 */
export function donorLink(
  email: string,
  personalDataKey: Buffer,
  now: Date = new Date(),
  language: Language = DEFAULT_LANGUAGE,
): string {
  return `${localizedPath(language, '/my-giving')}?token=${donorToken(email, personalDataKey, now)}`;
}

/** The e-mail a token was made for, or null when it is altered, malformed or expired. */
export function verifyDonorToken(token: string, personalDataKey: Buffer, now: Date = new Date()): string | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const keys = linkKeys(personalDataKey);
  const expected = Buffer.from(sign(keys.mac, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(keys.cipher.decrypt(Buffer.from(body, 'base64url').toString('utf8')));
    if (typeof payload.e !== 'string' || typeof payload.x !== 'number' || payload.x <= now.getTime()) return null;
    return payload.e;
  } catch {
    return null;
  }
}
