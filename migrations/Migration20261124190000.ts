import { Migration } from '@mikro-orm/migrations';

/**
 * Gifts received outside the website (cheque, demand draft, bank transfer, cash, in kind), kept
 * as donations like the online ones: their mode, when they were received, the mode's own
 * reference, who recorded them, and a key that makes recording (or importing) one twice
 * impossible. A cheque or draft can bounce. Receipts keep the mode they were issued for.
 */
export class Migration20261124190000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "donations" add column "mode" text not null default 'online';`);
    this.addSql(
      `alter table "donations" add constraint "donations_mode_check" check("mode" in ('online', 'cheque', 'demand-draft', 'bank-transfer', 'cash', 'kind'));`,
    );
    this.addSql(`alter table "donations" add column "received_on" date null;`);
    this.addSql(`alter table "donations" add column "reference" text null;`);
    this.addSql(`alter table "donations" add column "bank" text null;`);
    this.addSql(`alter table "donations" add column "instrument_date" date null;`);
    this.addSql(`alter table "donations" add column "kind_description" text null;`);
    this.addSql(`alter table "donations" add column "recorded_by" text null;`);
    this.addSql(`alter table "donations" add column "offline_key" text null;`);
    this.addSql(`alter table "donations" add constraint "donations_offline_key_unique" unique ("offline_key");`);
    this.addSql(`alter table "donations" add column "bounced_at" timestamptz null;`);
    this.addSql(`alter table "donations" add column "bounce_reason" text null;`);
    this.addSql(`alter table "donations" drop constraint if exists "donations_status_check";`);
    this.addSql(
      `alter table "donations" add constraint "donations_status_check" check("status" in ('pending', 'paid', 'failed', 'expired', 'refunded', 'bounced'));`,
    );
    this.addSql(`create index "donations_mode_index" on "donations" ("mode");`);

    this.addSql(`alter table "receipts" add column "mode" text not null default 'online';`);
    this.addSql(
      `alter table "receipts" add constraint "receipts_mode_check" check("mode" in ('online', 'cheque', 'demand-draft', 'bank-transfer', 'cash', 'kind'));`,
    );
    this.addSql(`alter table "receipts" add column "kind_description" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "receipts" drop column "kind_description";`);
    this.addSql(`alter table "receipts" drop column "mode";`);
    this.addSql(`drop index if exists "donations_mode_index";`);
    this.addSql(`alter table "donations" drop constraint if exists "donations_status_check";`);
    this.addSql(
      `alter table "donations" add constraint "donations_status_check" check("status" in ('pending', 'paid', 'failed', 'expired', 'refunded'));`,
    );
    for (const column of [
      'bounce_reason',
      'bounced_at',
      'offline_key',
      'recorded_by',
      'kind_description',
      'instrument_date',
      'bank',
      'reference',
      'received_on',
      'mode',
    ]) {
      this.addSql(`alter table "donations" drop column "${column}";`);
    }
  }
}
