import { Migration } from '@mikro-orm/migrations';

/**
 * The donation budgets, rate limits and donor-link limits, counted in fixed windows here rather
 * than in each instance's memory, so every instance on this database counts the same requests.
 */
export class Migration20261124220000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "rate_limit_counters" (
      "key" text primary key,
      "window_ends_at" timestamptz not null,
      "count" int not null,
      "max_count" int not null);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_limit_counters";`);
  }
}
