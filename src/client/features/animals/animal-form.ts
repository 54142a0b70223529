import type { AnimalFields, AnimalFieldsInput } from '../../../shared/animal-record.schema';
import type { IntakeKind, Sex, SpecialNeed, Species, YesNoUnknown } from '../../../shared/animals';

/** The languages the one line and the story are translated into (English is the record's own). */
export const STORY_LANGUAGES = ['ta', 'hi'] as const;
export type StoryLanguage = (typeof STORY_LANGUAGES)[number];
type Texts = { oneLine: string; story: string };

/** What the animal form holds: text as typed, turned into the procedure's input on save. */
export interface AnimalFormValues {
  name: string;
  species: Species | '';
  sex: Sex;
  bornOn: string;
  bornEstimated: boolean;
  colour: string;
  markings: string;
  photoImageIds: number[];
  oneLine: string;
  story: string;
  translations: Record<StoryLanguage, Texts>;
  intakeOn: string;
  intakeKind: IntakeKind | '';
  locality: string;
  condition: string;
  specialNeeds: SpecialNeed[];
  sterilised: boolean;
  sterilisedOn: string;
  goodWithDogs: YesNoUnknown;
  goodWithCats: YesNoUnknown;
  goodWithChildren: YesNoUnknown;
  houseTrained: YesNoUnknown;
}

const noTexts = (): Texts => ({ oneLine: '', story: '' });

export const emptyAnimal = (today: string): AnimalFormValues => ({
  name: '',
  species: '',
  sex: 'unknown',
  bornOn: '',
  bornEstimated: false,
  colour: '',
  markings: '',
  photoImageIds: [],
  oneLine: '',
  story: '',
  translations: { ta: noTexts(), hi: noTexts() },
  intakeOn: today,
  intakeKind: '',
  locality: '',
  condition: '',
  specialNeeds: [],
  sterilised: false,
  sterilisedOn: '',
  goodWithDogs: 'unknown',
  goodWithCats: 'unknown',
  goodWithChildren: 'unknown',
  houseTrained: 'unknown',
});

/** A stored record (staff.animals.get's `fields`) as the form edits it. */
export function formValuesOf(fields: AnimalFields): AnimalFormValues {
  const translations = { ta: noTexts(), hi: noTexts() };
  for (const language of STORY_LANGUAGES) {
    translations[language] = {
      oneLine: fields.translations?.[language]?.oneLine ?? '',
      story: fields.translations?.[language]?.story ?? '',
    };
  }
  return {
    ...fields,
    bornOn: fields.bornOn ?? '',
    sterilisedOn: fields.sterilisedOn ?? '',
    translations,
  };
}

/** "About 2 years" → the day it comes to, counted back from today (`YYYY-MM-DD`). */
export function estimatedBirthday(today: string, years: number, months: number): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year - years, month - 1 - months, Math.min(day, 28)));
  return date.toISOString().slice(0, 10);
}

/** The procedure's input: blank boxes as absent, so the schema names what is missing. */
export function animalInputOf(values: AnimalFormValues): AnimalFieldsInput {
  const translations: Partial<Record<StoryLanguage, Partial<Texts>>> = {};
  for (const language of STORY_LANGUAGES) {
    const given = Object.entries(values.translations[language]).filter(([, text]) => text.trim() !== '');
    if (given.length > 0) translations[language] = Object.fromEntries(given);
  }
  return {
    ...values,
    species: (values.species || undefined) as Species,
    intakeKind: (values.intakeKind || undefined) as IntakeKind,
    bornOn: values.bornOn || undefined,
    sterilisedOn: values.sterilised ? values.sterilisedOn || undefined : undefined,
    translations,
  };
}

/** The form's box a schema path belongs to (`fields.translations.ta.story` → `translations.ta.story`). */
export function formFieldOf(path: string): string {
  const own = path.startsWith('fields.') ? path.slice('fields.'.length) : path;
  if (own.startsWith('translations.')) return own.split('.').slice(0, 3).join('.');
  return own.split('.')[0] ?? own;
}
