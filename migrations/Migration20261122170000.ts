import { Migration } from '@mikro-orm/migrations';

/** Razorpay plans, one per monthly amount, so every donor of ₹1,000 a month shares one plan. */
export class Migration20261122170000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "razorpay_plans" ("id" serial primary key, "amount" int not null, "razorpay_plan_id" text not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "razorpay_plans" add constraint "razorpay_plans_amount_unique" unique ("amount");`);
    this.addSql(
      `alter table "razorpay_plans" add constraint "razorpay_plans_razorpay_plan_id_unique" unique ("razorpay_plan_id");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "razorpay_plans" cascade;`);
  }
}
