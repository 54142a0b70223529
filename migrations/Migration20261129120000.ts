import { Migration } from '@mikro-orm/migrations';

/**
 * The animals themselves (issue 42): an animal's record with its status and the history of its
 * moves, its vaccinations, the monthly amount it is open for sponsorship at (issue 43); the
 * applications to adopt, foster, volunteer or partner with their steps. An appeal, a donation and a
 * subscription may name their animal: no foreign key there, as gifts sits below the animals wing and
 * its entities cannot name an animal (animals are never deleted, only moved). A partner's offer is
 * kept in `contacts` (the specification's table) and its application points at it. The words in the
 * CHECKs are src/shared/animals.ts's and src/shared/applications.ts's.
 */
export class Migration20261129120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "animals" (
      "id" serial primary key,
      "slug" text not null,
      "name" text not null,
      "species" text check ("species" in ('dog', 'cat')) not null,
      "sex" text check ("sex" in ('male', 'female', 'unknown')) not null default 'unknown',
      "born_on" date null,
      "born_estimated" boolean not null default false,
      "colour" text not null default '',
      "markings" text not null default '',
      "photo_image_ids" jsonb not null default '[]',
      "one_line" text not null default '',
      "story" text not null default '',
      "translations" jsonb not null default '{}',
      "intake_on" date not null,
      "intake_kind" text check ("intake_kind" in ('rescued', 'handed-over', 'sterilisation-drive', 'born-in-care')) not null,
      "locality" text not null default '',
      "condition" text not null default '',
      "special_needs" jsonb not null default '[]',
      "sterilised" boolean not null default false,
      "sterilised_on" date null,
      "good_with_dogs" text check ("good_with_dogs" in ('yes', 'no', 'unknown')) not null default 'unknown',
      "good_with_cats" text check ("good_with_cats" in ('yes', 'no', 'unknown')) not null default 'unknown',
      "good_with_children" text check ("good_with_children" in ('yes', 'no', 'unknown')) not null default 'unknown',
      "house_trained" text check ("house_trained" in ('yes', 'no', 'unknown')) not null default 'unknown',
      "status" text check ("status" in ('in-care', 'adoptable', 'reserved', 'adopted', 'fostered', 'resident', 'returned', 'died')) not null default 'in-care',
      "status_on" date not null,
      "sponsor_monthly_amount" int null,
      "created_by" text not null,
      "created_at" timestamptz not null default now(),
      "updated_by" text not null,
      "updated_at" timestamptz not null default now());`);
    this.addSql(`alter table "animals" add constraint "animals_slug_unique" unique ("slug");`);
    this.addSql(`create index "animals_status_index" on "animals" ("status", "species");`);

    this.addSql(`create table "animal_status_changes" (
      "id" serial primary key,
      "animal_id" int not null,
      "from_status" text check ("from_status" in ('in-care', 'adoptable', 'reserved', 'adopted', 'fostered', 'resident', 'returned', 'died')) null,
      "to_status" text check ("to_status" in ('in-care', 'adoptable', 'reserved', 'adopted', 'fostered', 'resident', 'returned', 'died')) not null,
      "on_date" date not null,
      "note" text not null default '',
      "application_id" int null,
      "recorded_by" text not null,
      "recorded_at" timestamptz not null default now());`);
    this.addSql(
      `create index "animal_status_changes_animal_index" on "animal_status_changes" ("animal_id", "recorded_at");`,
    );
    this.addSql(
      `create index "animal_status_changes_to_status_index" on "animal_status_changes" ("to_status", "on_date");`,
    );

    this.addSql(`create table "animal_vaccinations" (
      "id" serial primary key,
      "animal_id" int not null,
      "given_on" date not null,
      "vaccine" text not null,
      "batch" text not null default '',
      "recorded_by" text not null,
      "recorded_at" timestamptz not null default now());`);
    this.addSql(`create index "animal_vaccinations_animal_index" on "animal_vaccinations" ("animal_id", "given_on");`);

    this.addSql(`alter table "appeals" add column "animal_id" int null;`);
    this.addSql(`create index "appeals_animal_index" on "appeals" ("animal_id") where "animal_id" is not null;`);

    this.addSql(`alter table "donations" add column "animal_id" int null;`);
    this.addSql(
      `create index "donations_animal_id_index" on "donations" ("animal_id", "status") where "animal_id" is not null;`,
    );
    this.addSql(`alter table "subscriptions" add column "animal_id" int null;`);
    this.addSql(
      `create index "subscriptions_animal_id_index" on "subscriptions" ("animal_id", "status") where "animal_id" is not null;`,
    );

    this.addSql(`create table "applications" (
      "id" serial primary key,
      "kind" text check ("kind" in ('adopt', 'foster', 'volunteer', 'partner')) not null,
      "status" text check ("status" in ('new', 'contacted', 'home-visit', 'approved', 'completed', 'declined', 'withdrawn')) not null default 'new',
      "animal_id" int null,
      "wanted_species" text check ("wanted_species" in ('dog', 'cat', 'either')) null,
      "contact_id" int null,
      "name" text not null,
      "email" text not null,
      "phone" text not null default '',
      "language" text check ("language" in ('en', 'ta', 'hi')) not null default 'en',
      "answers" jsonb not null default '{}',
      "assigned_to" int null,
      "created_at" timestamptz not null default now(),
      "status_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now());`);
    this.addSql(`create index "applications_list_index" on "applications" ("kind", "status", "created_at" desc);`);
    this.addSql(
      `create index "applications_waiting_index" on "applications" ("status_at") where "status" in ('new', 'contacted', 'home-visit', 'approved');`,
    );
    this.addSql(
      `create index "applications_animal_index" on "applications" ("animal_id") where "animal_id" is not null;`,
    );
    this.addSql(`create index "applications_email_index" on "applications" (lower("email"));`);

    this.addSql(`create table "application_events" (
      "id" serial primary key,
      "application_id" int not null,
      "kind" text check ("kind" in ('status', 'note', 'assigned', 'mail')) not null,
      "from_status" text check ("from_status" in ('new', 'contacted', 'home-visit', 'approved', 'completed', 'declined', 'withdrawn')) null,
      "to_status" text check ("to_status" in ('new', 'contacted', 'home-visit', 'approved', 'completed', 'declined', 'withdrawn')) null,
      "text" text not null default '',
      "by_user" text not null,
      "at" timestamptz not null default now());`);
    this.addSql(
      `create index "application_events_application_index" on "application_events" ("application_id", "at");`,
    );

    this.addSql(
      `alter table "animal_status_changes" add constraint "animal_status_changes_animal_id_foreign" foreign key ("animal_id") references "animals" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "animal_vaccinations" add constraint "animal_vaccinations_animal_id_foreign" foreign key ("animal_id") references "animals" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "applications" add constraint "applications_animal_id_foreign" foreign key ("animal_id") references "animals" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "applications" add constraint "applications_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "applications" add constraint "applications_assigned_to_foreign" foreign key ("assigned_to") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "application_events" add constraint "application_events_application_id_foreign" foreign key ("application_id") references "applications" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "application_events" cascade;`);
    this.addSql(`drop table if exists "applications" cascade;`);
    this.addSql(`alter table "subscriptions" drop column if exists "animal_id";`);
    this.addSql(`alter table "donations" drop column if exists "animal_id";`);
    this.addSql(`drop index if exists "appeals_animal_index";`);
    this.addSql(`alter table "appeals" drop column if exists "animal_id";`);
    this.addSql(`drop table if exists "animal_vaccinations" cascade;`);
    this.addSql(`drop table if exists "animal_status_changes" cascade;`);
    this.addSql(`drop table if exists "animals" cascade;`);
  }
}
