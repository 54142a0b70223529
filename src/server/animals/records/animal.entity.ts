import { defineEntity, type InferEntity } from '@mikro-orm/core';
import {
  ANIMAL_STATUSES,
  INTAKE_KINDS,
  SEXES,
  SPECIES,
  type SpecialNeed,
  YES_NO_UNKNOWN,
} from '../../../shared/animals';

/** An animal's story and one line in Tamil and Hindi; what is missing is shown in English. */
export type AnimalTranslations = Partial<Record<'ta' | 'hi', { oneLine?: string; story?: string }>>;

/**
 * An animal in the trust's care, as staff keep it. The slug is made from the first name and never
 * changes after (shared links keep working). `bornOn` is a date or, with `bornEstimated`, the date an
 * estimate such as "about 2 years" gives. `status` is where the animal is now and `statusOn` since
 * when; every move is a row of AnimalStatusChange (the animal's timeline). Photo ids are the images
 * feature's, the first one the animal's face on its page and in the list.
 */
export const Animal = defineEntity({
  name: 'Animal',
  tableName: 'animals',
  indexes: [
    // /adopt and the console's list: by status, then species (the family's first filter).
    {
      name: 'animals_status_index',
      expression: 'create index "animals_status_index" on "animals" ("status", "species")',
    },
    // /adopt and the feed: the adoptable animals, those waiting longest first (Migration20261129125000).
    {
      name: 'animals_adoptable_index',
      expression:
        'create index "animals_adoptable_index" on "animals" ("status_on", "id") where "status" = \'adoptable\'',
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    slug: p.text().unique('animals_slug_unique'),
    name: p.text(),
    species: p.enum([...SPECIES]),
    sex: p.enum([...SEXES]).default('unknown'),
    bornOn: p.string().columnType('date').nullable(),
    bornEstimated: p.boolean().default(false),
    colour: p.text().default(''),
    markings: p.text().default(''),
    photoImageIds: p.json<number[]>().columnType('jsonb').defaultRaw(`'[]'`),
    /** One line for the list and the share card, in English. */
    oneLine: p.text().default(''),
    /** Plain paragraphs separated by blank lines, in English; never HTML. */
    story: p.text().default(''),
    translations: p.json<AnimalTranslations>().columnType('jsonb').defaultRaw(`'{}'`),
    intakeOn: p.string().columnType('date'),
    intakeKind: p.enum([...INTAKE_KINDS]),
    locality: p.text().default(''),
    /** Staff's own words about its health; the filterable needs are `specialNeeds`. */
    condition: p.text().default(''),
    specialNeeds: p.json<SpecialNeed[]>().columnType('jsonb').defaultRaw(`'[]'`),
    sterilised: p.boolean().default(false),
    sterilisedOn: p.string().columnType('date').nullable(),
    goodWithDogs: p.enum([...YES_NO_UNKNOWN]).default('unknown'),
    goodWithCats: p.enum([...YES_NO_UNKNOWN]).default('unknown'),
    goodWithChildren: p.enum([...YES_NO_UNKNOWN]).default('unknown'),
    houseTrained: p.enum([...YES_NO_UNKNOWN]).default('unknown'),
    status: p.enum([...ANIMAL_STATUSES]).default('in-care'),
    /** The India day of the latest move (the intake day until the first). */
    statusOn: p.string().columnType('date'),
    /** Open for sponsorship at this monthly amount in paise (₹3,500 by default); null: not open. */
    sponsorMonthlyAmount: p.integer().nullable(),
    createdBy: p.text(),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
    updatedBy: p.text(),
    updatedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});
export type Animal = InferEntity<typeof Animal>;

/**
 * One move of an animal's status: from, to, the day it happened (staff may record a move a few
 * days late), who recorded it and when. An adoption names the application of the family.
 */
export const AnimalStatusChange = defineEntity({
  name: 'AnimalStatusChange',
  tableName: 'animal_status_changes',
  indexes: [
    {
      name: 'animal_status_changes_animal_index',
      expression:
        'create index "animal_status_changes_animal_index" on "animal_status_changes" ("animal_id", "recorded_at")',
    },
    // The impact figures' counts: animals moved to a status since a day.
    {
      name: 'animal_status_changes_to_status_index',
      expression:
        'create index "animal_status_changes_to_status_index" on "animal_status_changes" ("to_status", "on_date")',
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    animal: p.manyToOne(Animal).fieldName('animal_id').deleteRule('cascade'),
    fromStatus: p.enum([...ANIMAL_STATUSES]).nullable(),
    toStatus: p.enum([...ANIMAL_STATUSES]),
    onDate: p.string().columnType('date'),
    note: p.text().default(''),
    applicationId: p.integer().nullable(),
    recordedBy: p.text(),
    recordedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});
export type AnimalStatusChange = InferEntity<typeof AnimalStatusChange>;

/** A vaccination given: the day, the vaccine, its batch number. */
export const AnimalVaccination = defineEntity({
  name: 'AnimalVaccination',
  tableName: 'animal_vaccinations',
  indexes: [
    {
      name: 'animal_vaccinations_animal_index',
      expression: 'create index "animal_vaccinations_animal_index" on "animal_vaccinations" ("animal_id", "given_on")',
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    animal: p.manyToOne(Animal).fieldName('animal_id').deleteRule('cascade'),
    givenOn: p.string().columnType('date'),
    vaccine: p.text(),
    batch: p.text().default(''),
    recordedBy: p.text(),
    recordedAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  }),
});
export type AnimalVaccination = InferEntity<typeof AnimalVaccination>;

export const ANIMAL_ENTITIES = [Animal, AnimalStatusChange, AnimalVaccination];
