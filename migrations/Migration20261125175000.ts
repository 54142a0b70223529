import { Migration } from '@mikro-orm/migrations';

/**
 * The Settlements page at a million donations: each settlement keeps what its lines add up to
 * (written once, with the lines, in their transaction), so a year's list reads settlements alone;
 * and each online donation the settlement that paid it to the bank, so what is not settled yet is
 * a small partial index rather than every payment checked against every line.
 */
export class Migration20261125175000 extends Migration {
  override async up(): Promise<void> {
    for (const column of ['lines_payments', 'lines_refunds', 'lines_gross', 'lines_fee', 'lines_tax', 'lines_net']) {
      this.addSql(`alter table "settlements" add column "${column}" int null;`);
    }
    this.addSql(`update "settlements" s set
        lines_payments = t.payments, lines_refunds = t.refunds, lines_gross = t.gross,
        lines_fee = t.fee, lines_tax = t.tax, lines_net = t.net
      from (select settlement_id, count(*) filter (where type = 'payment') as payments,
                   count(*) filter (where type = 'refund') as refunds, sum(gross) as gross, sum(fee) as fee,
                   sum(tax) as tax, sum(net) as net
              from settlement_entries group by settlement_id) t
      where t.settlement_id = s.id;`);
    this.addSql(`update "settlements" set lines_payments = 0, lines_refunds = 0, lines_gross = 0, lines_fee = 0,
        lines_tax = 0, lines_net = 0 where entries_fetched_at is not null and lines_payments is null;`);
    this.addSql(`alter table "donations" add column "settlement_id" text null;`);
    this.addSql(`update "donations" d set settlement_id = e.settlement_id
      from settlement_entries e where e.type = 'payment' and e.entity_id = d.razorpay_payment_id;`);
    this.addSql(`create index "donations_unsettled_index" on "donations" ("created_at")
      where "mode" = 'online' and "status" in ('paid', 'refunded') and "razorpay_payment_id" is not null and "settlement_id" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "donations_unsettled_index";`);
    this.addSql(`alter table "donations" drop column "settlement_id";`);
    for (const column of ['lines_net', 'lines_tax', 'lines_fee', 'lines_gross', 'lines_refunds', 'lines_payments']) {
      this.addSql(`alter table "settlements" drop column "${column}";`);
    }
  }
}
