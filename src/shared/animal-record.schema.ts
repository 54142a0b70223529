import { z } from 'zod';
import {
  ANIMAL_STATUSES,
  type AnimalStatus,
  INTAKE_KINDS,
  type IntakeKind,
  SEXES,
  type Sex,
  SPECIAL_NEEDS,
  SPECIES,
  type SpecialNeed,
  type Species,
  YES_NO_UNKNOWN,
  type YesNoUnknown,
} from './animals';
import { imageIdSchema, plainText } from './appeals.schema';
import { calendarDaySchema, indiaToday } from './offline-gift.schema';
import { rowIdSchema } from './row-id';

/**
 * An animal's record as staff write it in the console (issue 42 item 1): one schema for the
 * console's form, the procedures (`staff.animals.*`) and their tests. Texts are plain (no HTML),
 * every length bounded; dates are India days, never in the future. No Node or DOM imports.
 */

export const MAX_ANIMAL_PHOTOS = 12;

/** An empty box is no value: the form sends '' for a field left blank. */
const optional = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional())
    .optional();

const pastDay = calendarDaySchema.refine((day) => day <= indiaToday(), 'must not be in the future');

const nameSchema = plainText(60, { multiline: false }).min(1, 'must not be empty');
const oneLineSchema = plainText(160, { multiline: false });
const storySchema = plainText(10_000, { multiline: true });
const shortLine = (max: number) => plainText(max, { multiline: false });

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

/** The one line and the story in Tamil and Hindi; a language or a text left out is shown in English. */
export const animalTranslationsSchema = z
  .object({
    ta: z
      .object({ oneLine: optional(oneLineSchema), story: optional(storySchema) })
      .strict()
      .optional(),
    hi: z
      .object({ oneLine: optional(oneLineSchema), story: optional(storySchema) })
      .strict()
      .optional(),
  })
  .strict()
  .default({});
export type AnimalTranslationsInput = z.infer<typeof animalTranslationsSchema>;

/** What staff write for an animal, on creation and on every edit (the whole record each time). */
export const animalFieldsSchema = z
  .object({
    name: nameSchema,
    species: choice(SPECIES),
    sex: choice(SEXES).default('unknown'),
    /** The birthday, or with `bornEstimated` the day an estimate such as "about 2 years" gives. */
    bornOn: optional(pastDay),
    bornEstimated: z.boolean({ error: 'must be true or false' }).default(false),
    colour: shortLine(120).default(''),
    markings: shortLine(300).default(''),
    /** In order; the first is the animal's face on its page and in the list. */
    photoImageIds: z
      .array(imageIdSchema)
      .max(MAX_ANIMAL_PHOTOS, `must be at most ${MAX_ANIMAL_PHOTOS} photos`)
      .refine((ids) => new Set(ids).size === ids.length, 'must not list a photo twice')
      .default([]),
    oneLine: oneLineSchema.default(''),
    /** Plain paragraphs separated by a blank line. */
    story: storySchema.default(''),
    translations: animalTranslationsSchema,
    intakeOn: pastDay,
    intakeKind: choice(INTAKE_KINDS),
    locality: shortLine(120).default(''),
    condition: plainText(2_000, { multiline: true }).default(''),
    specialNeeds: z
      .array(choice(SPECIAL_NEEDS))
      .refine((needs) => new Set(needs).size === needs.length, 'must not list a need twice')
      .default([]),
    sterilised: z.boolean({ error: 'must be true or false' }).default(false),
    sterilisedOn: optional(pastDay),
    goodWithDogs: choice(YES_NO_UNKNOWN).default('unknown'),
    goodWithCats: choice(YES_NO_UNKNOWN).default('unknown'),
    goodWithChildren: choice(YES_NO_UNKNOWN).default('unknown'),
    houseTrained: choice(YES_NO_UNKNOWN).default('unknown'),
  })
  .strict()
  .superRefine((fields, context) => {
    if (fields.sterilisedOn !== undefined && !fields.sterilised)
      context.addIssue({ code: 'custom', path: ['sterilisedOn'], message: 'is only for a sterilised animal' });
    if (fields.bornOn !== undefined && fields.bornOn > fields.intakeOn && fields.intakeKind !== 'born-in-care')
      context.addIssue({ code: 'custom', path: ['bornOn'], message: 'must not be after the intake day' });
    if (fields.bornEstimated && fields.bornOn === undefined)
      context.addIssue({ code: 'custom', path: ['bornOn'], message: 'must give the day the estimate comes to' });
  });
export type AnimalFields = z.infer<typeof animalFieldsSchema>;
export type AnimalFieldsInput = z.input<typeof animalFieldsSchema>;

const animalId = rowIdSchema('Must be an animal’s number');
export const animalIdInputSchema = z.object({ id: animalId }).strict();
export const animalEditInputSchema = z.object({ id: animalId, fields: animalFieldsSchema }).strict();
export type AnimalEditInput = z.infer<typeof animalEditInputSchema>;

export const ANIMALS_PAGE_SIZE = 50;

/** The console's list: by status and species (the index), a name searched in, a page at a time. */
export const animalListInputSchema = z
  .object({
    status: optional(choice(ANIMAL_STATUSES)),
    species: optional(choice(SPECIES)),
    search: optional(z.string().trim().max(60, 'must be at most 60 characters')),
    page: z.number().int().min(1).max(10_000).default(1),
  })
  .strict()
  .default({ page: 1 });
export type AnimalListInput = z.input<typeof animalListInputSchema>;

/** A status move from the console: the target among the allowed moves, the day, a note. */
export const animalMoveInputSchema = z
  .object({
    animalId,
    to: choice(ANIMAL_STATUSES),
    onDate: pastDay,
    note: plainText(500, { multiline: true }).default(''),
  })
  .strict();
export type AnimalMoveInput = z.infer<typeof animalMoveInputSchema>;

export const vaccinationAddInputSchema = z
  .object({
    animalId,
    givenOn: pastDay,
    vaccine: plainText(80, { multiline: false }).min(2, 'must be at least 2 characters'),
    batch: plainText(60, { multiline: false }).default(''),
  })
  .strict();
export type VaccinationAddInput = z.infer<typeof vaccinationAddInputSchema>;
export const vaccinationRemoveInputSchema = z
  .object({ animalId, id: rowIdSchema('Must be a vaccination’s number') })
  .strict();

/** One row of the console's list. */
export interface AnimalListRow {
  id: number;
  slug: string;
  name: string;
  species: Species;
  sex: Sex;
  status: AnimalStatus;
  statusOn: string;
  intakeOn: string;
  photoImageId: number | null;
}

export interface AnimalList {
  rows: AnimalListRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** One line of an animal's timeline, oldest first. */
export type AnimalTimelineEntry =
  | { kind: 'intake'; on: string; intakeKind: IntakeKind; locality: string }
  | {
      kind: 'status';
      on: string;
      from: AnimalStatus | null;
      to: AnimalStatus;
      note: string;
      by: string;
      applicationId: number | null;
    }
  | { kind: 'vaccination'; on: string; id: number; vaccine: string; batch: string; by: string }
  | { kind: 'sterilised'; on: string }
  | { kind: 'appeal'; on: string; id: number; title: string; slug: string; status: string };

/** An animal as the console's page shows and its form edits it. */
export interface StaffAnimal {
  id: number;
  slug: string;
  fields: AnimalFields;
  status: AnimalStatus;
  statusOn: string;
  sponsorMonthlyAmount: number | null;
  createdBy: string;
  createdAt: string;
  updatedBy: string;
  updatedAt: string;
  vaccinations: { id: number; givenOn: string; vaccine: string; batch: string; recordedBy: string }[];
  appeals: { id: number; slug: string; title: string; status: string }[];
  timeline: AnimalTimelineEntry[];
}

export type { SpecialNeed, YesNoUnknown };
