import { Migration } from '@mikro-orm/migrations';

/**
 * Every backup taken (`npm run backup`, the server's nightly one): when, the file, its size and
 * SHA-256, so the console can say when the last one was taken.
 */
export class Migration20261125110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "backups" (
      "id" serial primary key,
      "taken_at" timestamptz not null,
      "kind" text not null,
      "file" text not null,
      "size_bytes" bigint not null,
      "sha256" text not null,
      "recorded_at" timestamptz not null default now());`);
    this.addSql(`create index "backups_taken_at_index" on "backups" ("taken_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "backups";`);
  }
}
