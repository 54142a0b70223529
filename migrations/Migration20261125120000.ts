import { Migration } from '@mikro-orm/migrations';

/**
 * The console on an old trust (a million donations, ten years of webhooks and receipts): indexes
 * for what it sorts, searches and sums, so a page reads its own rows, not the table.
 *
 * - donations: each sortable column with the id that breaks its ties (amount, name, status), so a
 *   page sorted by one walks an index instead of sorting a million rows; the overview's sums by
 *   status and time read `amount` from the index; one trigram index over name, e-mail and phone
 *   (joined by a character nobody types, U+001F) instead of three, so a search scans one index; the
 *   references staff search by (a UTR, a cheque's number); and the gifts received outside the
 *   website by the day received, with what the overview's money by mode sums.
 * - webhook_events: the payment's order id as a column (generated from the payload), so the
 *   overview's "failed again after a retry" counts from an index alone; and the payload's payment,
 *   refund and subscription ids, so a donation's story (and the refund ledger, and a subscription's
 *   late events) find their events by index; the events that need a look, by time.
 * - subscriptions: newest first (the monthly donors' list).
 * - receipts: the register's search by donor and number.
 */
export class Migration20261125120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index if exists "donations_amount_index";`);
    this.addSql(`create index "donations_amount_index" on "donations" ("amount", "id");`);
    this.addSql(`create index "donations_name_index" on "donations" ("name", "id");`);
    this.addSql(`create index "donations_status_id_index" on "donations" ("status", "id");`);
    this.addSql(`drop index if exists "donations_status_created_at_index";`);
    this.addSql(
      `create index "donations_status_created_at_index" on "donations" ("status", "created_at") include ("amount");`,
    );
    this.addSql(`drop index if exists "donations_name_trgm_index";`);
    this.addSql(`drop index if exists "donations_email_trgm_index";`);
    this.addSql(`drop index if exists "donations_phone_trgm_index";`);
    this.addSql(
      `create index "donations_contact_trgm_index" on "donations" using gin (("name" || chr(31) || "email" || chr(31) || "phone") gin_trgm_ops);`,
    );
    this.addSql(`create index "donations_reference_index" on "donations" ("reference") where "reference" is not null;`);
    this.addSql(
      `create index "donations_received_on_index" on "donations" ("received_on") include ("mode", "status", "amount") where "mode" <> 'online';`,
    );

    this.addSql(
      `alter table "webhook_events" add column "order_id" text generated always as ("payload" #>> '{payload,payment,entity,order_id}') stored;`,
    );
    this.addSql(`create index "webhook_events_order_id_index" on "webhook_events" ("order_id");`);
    this.addSql(
      `create index "webhook_events_failed_order_id_index" on "webhook_events" ("order_id") where "type" = 'payment.failed';`,
    );
    this.addSql(
      `create index "webhook_events_payment_id_index" on "webhook_events" (("payload" #>> '{payload,payment,entity,id}'));`,
    );
    this.addSql(
      `create index "webhook_events_refund_payment_id_index" on "webhook_events" (("payload" #>> '{payload,refund,entity,payment_id}')) where ("payload" #>> '{payload,refund,entity,payment_id}') is not null;`,
    );
    this.addSql(
      `create index "webhook_events_subscription_id_index" on "webhook_events" (("payload" #>> '{payload,subscription,entity,id}')) where ("payload" #>> '{payload,subscription,entity,id}') is not null;`,
    );
    this.addSql(
      `create index "webhook_events_needs_look_index" on "webhook_events" ("received_at") where "outcome" in ('amount_mismatch', 'paid_by_another_payment');`,
    );

    this.addSql(`create index "subscriptions_created_at_index" on "subscriptions" ("created_at", "id");`);

    this.addSql(
      `create index "receipts_donor_trgm_index" on "receipts" using gin (("donor_name" || chr(31) || "donor_email") gin_trgm_ops);`,
    );
    this.addSql(`create index "receipts_number_trgm_index" on "receipts" using gin ("number" gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "receipts_number_trgm_index";`);
    this.addSql(`drop index if exists "receipts_donor_trgm_index";`);
    this.addSql(`drop index if exists "subscriptions_created_at_index";`);
    this.addSql(`drop index if exists "webhook_events_needs_look_index";`);
    this.addSql(`drop index if exists "webhook_events_subscription_id_index";`);
    this.addSql(`drop index if exists "webhook_events_refund_payment_id_index";`);
    this.addSql(`drop index if exists "webhook_events_payment_id_index";`);
    this.addSql(`drop index if exists "webhook_events_failed_order_id_index";`);
    this.addSql(`drop index if exists "webhook_events_order_id_index";`);
    this.addSql(`alter table "webhook_events" drop column "order_id";`);

    this.addSql(`drop index if exists "donations_received_on_index";`);
    this.addSql(`drop index if exists "donations_reference_index";`);
    this.addSql(`drop index if exists "donations_contact_trgm_index";`);
    for (const column of ['name', 'email', 'phone']) {
      this.addSql(`create index "donations_${column}_trgm_index" on "donations" using gin ("${column}" gin_trgm_ops);`);
    }
    this.addSql(`drop index if exists "donations_status_created_at_index";`);
    this.addSql(`create index "donations_status_created_at_index" on "donations" ("status", "created_at");`);
    this.addSql(`drop index if exists "donations_status_id_index";`);
    this.addSql(`drop index if exists "donations_name_index";`);
    this.addSql(`drop index if exists "donations_amount_index";`);
    this.addSql(`create index "donations_amount_index" on "donations" ("amount");`);
  }
}
