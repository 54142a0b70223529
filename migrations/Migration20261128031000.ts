import { Migration } from '@mikro-orm/migrations';

/**
 * Donors' merges and the proposals staff confirm or dismiss (donors/):
 * - `donations.tax_id_hash`: a keyed hash of a gift's PAN or Aadhaar (donors/records/tax-id-hashes.ts fills
 *   it from the encrypted number), so gifts sharing an ID are found without the clear ID in a query;
 * - indexes for the proposals by phone (its last ten digits), by address (letters and digits only)
 *   and for the donor list's search by a PAN's or Aadhaar's last four;
 * - `donor_merges`: each merge with exactly what it moved, so an undo restores that and nothing else;
 * - `donor_proposal_dismissals`: a pair of donors staff said are two people (kept dismissed).
 */
export class Migration20261128031000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "donations" add column "tax_id_hash" text null;`);
    this.addSql(
      `create index "donations_tax_id_hash_index" on "donations" ("tax_id_hash") where "tax_id_hash" is not null;`,
    );
    this.addSql(
      `create index "donations_tax_id_unhashed_index" on "donations" ("id") where "tax_id_encrypted" is not null and "tax_id_hash" is null;`,
    );
    this.addSql(
      `create index "donations_phone_key_index" on "donations" (right(regexp_replace("phone", '[^0-9]', '', 'g'), 10)) where "donor_id" is not null;`,
    );
    this.addSql(
      `create index "donations_address_key_index" on "donations" (lower(regexp_replace("address", '[^[:alnum:]]+', '', 'g'))) where "donor_id" is not null and "address" is not null;`,
    );
    this.addSql(
      `create index "donations_tax_id_last_four_index" on "donations" (right("tax_id_masked", 4)) where "tax_id_masked" is not null;`,
    );
    this.addSql(`create table "donor_merges" (
      "id" serial primary key,
      "into_id" int not null,
      "from_id" int not null,
      "donation_ids" jsonb not null,
      "merged_donor_ids" jsonb not null,
      "merged_by" text not null,
      "merged_at" timestamptz not null default now(),
      "undone_by" text null,
      "undone_at" timestamptz null
    );`);
    this.addSql(`create index "donor_merges_into_id_index" on "donor_merges" ("into_id");`);
    this.addSql(`create index "donor_merges_from_id_index" on "donor_merges" ("from_id");`);
    this.addSql(`create table "donor_proposal_dismissals" (
      "donor_id" int not null,
      "other_donor_id" int not null,
      "dismissed_by" text not null,
      "dismissed_at" timestamptz not null default now(),
      constraint "donor_proposal_dismissals_pkey" primary key ("donor_id", "other_donor_id")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "donor_proposal_dismissals";`);
    this.addSql(`drop table "donor_merges";`);
    this.addSql(`drop index "donations_tax_id_last_four_index";`);
    this.addSql(`drop index "donations_tax_id_unhashed_index";`);
    this.addSql(`drop index "donations_tax_id_hash_index";`);
    this.addSql(`drop index "donations_address_key_index";`);
    this.addSql(`drop index "donations_phone_key_index";`);
    this.addSql(`alter table "donations" drop column "tax_id_hash";`);
  }
}
