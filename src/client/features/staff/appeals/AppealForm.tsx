import {
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  APPEAL_PURPOSE_CLASS_LABELS,
  APPEAL_PURPOSE_CLASSES,
  APPEAL_TRANSLATION_LANGUAGES,
  type AppealTranslatedField,
  type AppealTranslationLanguage,
  DEFAULT_BEYOND_GOAL,
} from '../../../../shared/appeals.schema';
import { LANGUAGE_NAMES, LANGUAGE_TAGS, type Language } from '../../../../shared/languages';
import { DateField } from '../DateField';
import { ErrorMessage } from '../ErrorMessage';
import { ImageUploadField } from '../images/ImageUploadField';
import { AppealAnimalField } from './AppealAnimalField';
import { AppealPhotosField } from './AppealPhotosField';
import {
  type AppealFormField,
  type AppealFormValues,
  type AppealTexts,
  formFieldOf,
  missingTranslations,
} from './appeal-form';
import { fieldErrorsOf } from './field-errors';
import { FIELD_NAMES, IN_ENGLISH, MISSING, TranslationsSummary } from './TranslationsSummary';

/**
 * An appeal as staff write it: title, the animal's story (plain paragraphs), the goal in rupees, an
 * optional end date, the statement's class, where money beyond the goal goes, photos, a video and
 * the vet's bill. The same form creates and edits; the server checks everything again.
 */
export function AppealForm({
  initial,
  submitLabel,
  saving,
  error,
  onSave,
}: {
  initial: AppealFormValues;
  submitLabel: string;
  saving: boolean;
  error: unknown;
  onSave: (values: AppealFormValues) => void;
}) {
  const [values, setValues] = useState(initial);
  const [language, setLanguage] = useState<'en' | AppealTranslationLanguage>('en');
  const set =
    <Field extends keyof AppealFormValues>(field: Field) =>
    (value: AppealFormValues[Field]) =>
      setValues((current) => ({ ...current, [field]: value }));
  const text = (field: 'title' | 'story' | 'goalRupees' | 'beyondGoal' | 'videoUrl') => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field)(event.currentTarget.value),
  });
  const errors = fieldErrorsOf(error, formFieldOf);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave(values);
  };
  const label = (field: AppealFormField, what: string) => (errors[field] ? `${what} ${errors[field]}` : undefined);
  const missing = missingTranslations(values);
  const setTranslation = (code: AppealTranslationLanguage, field: keyof AppealTexts) => ({
    value: values.translations[code][field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({
        ...current,
        translations: { ...current.translations, [code]: { ...current.translations[code], [field]: value } },
      }));
    },
  });
  /** A translated text's box: its language's `lang`, and "missing — English shown" while empty. */
  const translated = (code: AppealTranslationLanguage, field: AppealTranslatedField) => ({
    lang: LANGUAGE_TAGS[code],
    ...setTranslation(code, field),
    error: label(`translations.${code}.${field}`, `${IN_ENGLISH[code]} ${FIELD_NAMES[field]}`),
  });
  const missingNote = (code: AppealTranslationLanguage, field: AppealTranslatedField) =>
    missing[code].includes(field) ? (
      <Text component="span" size="xs" fw={700}>
        {MISSING}
      </Text>
    ) : null;

  return (
    <Card withBorder padding="sm" component="form" onSubmit={submit} noValidate aria-label="Appeal">
      <Stack gap="sm">
        <TranslationsSummary missing={missing} errors={errors} />
        <SegmentedControl
          aria-label="Language of the texts"
          value={language}
          onChange={(value) => setLanguage(value as typeof language)}
          data={(['en', ...APPEAL_TRANSLATION_LANGUAGES] as Language[]).map((code) => ({
            value: code,
            label:
              code === 'en' || missing[code].length === 0
                ? LANGUAGE_NAMES[code]
                : `${LANGUAGE_NAMES[code]} (${missing[code].length} missing)`,
          }))}
        />
        {language === 'en' ? (
          <>
            <TextInput
              label="Title"
              description="What the link preview and the page say first, e.g. “Bruno was hit by a truck”"
              required
              maxLength={120}
              {...text('title')}
              error={label('title', 'Title')}
            />
            <Textarea
              label="The animal’s story"
              description="Plain text: leave an empty line between paragraphs. No HTML."
              required
              autosize
              minRows={6}
              {...text('story')}
              error={label('story', 'Story')}
            />
          </>
        ) : (
          <Stack gap="sm" key={language} aria-label={`Texts in ${IN_ENGLISH[language]}`}>
            <TextInput
              label={`Title in ${IN_ENGLISH[language]}`}
              description={missingNote(language, 'title') ?? `English: ${values.title}`}
              maxLength={120}
              {...translated(language, 'title')}
            />
            <Textarea
              label={`The animal’s story in ${IN_ENGLISH[language]}`}
              description={
                missingNote(language, 'story') ?? 'Plain text: leave an empty line between paragraphs. No HTML.'
              }
              autosize
              minRows={6}
              {...translated(language, 'story')}
            />
            <TextInput
              label={`Where money beyond the goal goes, in ${IN_ENGLISH[language]}`}
              description={
                missingNote(language, 'beyondGoal') ??
                (values.beyondGoal.trim() === ''
                  ? 'Left empty, the page says the site’s own sentence in this language'
                  : undefined)
              }
              maxLength={500}
              {...translated(language, 'beyondGoal')}
            />
          </Stack>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Goal (₹)"
            required
            inputMode="decimal"
            {...text('goalRupees')}
            error={label('goalRupees', 'Goal')}
          />
          <DateField
            label="Last day of the appeal"
            description="Optional; gifts are taken until the end of this day (India time)"
            value={values.endsOn}
            onChange={set('endsOn')}
            error={label('endsOn', 'End date')}
          />
          <Select
            label="Annual statement class"
            description="How its gifts are reported"
            data={APPEAL_PURPOSE_CLASSES.map((value) => ({ value, label: APPEAL_PURPOSE_CLASS_LABELS[value] }))}
            value={values.purposeClass}
            onChange={(value) => value && set('purposeClass')(value as AppealFormValues['purposeClass'])}
            allowDeselect={false}
            error={label('purposeClass', 'Class')}
          />
        </SimpleGrid>
        <TextInput
          label="Where money beyond the goal goes"
          description={`Left empty, the page says: “${DEFAULT_BEYOND_GOAL}”`}
          maxLength={500}
          {...text('beyondGoal')}
          error={label('beyondGoal', 'This')}
        />
        <AppealAnimalField value={values.animalId} onChange={set('animalId')} error={label('animalId', 'Animal')} />
        <AppealPhotosField
          value={values.photoImageIds}
          onChange={set('photoImageIds')}
          error={label('photoImageIds', 'Photos')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Video (optional)"
            description="A YouTube or Vimeo address"
            type="url"
            {...text('videoUrl')}
            error={label('videoUrl', 'Video')}
          />
          <ImageUploadField
            label="The vet’s bill or estimate (optional)"
            description="A photo donors can check"
            value={values.vetBillImageId}
            onChange={(id) => set('vetBillImageId')(id)}
            error={label('vetBillImageId', 'Bill')}
          />
        </SimpleGrid>
        {Boolean(error) && Object.keys(errors).length === 0 && <ErrorMessage error={error} title="Not saved" />}
        <Group>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
