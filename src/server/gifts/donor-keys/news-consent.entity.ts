import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * A donor's answer about news of the animals (gifts/donor-keys/news-consent.ts writes it): given on the donate
 * form or given or withdrawn on their page, with the words' version; never updated, the newest of
 * an address (lower-cased) counts. An erasure deletes an address's rows.
 */
export const NewsConsent = defineEntity({
  name: 'NewsConsent',
  tableName: 'news_consents',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    email: p.text().index('news_consents_email_index'),
    consented: p.boolean(),
    source: p.enum(['donate_form', 'donor_page']),
    wordingVersion: p.text(),
    donationId: p.integer().nullable(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});

export type NewsConsent = InferEntity<typeof NewsConsent>;
