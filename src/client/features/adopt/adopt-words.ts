import type { AnimalAge } from '../../../shared/adoptable';
import type { Sex, SpecialNeed, Species, YesNoUnknown } from '../../../shared/animals';
import type { Language } from '../../../shared/languages';
import type { MessageKey, Translate } from '../../i18n';
import { indiaDate } from '../appeals/appeal-data';

/** "about 2 years", "8 months", "1 year": an animal's age in the page's language. */
export function ageWords(t: Translate, age: AnimalAge | null): string {
  if (!age) return t('adopt_age_unknown');
  const exact =
    age.unit === 'months'
      ? age.count === 1
        ? t('adopt_age_months_one')
        : t('adopt_age_months', { count: age.count })
      : age.count === 1
        ? t('adopt_age_years_one')
        : t('adopt_age_years', { count: age.count });
  return age.estimated ? t('adopt_age_about', { age: exact }) : exact;
}

const SEX_WORDS: Record<Sex, MessageKey> = {
  male: 'adopt_sex_male',
  female: 'adopt_sex_female',
  unknown: 'adopt_sex_unknown',
};
export const sexWord = (t: Translate, sex: Sex) => t(SEX_WORDS[sex] as 'adopt_sex_male');

export const speciesWord = (t: Translate, species: Species) =>
  t(species === 'dog' ? 'adopt_species_dog' : 'adopt_species_cat');

const YES_NO_WORDS: Record<YesNoUnknown, MessageKey> = {
  yes: 'adopt_yes',
  no: 'adopt_no',
  unknown: 'adopt_not_known',
};
export const yesNoWord = (t: Translate, value: YesNoUnknown) => t(YES_NO_WORDS[value] as 'adopt_yes');

const NEED_WORDS: Record<SpecialNeed, MessageKey> = {
  paralysed: 'adopt_need_paralysed',
  blind: 'adopt_need_blind',
  deaf: 'adopt_need_deaf',
  aged: 'adopt_need_aged',
  'three-legged': 'adopt_need_three_legged',
  'chronic-illness': 'adopt_need_chronic_illness',
  'needs-daily-medication': 'adopt_need_daily_medication',
};
/** A special need in plain words; a word the list does not know yet is shown as staff stored it. */
export const needWord = (t: Translate, need: SpecialNeed) =>
  NEED_WORDS[need] ? t(NEED_WORDS[need] as 'adopt_need_blind') : need;

/** A calendar day (`2026-10-12`) as the page's language writes it (`12 Oct 2026`). */
export const dayWords = (day: string, language: Language) => indiaDate(`${day}T00:00:00+05:30`, language);
