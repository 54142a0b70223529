import { Migration } from '@mikro-orm/migrations';
import { COLUMNS as COLUMNS_BEFORE, YEARS_OF as YEARS_OF_BEFORE } from './Migration20261128050000';

/**
 * LYBUNT, SYBUNT and the retention rates from one row per member (issue 35 item 6): each
 * donor_years row also carries what the donor kept before that year (in all, the year before, two
 * years before) and their next year with a kept gift (and its first gift). A LYBUNT member of Y is
 * then a row of Y − 1 whose next year is none or after Y; a SYBUNT member a row before Y − 1 with
 * the same; a retention cohort a year's rows, its next year saying who gave again. The rows come
 * from covering indexes alone (a million gifts: a few tens of milliseconds), not a lookup per member.
 *
 * The trigger's functions (Migration20261128050000) are replaced to write the new columns, by
 * window sums over the donor's years, with the same rules for a gift, its date and its year.
 */
const GIFT_AT = `coalesce(d.received_on::timestamp at time zone 'Asia/Kolkata', d.created_at)`;
const YEARS_OF = (where: string) => `
  select donor_id, start_year, kept, gifts, first_gift_at, last_gift_at, last_gift_amount, last_donation_id,
         coalesce(sum(kept) over (w rows between unbounded preceding and 1 preceding), 0),
         coalesce(sum(kept) over (w range between 1 preceding and 1 preceding), 0),
         coalesce(sum(kept) over (w range between 2 preceding and 2 preceding), 0),
         lead(start_year) over w, lead(first_gift_at) over w
    from (select donor_id, start_year, sum(kept) as kept, count(*) as gifts, min(at) as first_gift_at,
                 max(at) as last_gift_at, (array_agg(kept order by at desc, id desc))[1] as last_gift_amount,
                 (array_agg(id order by at desc, id desc))[1] as last_donation_id
            from (select d.id, d.donor_id, d.amount - d.refunded_amount as kept, ${GIFT_AT} as at,
                         extract(year from (${GIFT_AT}) at time zone 'Asia/Kolkata' - interval '3 months')::smallint as start_year
                    from donations d where ${where} and d.status = 'paid' and d.amount > d.refunded_amount) g
           group by donor_id, start_year) y
  window w as (partition by donor_id order by start_year)`;
const COLUMNS = `(donor_id, start_year, kept, gifts, first_gift_at, last_gift_at, last_gift_amount, last_donation_id,
  kept_before, kept_year_before, kept_two_years_before, next_start_year, next_first_gift_at)`;
// What a segment or a cohort reads of a row, so its index answers alone.
const READ = `"kept", "kept_before", "kept_year_before", "kept_two_years_before", "next_start_year",
  "next_first_gift_at", "last_gift_at", "last_gift_amount", "last_donation_id"`;

export class Migration20261128060000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "donor_years"
      add column "kept_before" bigint not null default 0,
      add column "kept_year_before" bigint not null default 0,
      add column "kept_two_years_before" bigint not null default 0,
      add column "next_start_year" smallint null,
      add column "next_first_gift_at" timestamptz null;`);
    // The zeros only fill the rows there now, until the rebuild below writes them all again.
    this.addSql(`alter table "donor_years" alter column "kept_before" drop default,
      alter column "kept_year_before" drop default, alter column "kept_two_years_before" drop default;`);
    this.addSql(`create or replace function refresh_donor_years(donor integer) returns void language plpgsql as $$
      begin
        perform 1 from donors where id = donor for update;
        delete from donor_years where donor_id = donor;
        insert into donor_years ${COLUMNS} ${YEARS_OF('d.donor_id = donor')};
      end
    $$;`);
    this.addSql(`create or replace function rebuild_donor_years() returns void language sql as $$
      truncate donor_years;
      insert into donor_years ${COLUMNS} ${YEARS_OF('d.donor_id is not null')};
    $$;`);
    this.addSql(`select rebuild_donor_years();`);
    // A year's rows (LYBUNT's, a cohort's), covered.
    this.addSql(
      `create index "donor_years_start_year_index" on "donor_years" ("start_year", "donor_id") include (${READ});`,
    );
    // The rows that are a donor's last up to a year (SYBUNT's): by when the donor next gave.
    this.addSql(`create index "donor_years_next_start_year_index" on "donor_years"
      ((coalesce("next_start_year", 32767)), "start_year", "donor_id") include (${READ});`);
  }

  override async down(): Promise<void> {
    this.addSql(`create or replace function refresh_donor_years(donor integer) returns void language plpgsql as $$
      begin
        perform 1 from donors where id = donor for update;
        delete from donor_years where donor_id = donor;
        insert into donor_years ${COLUMNS_BEFORE} ${YEARS_OF_BEFORE('d.donor_id = donor')};
      end
    $$;`);
    this.addSql(`create or replace function rebuild_donor_years() returns void language sql as $$
      truncate donor_years;
      insert into donor_years ${COLUMNS_BEFORE} ${YEARS_OF_BEFORE('d.donor_id is not null')};
    $$;`);
    this.addSql(`drop index "donor_years_next_start_year_index";`);
    this.addSql(`drop index "donor_years_start_year_index";`);
    this.addSql(`alter table "donor_years" drop column "kept_before", drop column "kept_year_before",
      drop column "kept_two_years_before", drop column "next_start_year", drop column "next_first_gift_at";`);
  }
}
