import { Migration } from '@mikro-orm/migrations';

/**
 * `/adopt` and the feed (issue 42 item 2) read the adoptable animals, those waiting longest first, a
 * page at a time: a partial index in that order, so a page is one ordered index range and its count
 * an index-only scan of the adoptable animals alone, however many animals the trust has cared for.
 */
export class Migration20261129125000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "animals_adoptable_index" on "animals" ("status_on", "id") where "status" = 'adoptable';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "animals_adoptable_index";`);
  }
}
