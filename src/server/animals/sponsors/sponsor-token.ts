import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Language } from '../../../shared/languages';
import { localizedPath } from '../../../shared/locale-paths';
import { SPONSOR_CHOICE_PATH } from '../../../shared/sponsorship';

/**
 * The link to a sponsor's own page when their animal left care (sponsor-choice.ts): it names their
 * monthly gift (our subscription id, which says nothing of them) and when it stops working, signed
 * with a key derived from DATA_ENCRYPTION_KEY as the donor links' are. A token is
 * `subscriptionId.expiresAtSeconds.signature`; it works for 90 days, long enough to read a mail
 * after a holiday, and the donor's My giving page stays open to them after that.
 */
export const SPONSOR_LINK_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

const macKey = (personalDataKey: Buffer) =>
  Buffer.from(hkdfSync('sha256', personalDataKey, '', 'sponsor-choice-signature', 32));

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

export function sponsorToken(subscriptionId: number, personalDataKey: Buffer, now: Date = new Date()): string {
  const body = `${subscriptionId}.${Math.floor((now.getTime() + SPONSOR_LINK_LIFETIME_MS) / 1000)}`;
  return `${body}.${sign(macKey(personalDataKey), body)}`;
}

export function sponsorChoiceUrl(
  siteUrl: string,
  subscriptionId: number,
  language: Language,
  personalDataKey: Buffer,
  now: Date = new Date(),
): string {
  return `${siteUrl}${localizedPath(language, SPONSOR_CHOICE_PATH)}?token=${sponsorToken(subscriptionId, personalDataKey, now)}`;
}

/** The subscription a token was signed for, or null when it is altered, made up or expired. */
export function verifySponsorToken(token: string, personalDataKey: Buffer, now: Date = new Date()): number | null {
  const [id, expires, signature, extra] = token.split('.');
  if (!id || !expires || !signature || extra !== undefined) return null;
  if (!/^[1-9]\d{0,9}$/.test(id) || !/^\d{1,12}$/.test(expires)) return null;
  const expected = Buffer.from(sign(macKey(personalDataKey), `${id}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expires) * 1000 <= now.getTime()) return null;
  return Number(id);
}
