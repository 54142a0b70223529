import { Migration } from '@mikro-orm/migrations';

/**
 * Razorpay's settlements (each transfer to the trust's bank, with its UTR, fee and the GST on the
 * fee) and their entries (the payments, refunds and adjustments in each), so the console can show
 * every online rupee from the donor's payment to the bank credit.
 */
export class Migration20261125100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "settlements" (
      "id" text primary key,
      "settled_at" timestamptz not null,
      "utr" text null,
      "amount" int not null,
      "fee" int not null,
      "tax" int not null,
      "adjustments" int null,
      "entries_fetched_at" timestamptz null,
      "recorded_at" timestamptz not null default now());`);
    this.addSql(`create index "settlements_settled_at_index" on "settlements" ("settled_at");`);
    this.addSql(`create table "settlement_entries" (
      "entity_id" text primary key,
      "settlement_id" text not null,
      "type" text not null,
      "payment_id" text null,
      "gross" int not null,
      "fee" int not null,
      "tax" int not null,
      "adjustment" int not null,
      "net" int not null,
      "occurred_at" timestamptz not null,
      constraint settlement_entries_net_check check (net = gross - fee - tax + adjustment));`);
    this.addSql(`create index "settlement_entries_settlement_id_index" on "settlement_entries" ("settlement_id");`);
    this.addSql(`create index "settlement_entries_payment_id_index" on "settlement_entries" ("payment_id");`);
    this.addSql(
      `alter table "settlement_entries" add constraint "settlement_entries_settlement_id_foreign" foreign key ("settlement_id") references "settlements" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "settlement_entries";`);
    this.addSql(`drop table if exists "settlements";`);
  }
}
