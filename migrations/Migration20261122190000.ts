import { Migration } from '@mikro-orm/migrations';

/**
 * Plans belong to a Razorpay account: a plan made with test (or sandbox) keys does not exist for
 * live keys. Key them by (key id, amount); plans stored before this belong to no known key.
 */
export class Migration20261122190000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "razorpay_plans" add column "key_id" text not null default '';`);
    this.addSql(`alter table "razorpay_plans" alter column "key_id" drop default;`);
    this.addSql(`alter table "razorpay_plans" drop constraint "razorpay_plans_amount_unique";`);
    this.addSql(
      `alter table "razorpay_plans" add constraint "razorpay_plans_key_id_amount_unique" unique ("key_id", "amount");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "razorpay_plans" drop constraint "razorpay_plans_key_id_amount_unique";`);
    this.addSql(`delete from "razorpay_plans" where "key_id" <> '';`);
    this.addSql(`alter table "razorpay_plans" add constraint "razorpay_plans_amount_unique" unique ("amount");`);
    this.addSql(`alter table "razorpay_plans" drop column "key_id";`);
  }
}
