/** What the forms' questions share: their props, and each choice's label (messages/apply/). */
import type {
  ALL_SOME_NONE,
  FOSTER_DURATIONS,
  HOME_KINDS,
  WEEK_DAYS,
  YES_NO,
} from '../../../shared/application-forms.schema';
import type { WANTED_SPECIES } from '../../../shared/applications';
import { type MessageKey, useMessages } from '../../i18n';
import type { ApplyValues } from './form-values';
import type { FieldErrors } from './validate-application';

/** What each kind's questions get from the form: its values, its errors, and how to change one. */
export interface KindFieldsProps {
  values: ApplyValues;
  errors: FieldErrors;
  set: <K extends keyof ApplyValues>(key: K, value: ApplyValues[K]) => void;
}

export const HOME_LABELS: Record<(typeof HOME_KINDS)[number], LabelKey> = {
  own: 'apply_home_own',
  rent: 'apply_home_rent',
};
export const YES_NO_LABELS: Record<(typeof YES_NO)[number], LabelKey> = { yes: 'apply_yes', no: 'apply_no' };
export const HOW_MANY_LABELS: Record<(typeof ALL_SOME_NONE)[number], LabelKey> = {
  all: 'apply_all',
  some: 'apply_some',
  none: 'apply_none',
};
export const SPECIES_LABELS: Record<(typeof WANTED_SPECIES)[number], LabelKey> = {
  dog: 'apply_species_dog',
  cat: 'apply_species_cat',
  either: 'apply_species_either',
};
export const DURATION_LABELS: Record<(typeof FOSTER_DURATIONS)[number], LabelKey> = {
  'two-weeks': 'apply_duration_two_weeks',
  'one-month': 'apply_duration_one_month',
  'three-months': 'apply_duration_three_months',
  longer: 'apply_duration_longer',
};
export const DAY_LABELS: Record<(typeof WEEK_DAYS)[number], LabelKey> = {
  mon: 'apply_day_mon',
  tue: 'apply_day_tue',
  wed: 'apply_day_wed',
  thu: 'apply_day_thu',
  fri: 'apply_day_fri',
  sat: 'apply_day_sat',
  sun: 'apply_day_sun',
};

/** Every label here is a message without inputs. */
type LabelKey = Extract<MessageKey, `apply_${string}`>;

/** The choices of a list, each with its label in the page's language. */
export function useOptions() {
  const t = useMessages();
  const say = t as (key: LabelKey) => string;
  return <T extends string>(values: readonly T[], labels: Record<T, LabelKey>) =>
    values.map((value) => ({ value, label: say(labels[value]) }));
}
