import { Migration } from '@mikro-orm/migrations';

/**
 * A mail whose recipient is forgotten once it has been sent (or given up on): the notice that a
 * donor's erasure is complete goes to an address that must not stay in the outbox after it.
 */
export class Migration20261124170000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "mail_outbox" add column "forget_once_sent" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "mail_outbox" drop column "forget_once_sent";`);
  }
}
