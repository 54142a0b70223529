import { Migration } from '@mikro-orm/migrations';

/**
 * An appeal's own texts in Tamil and Hindi (shared/appeals.schema.ts appealTranslationsSchema):
 * `{ "ta": { "title": …, "story": …, "beyondGoal": … }, "hi": { … } }` on the appeal, and
 * `{ "ta": { "text": … } }` on each update. A field left out is shown in English. Every row before
 * it has none.
 */
export class Migration20261125201000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "appeals" add column "translations" jsonb not null default '{}'::jsonb;`);
    this.addSql(`alter table "appeal_updates" add column "translations" jsonb not null default '{}'::jsonb;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "appeal_updates" drop column "translations";`);
    this.addSql(`alter table "appeals" drop column "translations";`);
  }
}
