import { Migration } from '@mikro-orm/migrations';

/**
 * The donor's optional 80G details on each donation: the postal address, and PAN or Aadhaar as
 * its kind, its masked form and the number encrypted with DATA_ENCRYPTION_KEY (never in plain).
 */
export class Migration20261122220000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "donations" add column "address" text null;`);
    this.addSql(`alter table "donations" add column "tax_id_kind" text null;`);
    this.addSql(`alter table "donations" add column "tax_id_masked" text null;`);
    this.addSql(`alter table "donations" add column "tax_id_encrypted" text null;`);
  }

  override async down(): Promise<void> {
    for (const column of ['tax_id_encrypted', 'tax_id_masked', 'tax_id_kind', 'address']) {
      this.addSql(`alter table "donations" drop column "${column}";`);
    }
  }
}
