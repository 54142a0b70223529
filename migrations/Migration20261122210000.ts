import { Migration } from '@mikro-orm/migrations';

/**
 * The staff console: accounts in `users`, server-side sessions (only the token's SHA-256), failed
 * sign-ins for the lockout, the audit trail, and the indexes that keep the donation list fast at
 * 200,000 rows (trigram indexes serve the `ILIKE '%…%'` search on name, e-mail and phone).
 */
export class Migration20261122210000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "display_name" text not null default '';`);
    this.addSql(`alter table "users" add column "role" text not null default 'staff';`);
    this.addSql(`alter table "users" add column "disabled" boolean not null default false;`);
    this.addSql(`alter table "users" add column "created_at" timestamptz not null default now();`);
    this.addSql(`alter table "users" add column "last_sign_in_at" timestamptz null;`);

    this.addSql(`create table "staff_sessions" (
      "id" serial primary key,
      "user_id" int not null,
      "token_hash" text not null,
      "created_at" timestamptz not null default now(),
      "last_seen_at" timestamptz not null default now(),
      "ip" text not null);`);
    this.addSql(
      `alter table "staff_sessions" add constraint "staff_sessions_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(
      `alter table "staff_sessions" add constraint "staff_sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`create index "staff_sessions_user_id_index" on "staff_sessions" ("user_id");`);

    this.addSql(`create table "staff_sign_in_failures" (
      "id" serial primary key,
      "username" text not null,
      "ip" text not null,
      "at" timestamptz not null default now());`);
    this.addSql(
      `create index "staff_sign_in_failures_username_at_index" on "staff_sign_in_failures" ("username", "at");`,
    );
    this.addSql(`create index "staff_sign_in_failures_ip_at_index" on "staff_sign_in_failures" ("ip", "at");`);

    this.addSql(`create table "staff_audit" (
      "id" serial primary key,
      "at" timestamptz not null default now(),
      "user_id" int null,
      "username" text not null,
      "action" text not null,
      "ip" text not null,
      "details" jsonb null);`);
    this.addSql(`create index "staff_audit_at_index" on "staff_audit" ("at");`);

    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "donations_created_at_index" on "donations" ("created_at");`);
    this.addSql(`create index "donations_amount_index" on "donations" ("amount");`);
    this.addSql(`create index "donations_name_trgm_index" on "donations" using gin ("name" gin_trgm_ops);`);
    this.addSql(`create index "donations_email_trgm_index" on "donations" using gin ("email" gin_trgm_ops);`);
    this.addSql(`create index "donations_phone_trgm_index" on "donations" using gin ("phone" gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "donations_phone_trgm_index";`);
    this.addSql(`drop index "donations_email_trgm_index";`);
    this.addSql(`drop index "donations_name_trgm_index";`);
    this.addSql(`drop index "donations_amount_index";`);
    this.addSql(`drop index "donations_created_at_index";`);
    this.addSql(`drop table "staff_audit";`);
    this.addSql(`drop table "staff_sign_in_failures";`);
    this.addSql(`drop table "staff_sessions";`);
    for (const column of ['last_sign_in_at', 'created_at', 'disabled', 'role', 'display_name']) {
      this.addSql(`alter table "users" drop column "${column}";`);
    }
  }
}
