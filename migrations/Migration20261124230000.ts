import { Migration } from '@mikro-orm/migrations';

/** Donors' certificates (Form 10BE / Form 114) uploaded from the portal, matched and delivered. */
export class Migration20261124230000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "donor_certificates" (
      "id" serial primary key,
      "financial_year" text not null,
      "file_sha256" text not null,
      "file_name" text not null,
      "pdf" bytea not null,
      "donor_id_kind" text null,
      "donor_id_masked" text null,
      "donor_id_encrypted" text null,
      "donor_name" text null,
      "amount" int null,
      "status" text not null default 'unmatched',
      "match_note" text not null,
      "donor_email" text null,
      "uploaded_by" text not null,
      "uploaded_at" timestamptz not null default now(),
      "confirmed_by" text null,
      "confirmed_at" timestamptz null);`);
    this.addSql(
      `alter table "donor_certificates" add constraint "donor_certificates_file_sha256_unique" unique ("file_sha256");`,
    );
    this.addSql(
      `alter table "donor_certificates" add constraint "donor_certificates_status_check" check("status" in ('unmatched', 'matched', 'confirmed'));`,
    );
    this.addSql(`create index "donor_certificates_financial_year_index" on "donor_certificates" ("financial_year");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "donor_certificates";`);
  }
}
