import { defineEntity, type InferEntity } from '@mikro-orm/core';
import {
  APPEAL_PURPOSE_CLASSES,
  APPEAL_STATUSES,
  type AppealTranslations,
  type AppealUpdateTranslations,
} from '../../../shared/appeals.schema';

/**
 * An appeal for one animal: its story, photos and goal, written by staff. The slug is made from the
 * first title and never changes after (shared links keep working when the title is edited). Image
 * ids are the images feature's; the goal is in paise. Status moves forward only:
 * draft → published → closed (closed stays readable and takes no gifts).
 */
export const Appeal = defineEntity({
  name: 'Appeal',
  tableName: 'appeals',
  indexes: [
    { properties: ['status'], name: 'appeals_status_index' },
    // An animal's page links its appeals (animals/records/). No foreign key: gifts sits below the
    // animals wing and cannot name its entity; animals are never deleted, only moved (died, adopted).
    {
      name: 'appeals_animal_index',
      expression: 'create index "appeals_animal_index" on "appeals" ("animal_id") where "animal_id" is not null',
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    slug: p.text().unique('appeals_slug_unique'),
    title: p.text(),
    /** Plain paragraphs separated by blank lines; never HTML (shared/appeals.schema.ts). */
    story: p.text(),
    goal: p.integer(),
    /** The last India day gifts are taken, inclusive. */
    endsOn: p.string().columnType('date').nullable(),
    /** How the statement of donations classes the appeal's gifts. */
    purposeClass: p.enum([...APPEAL_PURPOSE_CLASSES]).default('specific-grant'),
    status: p.enum([...APPEAL_STATUSES]).default('draft'),
    /** Where money beyond the goal goes, in the trust's words; null: the default sentence. */
    beyondGoal: p.text().nullable(),
    photoImageIds: p.json<number[]>().columnType('jsonb').defaultRaw(`'[]'`),
    /** A YouTube or Vimeo address, stored in its canonical form. */
    videoUrl: p.text().nullable(),
    vetBillImageId: p.integer().nullable(),
    /** The animal the appeal is for (animals.id), when it has a record. */
    animalId: p.integer().nullable(),
    createdBy: p.text(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    updatedBy: p.text(),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    publishedAt: p.datetime().columnType('timestamptz').nullable(),
    closedAt: p.datetime().columnType('timestamptz').nullable(),
    /** The title, story and beyond-goal text in Tamil and Hindi (`{ ta: { title } }`); what is missing is shown in English. */
    translations: p.json<AppealTranslations>().columnType('jsonb').defaultRaw(`'{}'`),
  }),
});
export type Appeal = InferEntity<typeof Appeal>;

/** A short update staff post on an appeal (text and an optional photo), mailed to its donors if they chose. */
export const AppealUpdate = defineEntity({
  name: 'AppealUpdate',
  tableName: 'appeal_updates',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    appeal: p.manyToOne(Appeal).fieldName('appeal_id').index('appeal_updates_appeal_id_index'),
    text: p.text(),
    photoImageId: p.integer().nullable(),
    postedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    postedBy: p.text(),
    /** Whether staff had it mailed to the appeal's donors, and to how many. */
    mailed: p.boolean().default(false),
    mailedCount: p.integer().default(0),
    /** The text in Tamil and Hindi (`{ hi: { text } }`); what is missing is shown in English. */
    translations: p.json<AppealUpdateTranslations>().columnType('jsonb').defaultRaw(`'{}'`),
  }),
});
export type AppealUpdate = InferEntity<typeof AppealUpdate>;

/**
 * A donor who asked for no more updates of one appeal, or of every appeal (no appeal), by a keyed
 * hash of the normalised e-mail (gifts/appeals/unsubscribe-token.ts), so the table keeps no address: an
 * erasure has nothing to remove here. Once per hash and appeal, and once per hash for "all"
 * (two partial unique indexes, Migration20261127140000).
 */
export const AppealUnsubscribe = defineEntity({
  name: 'AppealUnsubscribe',
  tableName: 'appeal_update_unsubscribes',
  uniques: [
    {
      name: 'appeal_update_unsubscribes_all_unique',
      expression:
        'create unique index "appeal_update_unsubscribes_all_unique" on "appeal_update_unsubscribes" ("email_hash") where "appeal_id" is null',
    },
    {
      name: 'appeal_update_unsubscribes_appeal_unique',
      expression:
        'create unique index "appeal_update_unsubscribes_appeal_unique" on "appeal_update_unsubscribes" ("email_hash", "appeal_id") where "appeal_id" is not null',
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    emailHash: p.text(),
    appeal: p.manyToOne(Appeal).fieldName('appeal_id').nullable().deleteRule('cascade'),
    unsubscribedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});
export type AppealUnsubscribe = InferEntity<typeof AppealUnsubscribe>;

export const APPEAL_ENTITIES = [Appeal, AppealUpdate, AppealUnsubscribe];
