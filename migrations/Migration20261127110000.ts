import { Migration } from '@mikro-orm/migrations';

/**
 * A donor's erasure closes their unpaid orders (gifts/settlement/paid-after-erasure.ts): `erased_at` on
 * each of their donations says so, and a payment that still arrives on one is refunded in full,
 * never receipted. `erasure_refunds` is that refund's own outbox: owed (`due`) in the transaction
 * that records the payment, made at Razorpay after it (`refunded`), or refused by Razorpay
 * (`refused`: a person refunds it by hand).
 */
export class Migration20261127110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "donations" add column "erased_at" timestamptz null;`);
    this.addSql(`create table "erasure_refunds" (
      "payment_id" text not null primary key,
      "donation_id" integer not null,
      "amount" integer not null,
      "status" text check ("status" in ('due', 'refunded', 'refused')) not null default 'due',
      "recorded_at" timestamptz not null default now(),
      "refunded_at" timestamptz null,
      "razorpay_refund_id" text null,
      "last_error" text null);`);
    this.addSql(`create index "erasure_refunds_donation_id_index" on "erasure_refunds" ("donation_id");`);
    this.addSql(`create index "erasure_refunds_status_index" on "erasure_refunds" ("status");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "erasure_refunds";`);
    this.addSql(`alter table "donations" drop column "erased_at";`);
  }
}
