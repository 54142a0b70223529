import { Migration } from '@mikro-orm/migrations';

/**
 * The website's content as staff edit it from the console (contact details, impact figures, the
 * home page's texts, the donate page's rescue story, the photos): each saved draft a row, the
 * newest published one what every instance's pages show.
 */
export class Migration20261125140000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "site_content_versions" (
      "id" serial primary key,
      "content" jsonb not null,
      "status" text not null default 'draft',
      "author" text not null,
      "created_at" timestamptz not null default now(),
      "published_at" timestamptz null,
      "published_by" text null,
      constraint site_content_versions_published_check
        check ((status = 'published') = (published_at is not null and published_by is not null)));`);
    this.addSql(
      `alter table "site_content_versions" add constraint "site_content_versions_status_check" check("status" in ('draft', 'published'));`,
    );
    this.addSql(`create index "site_content_versions_published_at_index" on "site_content_versions" ("published_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "site_content_versions";`);
  }
}
