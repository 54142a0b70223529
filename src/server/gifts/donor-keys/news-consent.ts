import type { EntityManager } from '@mikro-orm/postgresql';
import { NEWS_CONSENT_WORDING_VERSION, type NewsConsentSource } from '../../../shared/news-consent';

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

/**
 * The donate form's ticked box made consent, in the transaction that records the gift's payment
 * (gifts/settlement/record-events.ts): only a paid gift's wish (donations.news_consent_wish) counts, so
 * someone else's checkout, typed with a donor's address and never paid, changes nothing. Once per
 * gift: a repeat of the same payment (a replay, the webhook after the browser) adds no row.
 */
export async function consentFromPaidGift(em: EntityManager, paymentId: string): Promise<void> {
  await em.execute(
    `insert into news_consents (email, consented, source, wording_version, donation_id)
     select lower(d.email), true, 'donate_form', ?, d.id from donations d
      where d.razorpay_payment_id = ? and d.status = 'paid' and d.news_consent_wish and d.email <> ''
        and not exists (select 1 from news_consents c where c.donation_id = d.id)`,
    [NEWS_CONSENT_WORDING_VERSION, paymentId],
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
