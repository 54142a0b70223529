import { Migration } from '@mikro-orm/migrations';

/**
 * Consent to news of the animals (server/gifts/donor-keys/news-consent.ts): one row each time a donor gives
 * or withdraws it, with the time, where (the donate form, the donor's page) and the version of the
 * words they agreed to; the newest row of an address (stored lower-cased) is its consent now.
 */
export class Migration20261127170000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "news_consents" (
      "id" serial primary key,
      "email" text not null,
      "consented" boolean not null,
      "source" text not null,
      "wording_version" text not null,
      "donation_id" int null,
      "created_at" timestamptz not null default now());`);
    this.addSql(
      `alter table "news_consents" add constraint "news_consents_source_check" check("source" in ('donate_form', 'donor_page'));`,
    );
    this.addSql(`create index "news_consents_email_index" on "news_consents" ("email");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "news_consents";`);
  }
}
