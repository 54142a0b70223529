import { FOSTER_DURATIONS, HOME_KINDS, WEEK_DAYS } from '../../../shared/application-forms.schema';
import { WANTED_SPECIES } from '../../../shared/applications';
import { useMessages } from '../../i18n';
import { TextAreaField, TextField } from '../donate/fields';
import { ChoiceField, ManyChoicesField } from './apply-fields';
import {
  DAY_LABELS,
  DURATION_LABELS,
  HOME_LABELS,
  type KindFieldsProps,
  SPECIES_LABELS,
  useOptions,
} from './apply-options';

/** Foster: how many, which animals, for how long, the home. */
export function FosterFields({ values, errors, set }: KindFieldsProps) {
  const t = useMessages();
  const options = useOptions();
  return (
    <>
      <TextField
        label={t('apply_foster_count')}
        withAsterisk
        aria-required
        inputMode="numeric"
        maxLength={2}
        value={values.fosterCount}
        onChange={(event) => set('fosterCount', event.currentTarget.value)}
        error={errors.fosterCount}
      />
      <ChoiceField
        label={t('apply_foster_species')}
        value={values.fosterSpecies}
        options={options(WANTED_SPECIES, SPECIES_LABELS)}
        onChange={(value) => set('fosterSpecies', value)}
        error={errors.fosterSpecies}
      />
      <ChoiceField
        label={t('apply_foster_duration')}
        value={values.fosterDuration}
        options={options(FOSTER_DURATIONS, DURATION_LABELS)}
        onChange={(value) => set('fosterDuration', value)}
        error={errors.fosterDuration}
      />
      <ChoiceField
        label={t('apply_home')}
        value={values.home}
        options={options(HOME_KINDS, HOME_LABELS)}
        onChange={(value) => set('home', value)}
        error={errors.home}
      />
      <TextAreaField
        label={t('apply_foster_notes')}
        description={t('apply_foster_notes_hint')}
        rows={3}
        maxLength={1000}
        value={values.notes}
        onChange={(event) => set('notes', event.currentTarget.value)}
        error={errors.notes}
      />
    </>
  );
}

/** Volunteer: the days, what they would do, the languages they speak. */
export function VolunteerFields({ values, errors, set }: KindFieldsProps) {
  const t = useMessages();
  const options = useOptions();
  return (
    <>
      <ManyChoicesField
        label={t('apply_days')}
        values={values.days}
        options={options(WEEK_DAYS, DAY_LABELS)}
        onChange={(days) => set('days', days)}
        error={errors.days}
      />
      <TextAreaField
        label={t('apply_skills')}
        description={t('apply_skills_hint')}
        withAsterisk
        aria-required
        rows={3}
        maxLength={1000}
        value={values.skills}
        onChange={(event) => set('skills', event.currentTarget.value)}
        error={errors.skills}
      />
      <TextField
        label={t('apply_languages')}
        description={t('apply_languages_hint')}
        withAsterisk
        aria-required
        maxLength={200}
        value={values.languages}
        onChange={(event) => set('languages', event.currentTarget.value)}
        error={errors.languages}
      />
    </>
  );
}

/** Partner: the organisation and what it offers (kept as a contact too). */
export function PartnerFields({ values, errors, set }: KindFieldsProps) {
  const t = useMessages();
  return (
    <>
      <TextField
        label={t('apply_organisation')}
        withAsterisk
        aria-required
        autoComplete="organization"
        maxLength={200}
        value={values.organisation}
        onChange={(event) => set('organisation', event.currentTarget.value)}
        error={errors.organisation}
      />
      <TextAreaField
        label={t('apply_offer')}
        withAsterisk
        aria-required
        rows={5}
        maxLength={2000}
        value={values.offer}
        onChange={(event) => set('offer', event.currentTarget.value)}
        error={errors.offer}
      />
    </>
  );
}
