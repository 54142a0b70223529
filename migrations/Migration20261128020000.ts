import { Migration } from '@mikro-orm/migrations';

/**
 * The overview's received and refunded figures (console/overview/overview.ts) read from a rollup by India day
 * instead of a pass over every received gift of the last twelve months (about 100,000 rows at a
 * million gifts: the slowest part of the overview). Triggers keep it in the transaction of each
 * write that makes, changes or removes a received (paid or refunded) donation, whatever path
 * writes it; a pending row (the create path's INSERT and UPDATE) fires nothing. A restore copies
 * the table's rows from its backup and sets `rescue_trust.copying_backup`, under which the
 * triggers add nothing (the copied donations would otherwise be counted twice).
 */
export class Migration20261128020000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "donation_day_totals" (
      "day" date not null,
      "kept_count" int not null default 0,
      "kept_amount" bigint not null default 0,
      "returned_count" int not null default 0,
      "returned_amount" bigint not null default 0,
      constraint "donation_day_totals_pkey" primary key ("day")
    );`);
    // One donation's share of its day, with `sign` 1 (it counts) or -1 (it no longer does).
    this.addSql(`create function add_to_donation_day_totals(d donations, sign int) returns void
language sql as $$
  insert into donation_day_totals as t (day, kept_count, kept_amount, returned_count, returned_amount)
  values ((d.created_at at time zone 'Asia/Kolkata')::date,
          sign * (d.status = 'paid')::int,
          sign * case when d.status = 'paid' then d.amount - d.refunded_amount else 0 end,
          sign * (d.status = 'refunded' or d.refunded_amount <> 0)::int,
          sign * case when d.status = 'refunded' then d.amount else d.refunded_amount end)
  on conflict (day) do update set
    kept_count = t.kept_count + excluded.kept_count,
    kept_amount = t.kept_amount + excluded.kept_amount,
    returned_count = t.returned_count + excluded.returned_count,
    returned_amount = t.returned_amount + excluded.returned_amount
$$;`);
    this.addSql(`create function donation_day_totals_follow() returns trigger language plpgsql as $$
begin
  if current_setting('rescue_trust.copying_backup', true) = 'on' then return null; end if;
  if tg_op = 'TRUNCATE' then delete from donation_day_totals; return null; end if;
  if tg_op in ('UPDATE', 'DELETE') and old.status in ('paid', 'refunded') then
    perform add_to_donation_day_totals(old, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status in ('paid', 'refunded') then
    perform add_to_donation_day_totals(new, 1);
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger "donations_day_totals_insert" after insert on "donations" for each row
      when (new.status in ('paid', 'refunded')) execute function donation_day_totals_follow();`);
    this.addSql(`create trigger "donations_day_totals_update"
      after update of "status", "amount", "refunded_amount", "created_at" on "donations" for each row
      when ((old.status in ('paid', 'refunded') or new.status in ('paid', 'refunded'))
        and (old.status, old.amount, old.refunded_amount, old.created_at)
            is distinct from (new.status, new.amount, new.refunded_amount, new.created_at))
      execute function donation_day_totals_follow();`);
    this.addSql(`create trigger "donations_day_totals_delete" after delete on "donations" for each row
      when (old.status in ('paid', 'refunded')) execute function donation_day_totals_follow();`);
    this.addSql(`create trigger "donations_day_totals_truncate" after truncate on "donations"
      for each statement execute function donation_day_totals_follow();`);
    // Counts every received donation again from nothing: the backfill here, and a bulk load that
    // turned the triggers off (scripts/bench-staff.ts).
    this.addSql(`create function rebuild_donation_day_totals() returns void language sql as $$
  delete from donation_day_totals;
  insert into donation_day_totals (day, kept_count, kept_amount, returned_count, returned_amount)
    select (created_at at time zone 'Asia/Kolkata')::date,
           count(*) filter (where status = 'paid'),
           coalesce(sum(amount - refunded_amount) filter (where status = 'paid'), 0),
           count(*) filter (where status = 'refunded' or refunded_amount <> 0),
           coalesce(sum(case when status = 'refunded' then amount else refunded_amount end), 0)
      from donations where status in ('paid', 'refunded') group by 1;
$$;`);
    this.addSql('select rebuild_donation_day_totals();');
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "donations_day_totals_truncate" on "donations";`);
    this.addSql(`drop trigger "donations_day_totals_delete" on "donations";`);
    this.addSql(`drop trigger "donations_day_totals_update" on "donations";`);
    this.addSql(`drop trigger "donations_day_totals_insert" on "donations";`);
    this.addSql('drop function rebuild_donation_day_totals();');
    this.addSql('drop function donation_day_totals_follow();');
    this.addSql('drop function add_to_donation_day_totals(donations, int);');
    this.addSql('drop table "donation_day_totals";');
  }
}
