import { Migration } from '@mikro-orm/migrations';

/**
 * Monthly donors in charge of their gift (issue 43 item 4): what a subscription is now, beside the
 * donation that started it, and each change made to it.
 *
 * - `monthly_amount`: what each charge is from the next one on, once the donor changed it (null:
 *   the first gift's amount); `payment_method`: how its mandate pays, as Razorpay reports it
 *   (`card`, `upi`…); `ends_at`: when a gift cancelled at the end of the month already paid stops;
 *   `replaces_subscription_id`: the gift a new mandate takes over from (a UPI mandate's new amount,
 *   a new card), whose own mandate is cancelled at its cycle's end once the new one is authorised.
 * - `monthly_changes`: one row per change (amount, pause, resume, cancellation, a new mandate), who
 *   made it and from when; what the donor's page and the console show. Amounts only: no personal data.
 */
export class Migration20261129121000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "subscriptions"
      add column "monthly_amount" integer null,
      add column "payment_method" text null,
      add column "ends_at" timestamptz null,
      add column "replaces_subscription_id" integer null,
      add constraint "subscriptions_monthly_amount_check" check ("monthly_amount" is null or "monthly_amount" >= 100);`);
    this.addSql(`create index "subscriptions_replaces_subscription_id_index" on "subscriptions" ("replaces_subscription_id")
      where "replaces_subscription_id" is not null;`);
    this.addSql(`create table "monthly_changes" (
      "id" serial primary key,
      "subscription_id" integer not null,
      "kind" text not null check ("kind" in ('amount_changed', 'paused', 'resumed', 'cancel_at_cycle_end',
        'cancelled', 'new_mandate_started', 'mandate_replaced')),
      "amount_before" integer null,
      "amount_after" integer null,
      "effective_at" timestamptz null,
      "made_by" text not null check ("made_by" in ('donor', 'staff', 'razorpay')),
      "created_at" timestamptz not null default now());`);
    this.addSql(`create index "monthly_changes_subscription_id_index" on "monthly_changes" ("subscription_id", "id");`);
    this.addSql(`alter table "monthly_changes" add constraint "monthly_changes_subscription_id_foreign"
      foreign key ("subscription_id") references "subscriptions" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "monthly_changes";`);
    this.addSql(`alter table "subscriptions" drop column "replaces_subscription_id", drop column "ends_at",
      drop column "payment_method", drop column "monthly_amount";`);
  }
}
