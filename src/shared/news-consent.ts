/**
 * Consent to news of the animals (appeal updates): asked by its own unticked box on the donate
 * form, recorded with the version of the words the donor saw, withdrawn on the donor's page.
 * Receipts and the mails about a donor's own gifts need no consent; news does.
 */

/** The version of the checkbox's words (messages donate_news_consent): change it when the words change. */
export const NEWS_CONSENT_WORDING_VERSION = '2026-11-27';

/** Where a consent was given or withdrawn. */
export type NewsConsentSource = 'donate_form' | 'donor_page';
