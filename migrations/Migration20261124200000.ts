import { Migration } from '@mikro-orm/migrations';

/**
 * A receipt for a gift received outside the website prints the mode's own reference (the cheque's
 * number, bank and date; the transfer's UTR; a cash voucher), kept with the receipt like everything
 * else printed on it, so a later change to the donation changes nothing issued.
 */
export class Migration20261124200000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "receipts" add column "mode_reference" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "receipts" drop column "mode_reference";`);
  }
}
