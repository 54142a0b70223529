import { Migration } from '@mikro-orm/migrations';

/**
 * Donors as people (donors/): one row per donor, every gift's `donor_id`, and the rollups the
 * console's donor list sorts by.
 *
 * - `donor_email_key(text)` is the e-mail key of src/server/platform/personal-data/email-key.ts written in SQL (lower
 *   case, trimmed, `+tag` dropped, Gmail's dots dropped, googlemail.com → gmail.com; null when blank):
 *   the backfill below and attach-donor.ts join gifts by it. It MUST give the same answers as
 *   `normaliseEmail` (email-key.test.ts compares them on tricky addresses).
 * - `merged_into_id` is the record this one was merged into, always the surviving root (merge.ts);
 *   its e-mail key stays, so a later gift from that address follows it to the root.
 * - The rollups (gifts kept, in paise, and their count, largest, first and last; the name, e-mail and
 *   phone of the newest gift) are kept by a trigger on `donations`, in the transaction of whatever
 *   write changed a donor's gifts (settling, refunds, bounces, merges, erasure): no write path can
 *   forget them. A gift counts what was kept: paid, less any part refunded (as the overview counts).
 * - The backfill: every paid or refunded online gift, and every gift recorded by staff (any other
 *   mode), gets its donor by e-mail key; a gift recorded without an e-mail is a donor of its own.
 */
const GIFT_AT = `coalesce(received_on::timestamp at time zone 'Asia/Kolkata', created_at)`;

export class Migration20261128030000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function donor_email_key(address text) returns text language sql immutable strict parallel safe as $$
      select case
          when a = '' then null
          when strpos(a, '@') = 0 then a
          else (case when domain in ('gmail.com', 'googlemail.com') then replace(local, '.', '') else local end)
            || '@' || (case when domain = 'googlemail.com' then 'gmail.com' else domain end)
        end
        from (select a, split_part(substring(a from '^(.*)@'), '+', 1) as local, substring(a from '@([^@]*)$') as domain
                from (select lower(regexp_replace(address, '^[\\s\\u00a0\\ufeff]+|[\\s\\u00a0\\ufeff]+$', '', 'g')) as a) trimmed) parts
    $$;`);

    this.addSql(`create table "donors" (
      "id" serial primary key,
      "email_key" text null,
      "merged_into_id" int null,
      "created_at" timestamptz not null default now(),
      "name" text null,
      "email" text null,
      "phone" text null,
      "gift_count" int not null default 0,
      "lifetime_total" bigint not null default 0,
      "largest_gift" int not null default 0,
      "first_gift_at" timestamptz null,
      "last_gift_at" timestamptz null,
      constraint "donors_email_key_unique" unique ("email_key")
    );`);
    this.addSql(
      `alter table "donors" add constraint "donors_merged_into_id_foreign" foreign key ("merged_into_id") references "donors" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `create index "donors_merged_into_id_index" on "donors" ("merged_into_id") where "merged_into_id" is not null;`,
    );
    // The console's list of donors (merged records are not in it), each sort with the id that breaks its ties.
    this.addSql(
      `create index "donors_lifetime_total_index" on "donors" ("lifetime_total", "id") where "merged_into_id" is null;`,
    );
    this.addSql(
      `create index "donors_last_gift_at_index" on "donors" ("last_gift_at" desc nulls last, "id" desc) where "merged_into_id" is null;`,
    );
    this.addSql(
      `create index "donors_gift_count_index" on "donors" ("gift_count", "id") where "merged_into_id" is null;`,
    );
    this.addSql(`create index "donors_name_index" on "donors" ("name", "id") where "merged_into_id" is null;`);

    this.addSql(`alter table "donations" add column "donor_id" int null;`);

    // The backfill, before the trigger exists: one pass, then the rollups once per donor.
    const GIFT = `((mode = 'online' and status in ('paid', 'refunded')) or mode <> 'online')`;
    this.addSql(`insert into donors (email_key, created_at)
      select donor_email_key(email), min(created_at) from donations
       where ${GIFT} and donor_email_key(email) is not null group by 1;`);
    this.addSql(`update donations set donor_id = donors.id from donors
      where ${GIFT} and donors.email_key = donor_email_key(donations.email);`);
    this.addSql(`update donations set donor_id = nextval(pg_get_serial_sequence('donors', 'id'))
      where mode <> 'online' and donor_id is null;`);
    this.addSql(`insert into donors (id, created_at) select donor_id, created_at from donations
      where mode <> 'online' and donor_email_key(email) is null;`);

    this.addSql(
      `alter table "donations" add constraint "donations_donor_id_foreign" foreign key ("donor_id") references "donors" ("id") on update cascade on delete set null;`,
    );
    this.addSql(`create index "donations_donor_id_created_at_index" on "donations" ("donor_id", "created_at");`);

    this.addSql(`create function refresh_donor_rollups(donor integer) returns void language plpgsql as $$
      begin
        -- The donor's row locked first, in a statement of its own: the sums below then see every
        -- gift of a transaction that changed this donor and committed while this one waited.
        perform 1 from donors where id = donor for update;
        update donors set
          (gift_count, lifetime_total, largest_gift, first_gift_at, last_gift_at) = (
            select count(*), coalesce(sum(amount - refunded_amount), 0), coalesce(max(amount - refunded_amount), 0),
                   min(${GIFT_AT}), max(${GIFT_AT})
              from donations where donor_id = donor and status = 'paid' and amount > refunded_amount),
          (name, email, phone) = (
            select name, nullif(email, ''), nullif(phone, '') from donations where donor_id = donor
             order by created_at desc, id desc limit 1)
        where id = donor;
      end
    $$;`);
    this.addSql(`create function donations_donor_rollups() returns trigger language plpgsql as $$
      begin
        -- A restore copies this table as backed up (platform/db/restore-database.ts): nothing to add for its rows.
        if current_setting('rescue_trust.copying_backup', true) = 'on' then return null; end if;
        -- The lower id first, so a gift moved between two donors locks them in one order (no deadlock).
        if tg_op = 'INSERT' then
          perform refresh_donor_rollups(new.donor_id);
        elsif tg_op = 'DELETE' then
          perform refresh_donor_rollups(old.donor_id);
        elsif old.donor_id is not distinct from new.donor_id then
          perform refresh_donor_rollups(new.donor_id);
        else
          perform refresh_donor_rollups(d) from unnest(array[old.donor_id, new.donor_id]) d where d is not null order by d;
        end if;
        return null;
      end
    $$;`);
    this.addSql(`create trigger "donations_donor_rollups_insert" after insert on "donations"
      for each row when (new.donor_id is not null) execute function donations_donor_rollups();`);
    this.addSql(`create trigger "donations_donor_rollups_update"
      after update of donor_id, status, amount, refunded_amount, created_at, received_on, name, email, phone on "donations"
      for each row when (old.donor_id is not null or new.donor_id is not null) execute function donations_donor_rollups();`);
    this.addSql(`create trigger "donations_donor_rollups_delete" after delete on "donations"
      for each row when (old.donor_id is not null) execute function donations_donor_rollups();`);
    this.addSql(`select refresh_donor_rollups(id) from donors;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "donations_donor_rollups_delete" on "donations";`);
    this.addSql(`drop trigger "donations_donor_rollups_update" on "donations";`);
    this.addSql(`drop trigger "donations_donor_rollups_insert" on "donations";`);
    this.addSql(`drop function donations_donor_rollups();`);
    this.addSql(`drop function refresh_donor_rollups(integer);`);
    this.addSql(`alter table "donations" drop column "donor_id";`);
    this.addSql(`drop table "donors";`);
    this.addSql(`drop function donor_email_key(text);`);
  }
}
