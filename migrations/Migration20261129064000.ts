import { Migration } from '@mikro-orm/migrations';

/**
 * The health list tells a wrong webhook secret from outsiders' noise (console/health/webhook-health.ts):
 * each delivery in the ring says whether a body that failed its signature named one of the trust's
 * own orders, payments or subscriptions (an outsider does not know them), and the newest verified
 * event is found by its time, so a flood of forged requests pushing the ring's verified rows out
 * cannot make it look as if none arrived. The off-site copies' item may be grey (not set up).
 */
export class Migration20261129064000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_deliveries" add column "names_own_payment" boolean not null default false;`);
    this.addSql(`create index "webhook_events_received_at_index" on "webhook_events" ("received_at");`);
    this.addSql(`alter table "health_alerts" drop constraint "health_alerts_state_check";`);
    this.addSql(
      `alter table "health_alerts" add constraint "health_alerts_state_check" check ("state" in ('green', 'amber', 'red', 'grey'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`update "health_alerts" set "state" = 'amber' where "state" = 'grey';`);
    this.addSql(`alter table "health_alerts" drop constraint "health_alerts_state_check";`);
    this.addSql(
      `alter table "health_alerts" add constraint "health_alerts_state_check" check ("state" in ('green', 'amber', 'red'));`,
    );
    this.addSql(`drop index "webhook_events_received_at_index";`);
    this.addSql(`alter table "webhook_deliveries" drop column "names_own_payment";`);
  }
}
