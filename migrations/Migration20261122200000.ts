import { Migration } from '@mikro-orm/migrations';

/**
 * 80G receipts and mail: the trust's legal details, receipts with a gapless counter per financial
 * year, and the outbox mail is sent from.
 */
export class Migration20261122200000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "trust_settings" ("id" int not null, "name" text not null, "address" text not null, "pan" text not null, "registration_80g" text not null, "approved_on" text not null, "validity" text not null, "signatory_name" text not null, "signatory_title" text not null, "receipt_prefix" text not null, "updated_at" timestamptz not null default now(), constraint "trust_settings_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "receipts" ("id" serial primary key, "number" text not null, "financial_year" text not null, "sequence" int not null, "payment_id" text not null, "donation_id" int not null, "amount" int not null, "purpose" text null, "donor_name" text not null, "donor_email" text not null, "donor_address" text null, "donor_id_kind" text null, "donor_id_masked" text null, "donor_id_encrypted" text null, "trust" jsonb not null, "status" text not null default 'issued', "issued_at" timestamptz not null, "cancelled_at" timestamptz null, "cancellation_reason" text null);`,
    );
    this.addSql(`alter table "receipts" add constraint "receipts_number_unique" unique ("number");`);
    this.addSql(`alter table "receipts" add constraint "receipts_payment_id_unique" unique ("payment_id");`);
    this.addSql(`create index "receipts_donation_id_index" on "receipts" ("donation_id");`);
    this.addSql(
      `alter table "receipts" add constraint "receipts_financial_year_sequence_unique" unique ("financial_year", "sequence");`,
    );

    this.addSql(
      `create table "receipt_counters" ("financial_year" text not null, "last_number" int not null, constraint "receipt_counters_pkey" primary key ("financial_year"));`,
    );

    this.addSql(
      `create table "mail_outbox" ("id" serial primary key, "message_id" text not null, "kind" text not null, "recipient" text not null, "subject" text not null, "text_body" text not null, "html_body" text not null, "attachments" jsonb not null default '[]', "status" text not null default 'queued', "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "last_error" text null, "created_at" timestamptz not null default now(), "sent_at" timestamptz null);`,
    );
    this.addSql(`alter table "mail_outbox" add constraint "mail_outbox_message_id_unique" unique ("message_id");`);
    this.addSql(
      `create index "mail_outbox_status_next_attempt_at_index" on "mail_outbox" ("status", "next_attempt_at");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "mail_outbox" cascade;`);
    this.addSql(`drop table if exists "receipt_counters" cascade;`);
    this.addSql(`drop table if exists "receipts" cascade;`);
    this.addSql(`drop table if exists "trust_settings" cascade;`);
  }
}
