import { Migration } from '@mikro-orm/migrations';

/**
 * Unsubscribing from one appeal's updates, not only from all of them: a row now names the appeal,
 * or none for "every appeal" (every row before this one means that: they were all "all"). One row per
 * address hash and appeal, and one per hash for "all"; a row goes with its appeal.
 */
export class Migration20261127140000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "appeal_update_unsubscribes" drop constraint "appeal_update_unsubscribes_pkey";`);
    this.addSql(
      `alter table "appeal_update_unsubscribes" add column "id" serial primary key, add column "appeal_id" int null;`,
    );
    this.addSql(
      `alter table "appeal_update_unsubscribes" add constraint "appeal_update_unsubscribes_appeal_id_foreign" foreign key ("appeal_id") references "appeals" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create unique index "appeal_update_unsubscribes_all_unique" on "appeal_update_unsubscribes" ("email_hash") where "appeal_id" is null;`,
    );
    this.addSql(
      `create unique index "appeal_update_unsubscribes_appeal_unique" on "appeal_update_unsubscribes" ("email_hash", "appeal_id") where "appeal_id" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "appeal_update_unsubscribes" where "appeal_id" is not null;`);
    this.addSql(`drop index "appeal_update_unsubscribes_appeal_unique";`);
    this.addSql(`drop index "appeal_update_unsubscribes_all_unique";`);
    this.addSql(`alter table "appeal_update_unsubscribes" drop column "appeal_id", drop column "id";`);
    this.addSql(`alter table "appeal_update_unsubscribes" add primary key ("email_hash");`);
  }
}
