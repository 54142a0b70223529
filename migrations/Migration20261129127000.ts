import { Migration } from '@mikro-orm/migrations';

/**
 * The console's work on applications (issue 42 items 4, 5): the mail templates staff edit, one row
 * per step and language once saved (the defaults are the server's,
 * src/server/animals/applications/mail-template-defaults.ts, until staff save their own), and the
 * admins' period declined and withdrawn applications are kept (12 months by default).
 */
export class Migration20261129127000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "application_mail_templates" (
      "step" text check ("step" in ('contacted', 'home-visit', 'approved', 'completed', 'declined', 'withdrawn', 'found-another-home')) not null,
      "language" text check ("language" in ('en', 'ta', 'hi')) not null,
      "subject" text not null,
      "body" text not null,
      "updated_by" text not null,
      "updated_at" timestamptz not null default now(),
      constraint "application_mail_templates_pkey" primary key ("step", "language"));`);
    this.addSql(`create table "application_settings" (
      "id" int not null,
      "keep_months" int not null default 12,
      "updated_by" text null,
      "updated_at" timestamptz not null default now(),
      constraint "application_settings_pkey" primary key ("id"));`);
    this.addSql(`insert into "application_settings" ("id") values (1);`);
    // The console's list at a large shelter's size (50,000 applications, npm run bench:staff): newest
    // first whatever the filter, and a search by part of a name or an e-mail (pg_trgm).
    this.addSql(`create index "applications_created_index" on "applications" ("created_at" desc, "id" desc);`);
    this.addSql(
      `create index "applications_kind_created_index" on "applications" ("kind", "created_at" desc, "id" desc);`,
    );
    this.addSql(
      `create index "applications_status_created_index" on "applications" ("status", "created_at" desc, "id" desc);`,
    );
    this.addSql(
      `create index "applications_search_trgm_index" on "applications" using gin (("name" || chr(31) || "email") gin_trgm_ops);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "applications_search_trgm_index";`);
    this.addSql(`drop index if exists "applications_status_created_index";`);
    this.addSql(`drop index if exists "applications_kind_created_index";`);
    this.addSql(`drop index if exists "applications_created_index";`);
    this.addSql(`drop table if exists "application_settings";`);
    this.addSql(`drop table if exists "application_mail_templates";`);
  }
}
