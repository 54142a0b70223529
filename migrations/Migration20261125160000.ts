import { Migration } from '@mikro-orm/migrations';

/**
 * A donor is found by their e-mail, any case: their own page, the public link request, an erasure,
 * their receipts (`lower(email) = ?`). Without these, each of those read every donation and every
 * receipt (a million rows on an old trust's books, on a public path).
 */
export class Migration20261125160000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "donations_lower_email_index" on "donations" (lower("email"));`);
    this.addSql(`create index "receipts_lower_donor_email_index" on "receipts" (lower("donor_email"));`);
    this.addSql(
      `create index "receipts_year_status_index" on "receipts" ("financial_year", "status") include ("mode", "issued_at", "amount");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "receipts_year_status_index";`);
    this.addSql(`drop index if exists "receipts_lower_donor_email_index";`);
    this.addSql(`drop index if exists "donations_lower_email_index";`);
  }
}
