import { Migration } from '@mikro-orm/migrations';

/** The data model of the specification: users, donations, contacts, subscriptions. */
export class Migration20261122164143 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "contacts" ("id" serial primary key, "name" text not null, "email" text not null, "subject" text not null, "message" text not null, "created_at" timestamptz not null default now());`,
    );

    this.addSql(
      `create table "donations" ("id" serial primary key, "name" text not null, "email" text not null, "phone" text not null, "amount" int not null, "donation_type" text not null, "purpose" text null, "razorpay_order_id" text null, "razorpay_payment_id" text null, "razorpay_signature" text null, "status" text not null default 'pending', "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "donations_razorpay_order_id_index" on "donations" ("razorpay_order_id");`);
    this.addSql(
      `alter table "donations" add constraint "donations_razorpay_payment_id_unique" unique ("razorpay_payment_id");`,
    );

    this.addSql(
      `create table "subscriptions" ("id" serial primary key, "donation_id" int null, "razorpay_subscription_id" text null, "razorpay_plan_id" text null, "status" text not null default 'active', "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "subscriptions_donation_id_index" on "subscriptions" ("donation_id");`);
    this.addSql(
      `alter table "subscriptions" add constraint "subscriptions_razorpay_subscription_id_unique" unique ("razorpay_subscription_id");`,
    );

    this.addSql(`create table "users" ("id" serial primary key, "username" text not null, "password" text not null);`);
    this.addSql(`alter table "users" add constraint "users_username_unique" unique ("username");`);

    this.addSql(
      `alter table "subscriptions" add constraint "subscriptions_donation_id_foreign" foreign key ("donation_id") references "donations" ("id") on update cascade on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "subscriptions" cascade;`);
    this.addSql(`drop table if exists "donations" cascade;`);
    this.addSql(`drop table if exists "contacts" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
  }
}
