import { Migration } from '@mikro-orm/migrations';

/**
 * Thanks in time (thanks/): who called to thank a donor for a gift, and when (one row per gift
 * ticked off; unticking deletes it, both in the audit trail); and the amount at or over which a
 * gift is thanked personally, one row that admins change (default ₹10,000).
 */
export class Migration20261128041000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "thank_you_calls" (
      "donation_id" int not null,
      "called_by" text not null,
      "called_at" timestamptz not null default now(),
      constraint "thank_you_calls_pkey" primary key ("donation_id")
    );`);
    this.addSql(
      `alter table "thank_you_calls" add constraint "thank_you_calls_donation_id_foreign" foreign key ("donation_id") references "donations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`create table "thanks_settings" (
      "id" int not null,
      "threshold" integer not null default 1000000,
      "updated_by" text null,
      "updated_at" timestamptz not null default now(),
      constraint "thanks_settings_pkey" primary key ("id")
    );`);
    this.addSql(`insert into "thanks_settings" ("id") values (1);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "thanks_settings";`);
    this.addSql(`drop table "thank_you_calls";`);
  }
}
