import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks: the received events (their id is the de-duplication key), and a link from each
 * later monthly charge's donation row to its subscription.
 */
export class Migration20261122180000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "webhook_events" ("id" text not null, "type" text not null, "received_at" timestamptz not null default now(), "payload" jsonb not null, "outcome" text null, constraint "webhook_events_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "donations" add column "subscription_id" int null;`);
    this.addSql(`create index "donations_subscription_id_index" on "donations" ("subscription_id");`);
    // Reconciliation looks for old pending donations.
    this.addSql(`create index "donations_status_created_at_index" on "donations" ("status", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "donations_status_created_at_index";`);
    this.addSql(`drop index if exists "donations_subscription_id_index";`);
    this.addSql(`alter table "donations" drop column if exists "subscription_id";`);
    this.addSql(`drop table if exists "webhook_events" cascade;`);
  }
}
