import { Migration } from '@mikro-orm/migrations';

/**
 * What each donor kept giving in each financial year (donor-retention/): one row per donor and year
 * with a kept gift, so LYBUNT, SYBUNT, the segments and the retention rates read a few rows per
 * donor, not every gift (a million of them on an old trust).
 *
 * - A gift counts as the donors' rollups count it (Migration20261128030000): paid, for what was kept
 *   after a partial refund; its date the day received for a gift recorded by staff, else when made;
 *   its year India's financial year (1 April to 31 March, Asia/Kolkata).
 * - Kept by a trigger on `donations` in the transaction of every write that changes a donor's gifts
 *   (settling, refunds, bounces, merges moving gifts, erasure), after the donors' own trigger (the
 *   names sort so), each donor's rows written again whole while its donors row is locked.
 * - `rebuild_donor_years()` writes the whole table again in one statement: the backfill below, and
 *   the bench's after seeding with triggers off.
 */
const GIFT_AT = `coalesce(d.received_on::timestamp at time zone 'Asia/Kolkata', d.created_at)`;
export const YEARS_OF = (where: string) => `
  select donor_id, start_year, sum(kept), count(*), min(at), max(at),
         (array_agg(kept order by at desc, id desc))[1], (array_agg(id order by at desc, id desc))[1]
    from (select d.id, d.donor_id, d.amount - d.refunded_amount as kept, ${GIFT_AT} as at,
                 extract(year from (${GIFT_AT}) at time zone 'Asia/Kolkata' - interval '3 months')::smallint as start_year
            from donations d where ${where} and d.status = 'paid' and d.amount > d.refunded_amount) g
   group by donor_id, start_year`;
export const COLUMNS = `(donor_id, start_year, kept, gifts, first_gift_at, last_gift_at, last_gift_amount, last_donation_id)`;

export class Migration20261128050000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "donor_years" (
      "donor_id" int not null,
      "start_year" smallint not null,
      "kept" bigint not null,
      "gifts" int not null,
      "first_gift_at" timestamptz not null,
      "last_gift_at" timestamptz not null,
      "last_gift_amount" int not null,
      "last_donation_id" int not null,
      constraint "donor_years_pkey" primary key ("start_year", "donor_id")
    );`);
    // A donor's years, covered: a segment reads each member's rows from the index alone.
    this.addSql(`create index "donor_years_donor_id_index" on "donor_years" ("donor_id", "start_year")
      include ("kept", "first_gift_at", "last_gift_at", "last_gift_amount", "last_donation_id");`);
    this.addSql(`create function refresh_donor_years(donor integer) returns void language plpgsql as $$
      begin
        perform 1 from donors where id = donor for update;
        delete from donor_years where donor_id = donor;
        insert into donor_years ${COLUMNS} ${YEARS_OF('d.donor_id = donor')};
      end
    $$;`);
    this.addSql(`create function rebuild_donor_years() returns void language sql as $$
      truncate donor_years;
      insert into donor_years ${COLUMNS} ${YEARS_OF('d.donor_id is not null')};
    $$;`);
    this.addSql(`create function donations_donor_years() returns trigger language plpgsql as $$
      begin
        -- A restore copies this table as backed up (platform/db/restore-database.ts): nothing to add for its rows.
        if current_setting('rescue_trust.copying_backup', true) = 'on' then return null; end if;
        if tg_op = 'INSERT' then
          perform refresh_donor_years(new.donor_id);
        elsif tg_op = 'DELETE' then
          perform refresh_donor_years(old.donor_id);
        elsif old.donor_id is not distinct from new.donor_id then
          perform refresh_donor_years(new.donor_id);
        else
          perform refresh_donor_years(d) from unnest(array[old.donor_id, new.donor_id]) d where d is not null order by d;
        end if;
        return null;
      end
    $$;`);
    this.addSql(`create trigger "donations_donor_years_insert" after insert on "donations"
      for each row when (new.donor_id is not null) execute function donations_donor_years();`);
    this.addSql(`create trigger "donations_donor_years_update"
      after update of donor_id, status, amount, refunded_amount, created_at, received_on on "donations"
      for each row when (old.donor_id is not null or new.donor_id is not null) execute function donations_donor_years();`);
    this.addSql(`create trigger "donations_donor_years_delete" after delete on "donations"
      for each row when (old.donor_id is not null) execute function donations_donor_years();`);
    this.addSql(`select rebuild_donor_years();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "donations_donor_years_delete" on "donations";`);
    this.addSql(`drop trigger "donations_donor_years_update" on "donations";`);
    this.addSql(`drop trigger "donations_donor_years_insert" on "donations";`);
    this.addSql(`drop function donations_donor_years();`);
    this.addSql(`drop function rebuild_donor_years();`);
    this.addSql(`drop function refresh_donor_years(integer);`);
    this.addSql(`drop table "donor_years";`);
  }
}
