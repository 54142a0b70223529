import { Migration } from '@mikro-orm/migrations';

/**
 * Sponsors of a named animal (issue 43 items 2 and 3):
 *
 * - `sponsor_updates`: what staff posted to an animal's sponsors (English, Tamil and Hindi where
 *   written, a photo), when and how many were mailed; the newest is when its sponsors last heard.
 * - `sponsor_update_unsubscribes`: who stopped an animal's updates, by a keyed hash of the e-mail
 *   (never the address), as appeal_update_unsubscribes keeps it.
 * - `sponsor_gateway_tasks`: a pause or resume owed at Razorpay for a sponsor's subscription
 *   (its animal left care; or the sponsor moved the gift to another animal), written in the
 *   transaction that owes it and made after it commits, retried with backoff until Razorpay
 *   answers, so an outage loses none. At most one due per subscription.
 */
export class Migration20261129128000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "sponsor_updates" (
      "id" serial primary key,
      "animal_id" int not null,
      "text" text not null,
      "translations" jsonb not null default '{}',
      "photo_image_id" int null,
      "mailed_count" int not null default 0,
      "posted_by" text not null,
      "posted_at" timestamptz not null default now());`);
    this.addSql(`create index "sponsor_updates_animal_index" on "sponsor_updates" ("animal_id", "posted_at" desc);`);

    this.addSql(`create table "sponsor_update_unsubscribes" (
      "id" serial primary key,
      "email_hash" text not null,
      "animal_id" int not null,
      "unsubscribed_at" timestamptz not null default now());`);
    this.addSql(
      `alter table "sponsor_update_unsubscribes" add constraint "sponsor_update_unsubscribes_unique" unique ("email_hash", "animal_id");`,
    );

    this.addSql(`create table "sponsor_gateway_tasks" (
      "id" serial primary key,
      "subscription_id" int not null,
      "action" text check ("action" in ('pause', 'resume')) not null,
      "status" text check ("status" in ('due', 'done', 'dropped')) not null default 'due',
      "attempts" int not null default 0,
      "next_at" timestamptz not null default now(),
      "last_error" text null,
      "created_at" timestamptz not null default now(),
      "done_at" timestamptz null);`);
    this.addSql(
      `create unique index "sponsor_gateway_tasks_due_unique" on "sponsor_gateway_tasks" ("subscription_id") where "status" = 'due';`,
    );
    this.addSql(
      `create index "sponsor_gateway_tasks_next_index" on "sponsor_gateway_tasks" ("next_at") where "status" = 'due';`,
    );
    this.addSql(
      `alter table "sponsor_updates" add constraint "sponsor_updates_animal_id_foreign" foreign key ("animal_id") references "animals" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "sponsor_update_unsubscribes" add constraint "sponsor_update_unsubscribes_animal_id_foreign" foreign key ("animal_id") references "animals" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "sponsor_gateway_tasks" add constraint "sponsor_gateway_tasks_subscription_id_foreign" foreign key ("subscription_id") references "subscriptions" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sponsor_gateway_tasks";`);
    this.addSql(`drop table if exists "sponsor_update_unsubscribes";`);
    this.addSql(`drop table if exists "sponsor_updates";`);
  }
}
