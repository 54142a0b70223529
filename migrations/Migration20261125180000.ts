import { Migration } from '@mikro-orm/migrations';

/**
 * The donor's language (shared/languages.ts: en, ta, hi): on each donation, the one they gave in
 * (a monthly donor's later charges inherit it), and on each receipt as issued, which prints it
 * beside English. Every row before it is English.
 */
export class Migration20261125180000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "donations" add column "language" text not null default 'en';`);
    this.addSql(
      `alter table "donations" add constraint "donations_language_check" check("language" in ('en', 'ta', 'hi'));`,
    );
    this.addSql(`alter table "receipts" add column "language" text not null default 'en';`);
    this.addSql(
      `alter table "receipts" add constraint "receipts_language_check" check("language" in ('en', 'ta', 'hi'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "receipts" drop column "language";`);
    this.addSql(`alter table "donations" drop column "language";`);
  }
}
