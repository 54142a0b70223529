import { ALL_SOME_NONE, HOME_KINDS, YES_NO } from '../../../shared/application-forms.schema';
import { WANTED_SPECIES } from '../../../shared/applications';
import { useMessages } from '../../i18n';
import { TextAreaField, TextField } from '../donate/fields';
import { CheckField, ChoiceField } from './apply-fields';
import {
  HOME_LABELS,
  HOW_MANY_LABELS,
  type KindFieldsProps,
  SPECIES_LABELS,
  useOptions,
  YES_NO_LABELS,
} from './apply-options';

/** Adopt: the home, who lives there, other animals, hours alone, where it sleeps, a vet, the home visit. `askSpecies`: no animal named. */
export function AdoptFields({ values, errors, set, askSpecies }: KindFieldsProps & { askSpecies: boolean }) {
  const t = useMessages();
  const options = useOptions();
  return (
    <>
      {askSpecies ? (
        <ChoiceField
          label={t('apply_wanted_species')}
          value={values.wantedSpecies}
          options={options(WANTED_SPECIES, SPECIES_LABELS)}
          onChange={(value) => set('wantedSpecies', value)}
          error={errors.wantedSpecies}
        />
      ) : null}
      <ChoiceField
        label={t('apply_home')}
        value={values.home}
        options={options(HOME_KINDS, HOME_LABELS)}
        onChange={(value) => set('home', value)}
        error={errors.home}
      />
      {values.home === 'rent' ? (
        <ChoiceField
          label={t('apply_landlord')}
          value={values.landlordAgrees}
          options={options(YES_NO, YES_NO_LABELS)}
          onChange={(value) => set('landlordAgrees', value)}
          error={errors.landlordAgrees}
        />
      ) : null}
      <TextAreaField
        label={t('apply_household')}
        description={t('apply_household_hint')}
        withAsterisk
        aria-required
        rows={3}
        maxLength={1000}
        value={values.household}
        onChange={(event) => set('household', event.currentTarget.value)}
        error={errors.household}
      />
      <TextAreaField
        label={t('apply_other_animals')}
        description={t('apply_other_animals_hint')}
        rows={2}
        maxLength={1000}
        value={values.otherAnimals}
        onChange={(event) => set('otherAnimals', event.currentTarget.value)}
        error={errors.otherAnimals}
      />
      {values.otherAnimals.trim() ? (
        <>
          <ChoiceField
            label={t('apply_other_sterilised')}
            value={values.otherAnimalsSterilised}
            options={options(ALL_SOME_NONE, HOW_MANY_LABELS)}
            onChange={(value) => set('otherAnimalsSterilised', value)}
            error={errors.otherAnimalsSterilised}
          />
          <ChoiceField
            label={t('apply_other_vaccinated')}
            value={values.otherAnimalsVaccinated}
            options={options(ALL_SOME_NONE, HOW_MANY_LABELS)}
            onChange={(value) => set('otherAnimalsVaccinated', value)}
            error={errors.otherAnimalsVaccinated}
          />
        </>
      ) : null}
      <TextField
        label={t('apply_hours_alone')}
        withAsterisk
        aria-required
        inputMode="numeric"
        maxLength={2}
        value={values.hoursAlone}
        onChange={(event) => set('hoursAlone', event.currentTarget.value)}
        error={errors.hoursAlone}
      />
      <TextField
        label={t('apply_sleeps')}
        description={t('apply_sleeps_hint')}
        withAsterisk
        aria-required
        maxLength={300}
        value={values.sleepsWhere}
        onChange={(event) => set('sleepsWhere', event.currentTarget.value)}
        error={errors.sleepsWhere}
      />
      <TextField
        label={t('apply_vet')}
        maxLength={200}
        value={values.vetName}
        onChange={(event) => set('vetName', event.currentTarget.value)}
        error={errors.vetName}
      />
      <CheckField
        label={t('apply_home_visit')}
        checked={values.homeVisit}
        onChange={(checked) => set('homeVisit', checked)}
        error={errors.homeVisit}
      />
    </>
  );
}
