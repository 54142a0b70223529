import { Migration } from '@mikro-orm/migrations';

/**
 * The overview's health list (health/): staff accounts' optional e-mail address (where alerts go),
 * the outcome of the last Razorpay key check (console_settings), one row per health item holding
 * its last state and when its last alert went (health_alerts: the alert job's conditional updates),
 * and an index for the mail check's reads of the outbox by status and age.
 */
export class Migration20261127190000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "email" text null;`);
    this.addSql(`alter table "console_settings"
      add column "razorpay_checked_key_id" text null,
      add column "razorpay_check_ok" boolean null,
      add column "razorpay_checked_at" timestamptz null;`);
    this.addSql(`create table "health_alerts" (
      "item" text not null,
      "state" text not null,
      "red_alerted_at" timestamptz null,
      "changed_at" timestamptz not null default now(),
      constraint "health_alerts_pkey" primary key ("item"),
      constraint "health_alerts_state_check" check ("state" in ('green', 'amber', 'red'))
    );`);
    this.addSql(`create index "mail_outbox_status_created_at_index" on "mail_outbox" ("status", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "mail_outbox_status_created_at_index";`);
    this.addSql(`drop table "health_alerts";`);
    this.addSql(`alter table "console_settings" drop column "razorpay_checked_key_id", drop column "razorpay_check_ok",
      drop column "razorpay_checked_at";`);
    this.addSql(`alter table "users" drop column "email";`);
  }
}
