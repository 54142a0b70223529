import { Migration } from '@mikro-orm/migrations';

/**
 * Consent to news of the animals (server/donors/news-consent.ts): one row each time a donor gives
 * or withdraws it, with the time, where (the donate form, the donor's page) and the version of the
 * words they agreed to; the newest row of an address is its consent now. Addresses are stored
 * lower-cased, as the donors' records join them.
 */
export class Migration20261127170000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "news_consents" (
      "id" bigserial primary key,
      "email" text not null check ("email" = lower("email")),
      "consented" boolean not null,
      "source" text not null check ("source" in ('donate_form', 'donor_page')),
      "wording_version" text not null,
      "donation_id" int null references "donations" ("id") on delete set null,
      "created_at" timestamptz not null default clock_timestamp()
    );`);
    this.addSql(`create index "news_consents_email_id_index" on "news_consents" ("email", "id" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "news_consents";`);
  }
}
