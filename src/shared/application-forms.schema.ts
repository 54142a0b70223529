import { z } from 'zod';
import { SPECIES } from './animals';
import { APPLICATION_KINDS, type ApplicationKind, WANTED_SPECIES } from './applications';
import { LANGUAGES } from './languages';

/**
 * The four public application forms (`/apply/adopt`, `/foster`, `/volunteer`,
 * `/partner`): one zod schema per kind, shared by the page's validation, the procedure
 * (`applications.submit`), `POST /api/applications` and its OpenAPI document. The questions are the
 * ones rescues ask; what is not a person's name, e-mail, phone or language is the application's
 * `answers` (server/animals/applications/submit-application.ts). Every text is bounded and refuses
 * markup and control characters, so nothing stored can ever be read as HTML by a console or a mail.
 * No Node or DOM imports.
 */

/** Control characters have no place in a one-line answer; a long answer keeps its line breaks. */
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;
const NO_CONTROL_BUT_LINES = /^(?:[^\p{Cc}]|[\n\r\t])*$/u;
/** `<` and `>` open and close markup: a person's answer needs neither. */
const NO_MARKUP = /^[^<>]*$/;

const line = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .regex(NO_CONTROL_CHARACTERS, 'Must not contain control characters')
    .regex(NO_MARKUP, 'Must not contain < or >');

const paragraph = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .regex(NO_CONTROL_BUT_LINES, 'Must not contain control characters')
    .regex(NO_MARKUP, 'Must not contain < or >');

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `Must be one of ${values.join(', ')}` });

/** The words the forms offer, one list each (the page's choices, the schema's enums). */
export const HOME_KINDS = ['own', 'rent'] as const;
export const YES_NO = ['yes', 'no'] as const;
/** Other animals at home sterilised / vaccinated: all of them, some, none. */
export const ALL_SOME_NONE = ['all', 'some', 'none'] as const;
export const FOSTER_DURATIONS = ['two-weeks', 'one-month', 'three-months', 'longer'] as const;
export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** An animal's address on the site (`/adopt/<slug>`): lower-case letters and digits joined by dashes. */
export const ANIMAL_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What every form asks: who applies, how to reach them, in which language, and their consent. */
const applicant = {
  name: line(100).min(1, 'Required'),
  // As the donate form (shared/donation.schema.ts): the same e-mail and Indian mobile rules.
  email: z
    .string({ error: 'Must be text' })
    .trim()
    .max(254, 'Must be at most 254 characters')
    .regex(NO_CONTROL_CHARACTERS, 'Must not contain control characters')
    .email('Invalid email'),
  phone: z
    .string({ error: 'Must be text' })
    .trim()
    .min(10, 'Must be at least 10 characters')
    .max(15, 'Must be at most 15 characters')
    .regex(/^[0-9+()\-. ]+$/, 'Use digits, spaces and + ( ) - . only'),
  /** The page's language: the acknowledgement mail and staff's later mails speak it. */
  language: choice(LANGUAGES)
    .default('en')
    .meta({ description: `The applicant's language for mails: ${LANGUAGES.join(', ')} (default en)` }),
  /** "I have read the privacy notice (/privacy)": an application is personal data under the DPDP Act. */
  consent: z.literal(true, { error: 'Please agree to the privacy notice' }),
  /**
   * The honeypot: a field people never see or reach on the form, named like a real one so
   * form-filling bots fill it. Filled, the call answers as a success and stores nothing.
   */
  website: z.string({ error: 'Must be text' }).max(500, 'Must be at most 500 characters').optional(),
};

const adoptObject = z.object({
  kind: z.literal('adopt'),
  ...applicant,
  /** The animal's slug (`?animal=<slug>`); without it, `wantedSpecies` ("any dog or cat that would suit us"). */
  animal: z
    .string({ error: 'Must be text' })
    .trim()
    .max(80, 'Must be at most 80 characters')
    .regex(ANIMAL_SLUG_PATTERN, 'Must be an animal’s address (lower-case letters, digits and dashes)')
    .optional(),
  wantedSpecies: choice(WANTED_SPECIES).optional(),
  home: choice(HOME_KINDS),
  /** Asked when renting: does the landlord allow a dog or cat? */
  landlordAgrees: choice(YES_NO).optional(),
  /** Who lives at home and their ages. */
  household: paragraph(1000).min(1, 'Required'),
  /** Other animals at home ('' for none), and whether they are sterilised and vaccinated. */
  otherAnimals: paragraph(1000).default(''),
  otherAnimalsSterilised: choice(ALL_SOME_NONE).optional(),
  otherAnimalsVaccinated: choice(ALL_SOME_NONE).optional(),
  hoursAlone: z
    .number({ error: 'Must be a number of hours' })
    .int('Must be a whole number of hours')
    .min(0, 'Must be from 0 to 24 hours')
    .max(24, 'Must be from 0 to 24 hours'),
  sleepsWhere: line(300).min(1, 'Required'),
  vetName: line(200).default(''),
  /** Every adoption begins with a home visit: the family must agree to one. */
  homeVisit: z.literal(true, { error: 'A home visit comes before every adoption: please agree to one' }),
});

/**
 * The adoption's answers that depend on each other. Checked even when other fields have problems
 * (`when`), so the form shows every field's problem at once; so `input` may be partly invalid here.
 */
export const adoptApplicationSchema = adoptObject.superRefine(
  (input, context) => {
    const answers = input as Partial<Record<keyof typeof input, unknown>>;
    if (!answers.animal && !answers.wantedSpecies) {
      context.addIssue({ code: 'custom', path: ['wantedSpecies'], message: 'Choose a dog, a cat or either' });
    }
    if (answers.home === 'rent' && !answers.landlordAgrees) {
      context.addIssue({ code: 'custom', path: ['landlordAgrees'], message: 'Say whether your landlord allows it' });
    }
    if (typeof answers.otherAnimals === 'string' && answers.otherAnimals.trim()) {
      if (!answers.otherAnimalsSterilised)
        context.addIssue({ code: 'custom', path: ['otherAnimalsSterilised'], message: 'Required' });
      if (!answers.otherAnimalsVaccinated)
        context.addIssue({ code: 'custom', path: ['otherAnimalsVaccinated'], message: 'Required' });
    }
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);

export const fosterApplicationSchema = z.object({
  kind: z.literal('foster'),
  ...applicant,
  fosterCount: z
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'Must be from 1 to 10')
    .max(10, 'Must be from 1 to 10'),
  fosterSpecies: choice(WANTED_SPECIES),
  fosterDuration: choice(FOSTER_DURATIONS),
  home: choice(HOME_KINDS),
  /** Anything else about the home (other animals, a garden, a balcony): optional. */
  notes: paragraph(1000).default(''),
});

export const volunteerApplicationSchema = z.object({
  kind: z.literal('volunteer'),
  ...applicant,
  days: z
    .array(choice(WEEK_DAYS), { error: 'Must be a list of days' })
    .min(1, 'Choose at least one day')
    .max(7, 'Must be at most 7 days')
    .refine((days) => new Set(days).size === days.length, 'Name each day once'),
  skills: paragraph(1000).min(1, 'Required'),
  languages: line(200).min(1, 'Required'),
});

export const partnerApplicationSchema = z.object({
  kind: z.literal('partner'),
  ...applicant,
  /** The organisation: the `contacts` row's subject. */
  organisation: line(200).min(1, 'Required'),
  /** What it offers: the `contacts` row's message. */
  offer: paragraph(2000).min(1, 'Required'),
});

/** Any of the four, told apart by `kind`. */
export const applicationFormSchema = z.discriminatedUnion(
  'kind',
  [adoptApplicationSchema, fosterApplicationSchema, volunteerApplicationSchema, partnerApplicationSchema],
  { error: 'Must be one of adopt, foster, volunteer, partner' },
);
export type ApplicationForm = z.infer<typeof applicationFormSchema>;
export type ApplicationFormOf<K extends ApplicationKind> = Extract<ApplicationForm, { kind: K }>;

/**
 * The body of `POST /api/applications` and `applications.submit`: every kind's fields in one object
 * (what the OpenAPI document shows: its generator takes objects only), then the kind's own schema
 * and rules over it, its issues reported as they are, so a caller gets the same field messages as
 * the page. A field of another kind is dropped, as any unknown field is.
 */
export const applicationInputSchema = z
  .object({
    ...adoptObject.partial().shape,
    ...fosterApplicationSchema.partial().shape,
    ...volunteerApplicationSchema.partial().shape,
    ...partnerApplicationSchema.partial().shape,
    kind: z.enum(APPLICATION_KINDS, { error: `Must be one of ${APPLICATION_KINDS.join(', ')}` }),
  })
  .transform((value, context) => {
    const parsed = applicationFormSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const { path, message } of parsed.error.issues) context.addIssue({ code: 'custom', path, message });
    return z.NEVER;
  });

/** The schema of each kind, for a page that knows its own. */
export const APPLICATION_FORM_SCHEMAS = {
  adopt: adoptApplicationSchema,
  foster: fosterApplicationSchema,
  volunteer: volunteerApplicationSchema,
  partner: partnerApplicationSchema,
} as const satisfies Record<ApplicationKind, z.ZodType>;

/** What a submitted application answers: its number (a decoy's points at nothing). */
export const applicationReceivedSchema = z.object({ id: z.number().int(), kind: z.enum(APPLICATION_KINDS) });
export type ApplicationReceived = z.infer<typeof applicationReceivedSchema>;

/** An animal as the adoption form names it (`?animal=<slug>`): whether it is still looking for a home. */
export const applicationAnimalSchema = z.object({
  slug: z.string(),
  name: z.string(),
  species: z.enum(SPECIES),
  adoptable: z.boolean(),
});
export type ApplicationAnimal = z.infer<typeof applicationAnimalSchema>;
