import { Migration } from '@mikro-orm/migrations';

/**
 * The first admin's setup links (console/first-admin/setup-link.ts): printed in the server's log at a start with
 * no enabled admin; only the token's SHA-256 is kept, with its expiry and when it was used.
 */
export class Migration20261127150000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "staff_setup_tokens" (
      "id" serial primary key,
      "token_hash" text not null,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "used_at" timestamptz null);`);
    this.addSql(
      `alter table "staff_setup_tokens" add constraint "staff_setup_tokens_token_hash_unique" unique ("token_hash");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "staff_setup_tokens";`);
  }
}
