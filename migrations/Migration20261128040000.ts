import { Migration } from '@mikro-orm/migrations';

/**
 * Monthly donors at risk (monthly-at-risk/): one row per episode of a monthly gift in trouble at
 * Razorpay (`pending`: a charge failed and Razorpay retries; `halted`: the retries ran out), open
 * until the gift is active again or ends. At most one open episode per subscription (the partial
 * unique index), so the donor's mail, keyed by the episode, goes once per episode; a gift that
 * recovers and fails again later opens a new one. `mail_resends` counts staff's resends, each its own mail.
 */
export class Migration20261128040000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "monthly_risk_episodes" (
      "id" serial primary key,
      "subscription_id" int not null,
      "status" text not null,
      "started_at" timestamptz not null default now(),
      "status_changed_at" timestamptz not null default now(),
      "ended_at" timestamptz null,
      "mail_resends" integer not null default 0,
      constraint "monthly_risk_episodes_status_check" check ("status" in ('pending', 'halted'))
    );`);
    this.addSql(
      `alter table "monthly_risk_episodes" add constraint "monthly_risk_episodes_subscription_id_foreign" foreign key ("subscription_id") references "subscriptions" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`create unique index "monthly_risk_episodes_open_unique"
      on "monthly_risk_episodes" ("subscription_id") where "ended_at" is null;`);
    this.addSql(`create index "monthly_risk_episodes_open_started_index"
      on "monthly_risk_episodes" ("started_at") where "ended_at" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "monthly_risk_episodes";`);
  }
}
