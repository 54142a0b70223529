import { Migration } from '@mikro-orm/migrations';

/**
 * The Settlements page sums each settlement's lines for a whole year (about 70,000 lines on an old
 * trust's books): with the figures in the index, it reads the index alone.
 */
export class Migration20261125170000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index if exists "settlement_entries_settlement_id_index";`);
    this.addSql(
      `create index "settlement_entries_settlement_id_index" on "settlement_entries" ("settlement_id") include ("type", "gross", "fee", "tax", "adjustment", "net");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "settlement_entries_settlement_id_index";`);
    this.addSql(`create index "settlement_entries_settlement_id_index" on "settlement_entries" ("settlement_id");`);
  }
}
