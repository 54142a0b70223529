import type { EntityManager } from '@mikro-orm/postgresql';
import { NEWS_CONSENT_WORDING_VERSION, type NewsConsentSource } from '../../shared/news-consent';

/**
 * Consent to news of the animals (shared/news-consent.ts): each giving or withdrawal is a row of
 * news_consents (time, source, the words' version), never updated; an address's newest row is its
 * consent now. Appeal updates go only to an address whose newest row consents.
 */
export async function recordNewsConsent(
  em: EntityManager,
  entry: { email: string; consented: boolean; source: NewsConsentSource; donationId?: number },
): Promise<void> {
  await em.execute(
    `insert into news_consents (email, consented, source, wording_version, donation_id) values (lower(?), ?, ?, ?, ?)`,
    [entry.email, entry.consented, entry.source, NEWS_CONSENT_WORDING_VERSION, entry.donationId ?? null],
  );
}

/** Whether the address wants news now: its newest row consents (none: no). */
export async function wantsNews(em: EntityManager, email: string): Promise<boolean> {
  const [row] = await em.execute<{ consented: boolean }[]>(
    'select consented from news_consents where email = lower(?) order by id desc limit 1',
    [email],
  );
  return row?.consented ?? false;
}

/** SQL: true when the lower-cased address `column` wants news now (for a query choosing news recipients). */
export const wantsNewsSql = (column: string) =>
  `coalesce((select c.consented from news_consents c where c.email = ${column} order by c.id desc limit 1), false)`;
