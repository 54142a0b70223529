import { Migration } from '@mikro-orm/migrations';

/**
 * Off-site copies in the age format, signed (platform/backups/offsite-encryption.ts, offsite-signature.ts):
 * the set-up keeps the age recipient, the Ed25519 signing key (encrypted with DATA_ENCRYPTION_KEY)
 * and the identity sealed with the passphrase. The first format's public key and salt cannot sign:
 * they are kept only so a set-up made before is recognised (its passphrase must be typed again).
 */
export class Migration20261129070000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "offsite_backup_settings"
      alter column "public_key" drop not null, alter column "key_salt" drop not null,
      add column "age_recipient" text null, add column "signing_key" text null, add column "sealed_key" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "offsite_backup_settings" where "public_key" is null;`);
    this.addSql(`alter table "offsite_backup_settings"
      drop column "age_recipient", drop column "signing_key", drop column "sealed_key",
      alter column "public_key" set not null, alter column "key_salt" set not null;`);
  }
}
