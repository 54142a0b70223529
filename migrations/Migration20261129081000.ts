import { Migration } from '@mikro-orm/migrations';

/**
 * SYBUNT's first page at a million gifts (issue 40 item 14g; segments.ts): two partial indexes on
 * the rows that are a donor's last year (`next_start_year is null`), the rows a SYBUNT of the
 * current year reads. The totals scan only those members, from a narrow index, instead of every
 * row before last year; the first page walks them largest giving first and stops after its rows,
 * instead of sorting every member. A SYBUNT of a past year also reads rows whose donor came back
 * after it, by donor_years_next_start_year_index as before.
 */
export class Migration20261129081000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "donor_years_last_year_index" on "donor_years" ("start_year")
      include ("donor_id", "kept", "kept_before", "kept_year_before", "last_gift_amount") where "next_start_year" is null;`);
    this.addSql(`create index "donor_years_last_year_total_index" on "donor_years" (("kept" + "kept_before") desc, "donor_id")
      include ("start_year", "kept", "kept_before", "kept_year_before", "last_gift_at", "last_gift_amount", "last_donation_id")
      where "next_start_year" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "donor_years_last_year_total_index";`);
    this.addSql(`drop index "donor_years_last_year_index";`);
  }
}
