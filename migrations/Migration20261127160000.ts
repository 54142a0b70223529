import { Migration } from '@mikro-orm/migrations';

/**
 * The console's settings (console/settings/console-settings.ts): Razorpay's keys and the SMTP server, one
 * row (id 1, the only one console-settings.ts writes). The secrets are stored encrypted with DATA_ENCRYPTION_KEY (platform/personal-data/field-cipher.ts);
 * `version` goes up with each save, so every instance notices a change with one cheap read.
 *
 * The last webhook deliveries (settings/webhook-deliveries.ts): what came and whether its signature
 * verified, never its body. A ring of 50 slots, so no flood of forged requests can grow it.
 */
export class Migration20261127160000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "console_settings" (
      "id" int not null,
      "razorpay_key_id" text null,
      "razorpay_key_secret" text null,
      "razorpay_webhook_secret" text null,
      "smtp_host" text null,
      "smtp_port" integer null,
      "smtp_user" text null,
      "smtp_password" text null,
      "mail_from_address" text null,
      "mail_from_name" text null,
      "version" integer not null default 0,
      "updated_at" timestamptz not null default now(),
      constraint "console_settings_pkey" primary key ("id")
    );`);
    this.addSql(`create sequence "webhook_delivery_seq";`);
    this.addSql(`create table "webhook_deliveries" (
      "slot" int not null,
      "seq" bigint not null,
      "received_at" timestamptz not null,
      "event_type" text null,
      "verified" boolean not null,
      constraint "webhook_deliveries_pkey" primary key ("slot")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "webhook_deliveries";`);
    this.addSql(`drop sequence "webhook_delivery_seq";`);
    this.addSql(`drop table "console_settings";`);
  }
}
