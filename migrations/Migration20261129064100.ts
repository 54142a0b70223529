import { Migration } from '@mikro-orm/migrations';

/**
 * Consent to news comes from its owner (issue 40 item 13): the donate form's ticked box is kept on
 * the pending donation as a wish, and becomes consent (a news_consents row) only in the transaction
 * that records the gift's payment (gifts/settlement/record-events.ts). A checkout never paid consents to
 * nothing: anyone can type another person's address on the form. The rows the create path wrote
 * before stay: each names its donation, and whether that gift was paid is on the donation.
 */
export class Migration20261129064100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "donations" add column "news_consent_wish" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "donations" drop column "news_consent_wish";`);
  }
}
