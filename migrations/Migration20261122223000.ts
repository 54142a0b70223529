import { Migration } from '@mikro-orm/migrations';

/**
 * The year's close: how the trust classes each purpose in the statement of donations (Others
 * unless marked corpus or specific grant), and donors' erasure requests under the DPDP Act, with
 * the receipts the tax law keeps until `retained_until` and when those were anonymised in turn.
 */
export class Migration20261122223000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "statement_purposes" (
      "purpose" text primary key,
      "donation_type" text not null,
      "updated_at" timestamptz not null default now());`);
    this.addSql(
      `alter table "statement_purposes" add constraint "statement_purposes_donation_type_check" check("donation_type" in ('corpus', 'specific-grant', 'others'));`,
    );

    this.addSql(`create table "erasure_requests" (
      "id" serial primary key,
      "email" text not null,
      "status" text not null default 'requested',
      "requested_at" timestamptz not null default now(),
      "completed_at" timestamptz null,
      "completed_by" text null,
      "kept_receipt_ids" jsonb not null default '[]',
      "retained_until" timestamptz null,
      "receipts_anonymised_at" timestamptz null);`);
    this.addSql(
      `alter table "erasure_requests" add constraint "erasure_requests_status_check" check("status" in ('requested', 'completed'));`,
    );
    this.addSql(`create index "erasure_requests_status_index" on "erasure_requests" ("status");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "erasure_requests";`);
    this.addSql(`drop table if exists "statement_purposes";`);
  }
}
