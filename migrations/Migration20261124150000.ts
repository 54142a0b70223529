import { Migration } from '@mikro-orm/migrations';

/**
 * Browsers that signed in to a staff account before (their device cookie's SHA-256), and which
 * device a failed guess came from: the lockout stops guessers without locking the account's own
 * people out of their usual devices.
 */
export class Migration20261124150000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "staff_devices" (
      "token_hash" text primary key,
      "user_id" int not null,
      "created_at" timestamptz not null default now(),
      "last_used_at" timestamptz not null default now());`);
    this.addSql(`create index "staff_devices_user_id_index" on "staff_devices" ("user_id");`);
    this.addSql(
      `alter table "staff_devices" add constraint "staff_devices_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`alter table "staff_sign_in_failures" add column "device_hash" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "staff_sign_in_failures" drop column "device_hash";`);
    this.addSql(`drop table if exists "staff_devices";`);
  }
}
