import { Migration } from '@mikro-orm/migrations';

/**
 * Partial refunds (gifts/settlement/partial-refund.ts): a donation keeps how much of it was refunded
 * (paise; 0 unless part of it was returned), and a receipt may replace one cancelled for a partial
 * refund, for the amount kept. A payment still has one first receipt (the unique index on
 * `payment_id` now covers only receipts that replace none), and a receipt is replaced at most once.
 */
export class Migration20261127131000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "donations" add column "refunded_amount" int not null default 0;`);
    this.addSql(`alter table "receipts" add column "replaces_receipt_id" int null;`);
    this.addSql(`alter table "receipts" drop constraint "receipts_payment_id_unique";`);
    this.addSql(
      `create unique index "receipts_payment_id_unique" on "receipts" ("payment_id") where "replaces_receipt_id" is null;`,
    );
    this.addSql(
      `create unique index "receipts_replaces_receipt_id_unique" on "receipts" ("replaces_receipt_id") where "replaces_receipt_id" is not null;`,
    );
    this.addSql(`create index "receipts_payment_id_index" on "receipts" ("payment_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "receipts_payment_id_index";`);
    this.addSql(`drop index if exists "receipts_replaces_receipt_id_unique";`);
    this.addSql(`delete from "receipts" where "replaces_receipt_id" is not null;`);
    this.addSql(`drop index if exists "receipts_payment_id_unique";`);
    this.addSql(`alter table "receipts" add constraint "receipts_payment_id_unique" unique ("payment_id");`);
    this.addSql(`alter table "receipts" drop column "replaces_receipt_id";`);
    this.addSql(`alter table "donations" drop column "refunded_amount";`);
  }
}
