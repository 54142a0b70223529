import { Migration } from '@mikro-orm/migrations';

/**
 * statement_reviews: for an ID number whose receipts of a year carry more than one person, the
 * receipt staff chose to name and address Part B's rows (papers/reporting/statement-review.ts). Keyed by a
 * keyed hash of the ID; `people` holds keyed hashes of the names and e-mails reviewed.
 */
export class Migration20261127100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "statement_reviews" (
      "financial_year" text not null,
      "id_hash" text not null,
      "receipt_id" int not null,
      "people" jsonb not null,
      "resolved_by" text not null,
      "resolved_at" timestamptz not null default now(),
      constraint "statement_reviews_pkey" primary key ("financial_year", "id_hash"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "statement_reviews";`);
  }
}
