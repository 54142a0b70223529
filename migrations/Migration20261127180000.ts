import { Migration } from '@mikro-orm/migrations';

/**
 * Copies of the backups off the machine (backups/offsite-*.ts): the S3-compatible bucket they go
 * to (one row; the secret key encrypted with DATA_ENCRYPTION_KEY, the passphrase's public key and
 * salt, never the passphrase), the last copy's outcome, and on each backup its copy's key and time.
 */
export class Migration20261127180000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "offsite_backup_settings" (
      "id" int not null,
      "endpoint" text not null,
      "region" text not null,
      "bucket" text not null,
      "access_key_id" text not null,
      "secret_access_key" text not null,
      "secret_last4" text not null,
      "public_key" text not null,
      "key_salt" text not null,
      "updated_by" text not null,
      "updated_at" timestamptz not null default now(),
      "last_copied_at" timestamptz null,
      "last_copied_key" text null,
      "last_error" text null,
      "last_error_at" timestamptz null,
      constraint "offsite_backup_settings_pkey" primary key ("id"));`);
    this.addSql(`alter table "backups" add column "offsite_key" text null, add column "offsite_copied_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "backups" drop column "offsite_key", drop column "offsite_copied_at";`);
    this.addSql(`drop table if exists "offsite_backup_settings";`);
  }
}
