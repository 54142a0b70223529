import { Migration } from '@mikro-orm/migrations';

/**
 * Donation type, donation status and subscription status take only the values of
 * src/shared/donation-states.ts (CHECK constraints, as MikroORM declares string enums). A
 * subscription starts as Razorpay's 'created', not 'active'.
 */
export class Migration20261122203600 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "donations" add constraint "donations_donation_type_check" check("donation_type" in ('one-time', 'monthly'));`,
    );
    this.addSql(
      `alter table "donations" add constraint "donations_status_check" check("status" in ('pending', 'paid', 'failed', 'expired', 'refunded'));`,
    );
    this.addSql(`alter table "subscriptions" alter column "status" set default 'created';`);
    this.addSql(
      `alter table "subscriptions" add constraint "subscriptions_status_check" check("status" in ('created', 'authenticated', 'active', 'pending', 'halted', 'paused', 'cancelled', 'completed', 'expired'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "subscriptions" drop constraint if exists "subscriptions_status_check";`);
    this.addSql(`alter table "subscriptions" alter column "status" set default 'active';`);
    this.addSql(`alter table "donations" drop constraint if exists "donations_status_check";`);
    this.addSql(`alter table "donations" drop constraint if exists "donations_donation_type_check";`);
  }
}
