import { Migration } from '@mikro-orm/migrations';

/**
 * Appeals for one animal: the appeal (its slug never changes after creation; status draft →
 * published → closed), its updates, and the donors who asked for no more updates (by a keyed hash
 * of the e-mail, never the address). A donation names its appeal (a monthly donor's later charges
 * inherit it) and may carry a tribute, in memory or in honour of someone; a receipt keeps both as
 * printed. A queued mail may carry headers (List-Unsubscribe).
 */
export class Migration20261125150000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "appeals" (
      "id" serial primary key,
      "slug" text not null,
      "title" text not null,
      "story" text not null,
      "goal" int not null,
      "ends_on" date null,
      "purpose_class" text check ("purpose_class" in ('specific-grant', 'corpus', 'others')) not null default 'specific-grant',
      "status" text check ("status" in ('draft', 'published', 'closed')) not null default 'draft',
      "beyond_goal" text null,
      "photo_image_ids" jsonb not null default '[]',
      "video_url" text null,
      "vet_bill_image_id" int null,
      "created_by" text not null,
      "created_at" timestamptz not null default now(),
      "updated_by" text not null,
      "updated_at" timestamptz not null default now(),
      "published_at" timestamptz null,
      "closed_at" timestamptz null);`);
    this.addSql(`alter table "appeals" add constraint "appeals_slug_unique" unique ("slug");`);
    this.addSql(`create index "appeals_status_index" on "appeals" ("status");`);

    this.addSql(`create table "appeal_updates" (
      "id" serial primary key,
      "appeal_id" int not null,
      "text" text not null,
      "photo_image_id" int null,
      "posted_at" timestamptz not null default now(),
      "posted_by" text not null,
      "mailed" boolean not null default false,
      "mailed_count" int not null default 0);`);
    this.addSql(`create index "appeal_updates_appeal_id_index" on "appeal_updates" ("appeal_id");`);
    this.addSql(
      `alter table "appeal_updates" add constraint "appeal_updates_appeal_id_foreign" foreign key ("appeal_id") references "appeals" ("id") on update cascade;`,
    );

    this.addSql(`create table "appeal_update_unsubscribes" (
      "email_hash" text primary key,
      "unsubscribed_at" timestamptz not null default now());`);

    this.addSql(`alter table "donations" add column "appeal_id" int null, add column "tribute" jsonb null;`);
    this.addSql(
      `alter table "donations" add constraint "donations_appeal_id_foreign" foreign key ("appeal_id") references "appeals" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `create index "donations_appeal_id_index" on "donations" ("appeal_id", "status") where "appeal_id" is not null;`,
    );

    this.addSql(
      `alter table "receipts" add column "appeal_id" int null, add column "appeal_title" text null, add column "tribute" jsonb null;`,
    );
    this.addSql(`alter table "mail_outbox" add column "headers" jsonb not null default '{}';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "mail_outbox" drop column "headers";`);
    this.addSql(`alter table "receipts" drop column "appeal_id", drop column "appeal_title", drop column "tribute";`);
    this.addSql(`alter table "donations" drop constraint "donations_appeal_id_foreign";`);
    this.addSql(`drop index if exists "donations_appeal_id_index";`);
    this.addSql(`alter table "donations" drop column "appeal_id", drop column "tribute";`);
    this.addSql(`drop table if exists "appeal_update_unsubscribes";`);
    this.addSql(`drop table if exists "appeal_updates";`);
    this.addSql(`drop table if exists "appeals";`);
  }
}
