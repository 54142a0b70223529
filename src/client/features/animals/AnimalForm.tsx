// Over 250 lines on purpose: one form, every box of an animal's record in the order staff fill it in
// on a phone, bound to one state and one set of the server's field errors; its sections share both.
import {
  Button,
  Card,
  Checkbox,
  Chip,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { SPECIAL_NEEDS, type SpecialNeed, type YesNoUnknown } from '../../../shared/animals';
import { LANGUAGE_NAMES, LANGUAGE_TAGS } from '../../../shared/languages';
import { indiaToday } from '../../../shared/offline-gift.schema';
import { AppealPhotosField } from '../staff/appeals/AppealPhotosField';
import { fieldErrorsOf } from '../staff/appeals/field-errors';
import { DateField } from '../staff/DateField';
import { ErrorMessage } from '../staff/ErrorMessage';
import {
  type AnimalFormValues,
  estimatedBirthday,
  formFieldOf,
  STORY_LANGUAGES,
  type StoryLanguage,
} from './animal-form';
import { INTAKE_LABELS, NEED_LABELS, optionsOf, SEX_LABELS, SPECIES_LABELS, YES_NO_LABELS } from './labels';

type TextField = 'name' | 'colour' | 'markings' | 'oneLine' | 'story' | 'locality' | 'condition';
type YesNoField = 'goodWithDogs' | 'goodWithCats' | 'goodWithChildren' | 'houseTrained';
const YES_NO_FIELDS: [YesNoField, string][] = [
  ['goodWithDogs', 'Good with dogs'],
  ['goodWithCats', 'Good with cats'],
  ['goodWithChildren', 'Good with children'],
  ['houseTrained', 'House-trained'],
];

/**
 * An animal's record as staff write it: who it is, its photos, its one line and story in English,
 * Tamil and Hindi, how it came in, its health and temperament. The same form creates and edits;
 * the server checks everything again and its refusals show under their boxes.
 */
export function AnimalForm({
  initial,
  submitLabel,
  saving,
  error,
  onSave,
  onCancel,
}: {
  initial: AnimalFormValues;
  submitLabel: string;
  saving: boolean;
  error: unknown;
  onSave: (values: AnimalFormValues) => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [language, setLanguage] = useState<'en' | StoryLanguage>('en');
  const set =
    <Field extends keyof AnimalFormValues>(field: Field) =>
    (value: AnimalFormValues[Field]) =>
      setValues((current) => ({ ...current, [field]: value }));
  const errors = fieldErrorsOf(error, formFieldOf);
  const text = (field: TextField) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field)(event.currentTarget.value),
    error: errors[field],
  });
  const translated = (code: StoryLanguage, field: 'oneLine' | 'story') => ({
    lang: LANGUAGE_TAGS[code],
    value: values.translations[code][field],
    error: errors[`translations.${code}.${field}`],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({
        ...current,
        translations: { ...current.translations, [code]: { ...current.translations[code], [field]: value } },
      }));
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave(values);
  };
  const translationErrors = STORY_LANGUAGES.filter((code) =>
    Object.keys(errors).some((key) => key.startsWith(`translations.${code}.`)),
  );

  return (
    <Card withBorder padding="sm" component="form" onSubmit={submit} noValidate aria-label="Animal">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="Name" required maxLength={60} {...text('name')} />
          <Select
            label="Species"
            required
            data={optionsOf(SPECIES_LABELS)}
            value={values.species || null}
            onChange={(value) => set('species')((value ?? '') as AnimalFormValues['species'])}
            error={errors.species}
          />
          <Select
            label="Sex"
            data={optionsOf(SEX_LABELS)}
            value={values.sex}
            allowDeselect={false}
            onChange={(value) => value && set('sex')(value as AnimalFormValues['sex'])}
            error={errors.sex}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <DateField
            label="Born"
            description="The birthday, or the day an estimate comes to"
            value={values.bornOn}
            onChange={set('bornOn')}
            error={errors.bornOn}
          />
          <NumberInput
            label="Or: about how many years old"
            description="Fills in the day, marked as an estimate"
            min={0}
            max={30}
            allowDecimal={false}
            onChange={(years) => {
              if (typeof years !== 'number') return;
              setValues((current) => ({
                ...current,
                bornOn: estimatedBirthday(indiaToday(), years, 0),
                bornEstimated: true,
              }));
            }}
          />
          <Checkbox
            mt={{ base: 0, sm: 'xl' }}
            label="The birthday is an estimate"
            checked={values.bornEstimated}
            onChange={(event) => set('bornEstimated')(event.currentTarget.checked)}
            error={errors.bornEstimated}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Colour" maxLength={120} {...text('colour')} />
          <TextInput label="Markings" maxLength={300} {...text('markings')} />
        </SimpleGrid>
        <AppealPhotosField
          value={values.photoImageIds}
          onChange={set('photoImageIds')}
          error={errors.photoImageIds}
          description="The first is the animal’s face on its page and in the list"
        />
        <SegmentedControl
          aria-label="Language of the one line and the story"
          value={language}
          onChange={(value) => setLanguage(value as typeof language)}
          data={(['en', ...STORY_LANGUAGES] as const).map((code) => ({
            value: code,
            label:
              code !== 'en' && translationErrors.includes(code)
                ? `${LANGUAGE_NAMES[code]} (check)`
                : LANGUAGE_NAMES[code],
          }))}
        />
        {language === 'en' ? (
          <>
            <TextInput
              label="One line"
              description="For the list and the link preview, e.g. “A gentle old dog who loves the beach”"
              maxLength={160}
              {...text('oneLine')}
            />
            <Textarea
              label="The animal’s story"
              description="Plain text: leave an empty line between paragraphs. No HTML."
              autosize
              minRows={4}
              {...text('story')}
            />
          </>
        ) : (
          <Stack gap="sm" key={language}>
            <TextInput
              label={`One line in ${LANGUAGE_NAMES[language]}`}
              description={values.oneLine ? `English: ${values.oneLine}` : 'Left empty, the English one is shown'}
              maxLength={160}
              {...translated(language, 'oneLine')}
            />
            <Textarea
              label={`The story in ${LANGUAGE_NAMES[language]}`}
              description="Left empty, the English story is shown"
              autosize
              minRows={4}
              {...translated(language, 'story')}
            />
          </Stack>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <DateField
            label="Came into care on"
            required
            value={values.intakeOn}
            onChange={set('intakeOn')}
            error={errors.intakeOn}
          />
          <Select
            label="How it came in"
            required
            data={optionsOf(INTAKE_LABELS)}
            value={values.intakeKind || null}
            onChange={(value) => set('intakeKind')((value ?? '') as AnimalFormValues['intakeKind'])}
            error={errors.intakeKind}
          />
          <TextInput label="Locality found" maxLength={120} {...text('locality')} />
        </SimpleGrid>
        <Textarea
          label="Condition"
          description="Its health, in your words"
          autosize
          minRows={2}
          {...text('condition')}
        />
        <Input.Wrapper label="Special needs" error={errors.specialNeeds}>
          <Chip.Group
            multiple
            value={values.specialNeeds}
            onChange={(picked) => set('specialNeeds')(picked as SpecialNeed[])}
          >
            <Group gap="xs" mt={4}>
              {SPECIAL_NEEDS.map((need) => (
                <Chip key={need} value={need} size="sm">
                  {NEED_LABELS[need]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Checkbox
            mt={{ base: 0, sm: 'xl' }}
            label="Sterilised"
            checked={values.sterilised}
            onChange={(event) => set('sterilised')(event.currentTarget.checked)}
          />
          {values.sterilised && (
            <DateField
              label="Sterilised on"
              value={values.sterilisedOn}
              onChange={set('sterilisedOn')}
              error={errors.sterilisedOn}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {YES_NO_FIELDS.map(([field, label]) => (
            <Input.Wrapper key={field} label={label} error={errors[field]}>
              <SegmentedControl
                fullWidth
                aria-label={label}
                value={values[field]}
                onChange={(value) => set(field)(value as YesNoUnknown)}
                data={optionsOf(YES_NO_LABELS)}
              />
            </Input.Wrapper>
          ))}
        </SimpleGrid>
        {Boolean(error) && Object.keys(errors).length === 0 && <ErrorMessage error={error} title="Not saved" />}
        {Object.keys(errors).length > 0 && (
          <ErrorMessage error={new Error('Some boxes need a change: see the messages under them.')} title="Not saved" />
        )}
        <Group>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
