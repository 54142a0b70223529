import {
  APPEAL_TRANSLATED_FIELDS,
  APPEAL_TRANSLATION_LANGUAGES,
  type AppealTranslatedField,
  type AppealTranslationLanguage,
} from '../../../../shared/appeals.schema';
import { parseRupees } from '../../../../shared/rupees';

/** The appeal's texts in one language, as typed (a blank box: not translated, English shown). */
export type AppealTexts = Record<AppealTranslatedField, string>;
const noTexts = (): AppealTexts => ({ title: '', story: '', beyondGoal: '' });

/** What the appeal form holds: text as typed (the goal in rupees), turned into the procedure's input on save. */
export interface AppealFormValues {
  title: string;
  story: string;
  goalRupees: string;
  endsOn: string;
  purposeClass: 'specific-grant' | 'corpus' | 'others';
  beyondGoal: string;
  /** The photos' image ids, in the order the page shows them. */
  photoImageIds: number[];
  videoUrl: string;
  vetBillImageId: number | null;
  /** The animal the appeal is for (its record under Animals), or none. */
  animalId: number | null;
  /** The title, story and beyond-goal text in Tamil and Hindi. */
  translations: Record<AppealTranslationLanguage, AppealTexts>;
}

const noTranslations = (): AppealFormValues['translations'] => ({ ta: noTexts(), hi: noTexts() });

export const emptyAppeal = (): AppealFormValues => ({
  title: '',
  story: '',
  goalRupees: '',
  endsOn: '',
  purposeClass: 'specific-grant',
  beyondGoal: '',
  photoImageIds: [],
  videoUrl: '',
  vetBillImageId: null,
  animalId: null,
  translations: noTranslations(),
});

/** A stored appeal (staff.appeals.get) as the form edits it. */
export function formValuesOf(appeal: {
  title: string;
  story: string;
  goal: number;
  endsOn: string | null;
  purposeClass: string;
  beyondGoal: string | null;
  photoImageIds: number[];
  videoUrl: string | null;
  vetBillImageId: number | null;
  animalId?: number | null;
  translations?: Partial<Record<AppealTranslationLanguage, Partial<AppealTexts>>> | null;
}): AppealFormValues {
  const translations = noTranslations();
  for (const language of APPEAL_TRANSLATION_LANGUAGES) {
    for (const field of APPEAL_TRANSLATED_FIELDS) {
      translations[language][field] = appeal.translations?.[language]?.[field] ?? '';
    }
  }
  return {
    title: appeal.title,
    story: appeal.story,
    goalRupees: String(appeal.goal / 100),
    endsOn: appeal.endsOn ?? '',
    purposeClass: appeal.purposeClass as AppealFormValues['purposeClass'],
    beyondGoal: appeal.beyondGoal ?? '',
    photoImageIds: appeal.photoImageIds,
    videoUrl: appeal.videoUrl ?? '',
    vetBillImageId: appeal.vetBillImageId,
    animalId: appeal.animalId ?? null,
    translations,
  };
}

/** The texts staff have not translated into each language (a page in it shows the English instead). */
export function missingTranslations(
  values: AppealFormValues,
): Record<AppealTranslationLanguage, AppealTranslatedField[]> {
  const englishGiven = (field: AppealTranslatedField) => values[field].trim() !== '';
  return {
    ta: APPEAL_TRANSLATED_FIELDS.filter((field) => englishGiven(field) && values.translations.ta[field].trim() === ''),
    hi: APPEAL_TRANSLATED_FIELDS.filter((field) => englishGiven(field) && values.translations.hi[field].trim() === ''),
  };
}

/** The translations as the procedure takes them: only the texts given, none at all when nothing is. */
function translationsInput(values: AppealFormValues) {
  const input: Partial<Record<AppealTranslationLanguage, Partial<AppealTexts>>> = {};
  for (const language of APPEAL_TRANSLATION_LANGUAGES) {
    const given = APPEAL_TRANSLATED_FIELDS.filter((field) => values.translations[language][field].trim() !== '');
    if (given.length > 0) {
      input[language] = Object.fromEntries(given.map((field) => [field, values.translations[language][field]]));
    }
  }
  return Object.keys(input).length > 0 ? input : undefined;
}

/**
 * The procedure's input: the goal in paise (left out when it is not an amount, so the schema names
 * it), blank boxes as absent. The server checks it all again with the same schema.
 */
export function appealInputOf(values: AppealFormValues) {
  return {
    title: values.title,
    story: values.story,
    goal: (parseRupees(values.goalRupees) ?? undefined) as number,
    endsOn: values.endsOn || undefined,
    purposeClass: values.purposeClass,
    beyondGoal: values.beyondGoal || undefined,
    photoImageIds: values.photoImageIds,
    videoUrl: values.videoUrl || undefined,
    vetBillImageId: values.vetBillImageId ?? undefined,
    animalId: values.animalId,
    translations: translationsInput(values),
  };
}

/** A translated text's box: `translations.ta.title`. */
export type TranslationField = `translations.${AppealTranslationLanguage}.${AppealTranslatedField}`;
export type AppealFormField = Exclude<keyof AppealFormValues, 'translations'> | TranslationField;

/**
 * The form's field a schema path belongs to (`goal` → the rupees box, `photoImageIds.2` → the
 * photos, `translations.ta.title` → the Tamil title).
 */
export function formFieldOf(path: string): AppealFormField {
  if (path === 'goal') return 'goalRupees';
  if (path.startsWith('translations.')) return path.split('.').slice(0, 3).join('.') as TranslationField;
  return path.split('.')[0] as AppealFormField;
}
